// Pass: configuration files, each labelled with what kind of configuration it holds.

import { isEnvExample } from './env-vars.ts';
import { baseName, type Sources } from './sources.ts';
import type { ConfigInfo, DatabaseChoice, FrameworkSetting } from './types.ts';

const KINDS: [RegExp, string][] = [
  [/^tsconfig(\.[\w-]+)?\.json$|^jsconfig\.json$/, 'TypeScript compiler'],
  [
    /^(vite|vitest|webpack|rollup|esbuild|tsup|babel|next|nuxt|svelte|astro|jest|playwright|tailwind|postcss)\.config\.[cm]?[jt]s$/,
    'build/tool config',
  ],
  // editor settings (.editorconfig) and git's own files (.gitignore, .gitattributes) configure the
  // contributor's tools, not how the project builds or runs: they are left out
  [
    /^\.?(eslint|prettier|stylelint)(rc)?(\.[\w]+)?$|^eslint\.config\.[cm]?[jt]s$|^\.golangci\.ya?ml$|^\.?(rustfmt|clippy)\.toml$|^\.markdownlint[\w.-]*$/,
    'lint/format',
  ],
  [/^\.pre-commit-config\.ya?ml$/, 'pre-commit hooks'],
  [/(^|\/)\.cargo\/config(\.toml)?$|^deny\.toml$|^rust-toolchain(\.toml)?$/, 'Rust tooling'],
  // the cross tool's targets, images and environment passthrough for cross-compiled builds
  [/^Cross\.toml$/, 'cross-compilation'],
  [/^\.readthedocs\.ya?ml$/, 'docs build'],
  // a tool's or local service's settings kept beside the code (supabase/config.toml, .cargo is above)
  [/^config\.toml$/, 'tool or service config'],
  [/^\.babelrc$|^\.browserslistrc$|^\.npmrc$|^\.nvmrc$|^\.node-version$/, 'tooling'],
  [
    /^(setup\.cfg|tox\.ini|pytest\.ini|mypy\.ini|\.flake8|\.?ruff\.toml|\.pylintrc|\.coveragerc|noxfile\.py)$/,
    'Python tooling',
  ],
  // long-running processes the server attaches (uwsgi `attach-daemon`, supervisord, gunicorn)
  [/^(uwsgi\.(ini|ya?ml)|supervisord\.conf|gunicorn(\.conf)?\.py)$/, 'process manager'],
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
  [/^renovate\.json$|^\.github\/dependabot\.ya?ml$/, 'dependency updates'],
  // the manifest JSR publishes from; Bun's own settings file
  [/^jsr\.jsonc?$/, 'JSR package manifest'],
  [/^bunfig\.toml$/, 'Bun settings'],
];

