// Pass: configuration files, each labelled with what kind of configuration it holds.

import { isEnvExample } from './env-vars.ts';
import { baseName, type Sources } from './sources.ts';
import type { ConfigInfo } from './types.ts';

const KINDS: [RegExp, string][] = [
  [/^tsconfig(\.[\w-]+)?\.json$|^jsconfig\.json$/, 'TypeScript compiler'],
  [
    /^(vite|vitest|webpack|rollup|esbuild|tsup|babel|next|nuxt|svelte|astro|jest|playwright|tailwind|postcss)\.config\.[cm]?[jt]s$/,
    'build/tool config',
  ],
  [
    /^\.?(eslint|prettier|stylelint)(rc)?(\.[\w]+)?$|^eslint\.config\.[cm]?[jt]s$|^\.editorconfig$/,
    'lint/format',
  ],
  [/^\.babelrc$|^\.browserslistrc$|^\.npmrc$|^\.nvmrc$|^\.node-version$/, 'tooling'],
  [/^(setup\.cfg|tox\.ini|pytest\.ini|mypy\.ini|\.flake8|ruff\.toml|\.pylintrc)$/, 'Python tooling'],
  [/^settings\.py$/, 'Django settings'],
  [/^application(-[\w]+)?\.(properties|ya?ml)$|^bootstrap\.ya?ml$/, 'Spring application'],
  [/^appsettings(\.[\w]+)?\.json$|^web\.config$/, '.NET application'],
  [/^(nginx|httpd|apache2?)\.conf$|\.conf$/, 'server config'],
  [
    /^(Procfile|app\.json|fly\.toml|vercel\.json|netlify\.toml|render\.yaml|railway\.json|heroku\.yml)$/,
    'deployment',
  ],
  [/^(docker-)?compose(\.[\w-]+)?\.ya?ml$|^\.dockerignore$/, 'containers'],
  [/^(Chart|values)(\.[\w-]+)?\.ya?ml$|^kustomization\.ya?ml$/, 'Kubernetes/Helm'],
  [/\.tf$|\.tfvars$/, 'Terraform'],
  [/^\.gitignore$|^\.gitattributes$/, 'git'],
  [/^renovate\.json$|^\.github\/dependabot\.ya?ml$/, 'dependency updates'],
];

export function configPass(src: Sources): ConfigInfo {
  const files: ConfigInfo['files'] = [];
  for (const f of src.files) {
    const b = baseName(f.path);
    if (isEnvExample(f.path)) {
      files.push({ path: f.path, kind: 'environment variables' });
      continue;
    }
    const hit = KINDS.find(([re]) => re.test(b) || re.test(f.path));
    if (hit) files.push({ path: f.path, kind: hit[1] });
    else if (/(^|\/)(config|conf|settings)\/[^/]+\.(ya?ml|json|toml|ini|js|ts)$/.test(f.path))
      files.push({ path: f.path, kind: 'application config' });
  }
  return { files };
}