// pyproject.toml is packaging metadata; its `[tool.*]` tables configure the project's tools
const TOOL_TABLE = /^\[tool\.([\w-]+)/gm;

/** "pytest, coverage and ruff settings": the tools a pyproject.toml configures, if any. */
function pyprojectTools(text: string): string[] {
  return [...new Set([...text.matchAll(TOOL_TABLE)].map((m) => m[1]!))];
}

// Cargo.toml is the package manifest; its `[profile.*]` tables set how the build compiles
const CARGO_PROFILE = /^\[profile\.([\w-]+)\]/gm;

// Spring Boot: `application.properties`, `application-<profile>.yml`, `bootstrap.yml`
const SPRING_FILE = /(^|\/)(application|bootstrap)(-([\w-]+))?\.(properties|ya?ml)$/;

/** `key=value` lines of a .properties file, and `a: { b: value }` leaves of a YAML one, with their lines. */
function propertyLines(path: string, text: string): FrameworkSetting[] {
  const out: FrameworkSetting[] = [];
  const lines = text.split('\n');
  if (/\.properties$/.test(path)) {
    lines.forEach((l, i) => {
      const m = /^[ \t]*([\w.[\]-]+)[ \t]*[=:](.*)$/.exec(l);
      if (m) out.push({ key: m[1]!, value: m[2]!.trim(), file: path, line: i + 1 });
    });
    return out;
  }
  // YAML: keys nested by indentation joined with dots; a new document (`---`) starts afresh
  const stack: { indent: number; key: string }[] = [];
  lines.forEach((l, i) => {
    if (/^---/.test(l)) stack.length = 0;
    const m = /^( *)([\w.-]+)[ \t]*:(.*)$/.exec(l);
    if (!m) return;
    const indent = m[1]!.length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const key = [...stack.map((s) => s.key), m[2]!].join('.');
    const comment = m[3]!.search(/\s#/);
    const value = (comment < 0 ? m[3]! : m[3]!.slice(0, comment)).trim().replace(/^(['"])(.*)\1$/, '$2');
    if (value) out.push({ key, value, file: path, line: i + 1 });
    else stack.push({ indent, key: m[2]! });
  });
  return out;
}

export function configPass(src: Sources): ConfigInfo {
  const files: ConfigInfo['files'] = [];
  const settings: FrameworkSetting[] = [];
  const profiles: { name: string; file: string }[] = [];
  for (const f of src.files) {
    const b = baseName(f.path);
    if (isEnvExample(f.path)) {
      files.push({ path: f.path, kind: 'environment variables' });
      continue;
    }
    const spring = SPRING_FILE.exec(f.path);
    // the application's own property files, not a test's copy of them
    if (spring && !/(^|\/)src\/test\//.test(f.path)) {
      settings.push(...propertyLines(f.path, src.text(f.path) ?? ''));
      if (spring[4]) profiles.push({ name: spring[4], file: f.path });
    }
    if (b === 'pyproject.toml') {
      const tools = pyprojectTools(src.text(f.path) ?? '');
      if (tools.length) files.push({ path: f.path, kind: `tool settings (${tools.slice(0, 4).join(', ')})` });
      continue;
    }
    if (b === 'Cargo.toml') {
      const names = [...new Set([...(src.text(f.path) ?? '').matchAll(CARGO_PROFILE)].map((m) => m[1]!))];
      if (names.length)
        files.push({ path: f.path, kind: `Cargo build profiles (${names.slice(0, 4).join(', ')})` });
      continue;
    }
    const hit = KINDS.find(([re]) => re.test(b) || re.test(f.path));
    if (hit) files.push({ path: f.path, kind: hit[1] });
    else if (/(^|\/)(config|conf|settings)\/[^/]+\.(ya?ml|json|toml|ini|js|ts)$/.test(f.path))
      files.push({ path: f.path, kind: 'application config' });
  }
  const databases = src.files
    .filter((f) => /(^|\/)settings(\/[\w-]+)?\.py$|(^|\/)settings_?\w*\.py$/.test(f.path))
    .map((f) => databaseChoices(f.path, src.text(f.path) ?? ''))
    .find((d) => d.length);
  return {
    files,
    ...(settings.length ? { settings } : {}),
    ...(profiles.length ? { profiles } : {}),
    ...(databases ? { databases } : {}),
  };
}

/** Django's database backends by the name its settings give them. */
const DJANGO_ENGINES: Record<string, string> = {
  sqlite3: 'SQLite',
  postgresql: 'PostgreSQL',
  postgresql_psycopg2: 'PostgreSQL',
  mysql: 'MySQL',
  oracle: 'Oracle',
};

/**
 * The databases a Django settings file configures: the engine set at the top level is the default,
 * one set under `if os.getenv("DB") == "postgres":` (or `in [...]`) is what that variable selects.
 * Empty unless there is a default and at least one switch: one fixed engine is no choice.
 */
export function databaseChoices(path: string, text: string): DatabaseChoice[] {
  const out: DatabaseChoice[] = [];
  let when: DatabaseChoice['when'];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const test = /^(?:el)?if\s+os\.(?:getenv|environ\.get)\(\s*["'](\w+)["']\s*\)\s*(==|in)([^:]+):/.exec(
      line,
    );
    if (test) {
      const values = [...test[3]!.matchAll(/["']([\w.-]+)["']/g)].map((m) => m[1]!);
      when = values.length ? { variable: test[1]!, values } : undefined;
      continue;
    }
    // a statement back at the left margin ends the `if` block (a closing bracket does not)
    if (/^[A-Za-z_]/.test(line)) when = undefined;
    const engine = /["']ENGINE["']\s*:\s*["']django\.db\.backends\.(\w+)["']/.exec(line)?.[1];
    if (!engine) continue;
    out.push({
      engine: DJANGO_ENGINES[engine] ?? engine,
      file: path,
      line: i + 1,
      ...(when ? { when } : {}),
    });
  }
  return out.some((d) => !d.when) && out.some((d) => d.when) ? out : [];
}
