// Pass: continuous-integration configurations and the jobs they define.

import { isCiWorkflow, safeYaml } from './entry-points.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import type { CiInfo } from './types.ts';

const GITLAB_RESERVED = new Set([
  'stages',
  'variables',
  'default',
  'include',
  'workflow',
  'image',
  'services',
  'before_script',
  'after_script',
  'cache',
  'pages',
]);

// a repository's own CI entry script (`.ci/run`, `ci/test.sh`, `scripts/ci.sh`), run by whatever CI host it uses
const CI_SCRIPT = /^\.?ci\/[^/.]+(\.(sh|bash|ps1|py|mjs|js|ts))?$|^scripts\/ci([-_.][\w.-]*)?$/;
// the shell's section banners (`echo "== Debian packages"`) or named steps serve as the script's jobs
const SCRIPT_STEP =
  /^[ \t]*echo\s+["']?(?:==+|##+|--+|\*\*+)\s*([^"'\n=#*-][^"'\n]*?)\s*(?:==+|##+|--+|\*\*+)?["']?\s*$/gm;

export function ciPass(src: Sources): CiInfo[] {
  const out: CiInfo[] = [];
  for (const f of src.files) {
    if (!isCiWorkflow(f.path)) {
      if (!CI_SCRIPT.test(f.path)) continue;
      const text = src.text(f.path);
      if (
        text == null ||
        !/^#!|\b(npm|npx|pnpm|yarn|make|pytest|go|cargo|mvn|gradle|docker|tsc|vitest|jest)\b/m.test(text)
      )
        continue;
      out.push({
        provider: 'CI script',
        path: f.path,
        jobs: [...matchesWithLines(text, SCRIPT_STEP)].map(({ m }) => m[1]!.trim()).slice(0, 20),
      });
      continue;
    }
    const text = src.text(f.path);
    if (text == null) continue;
    if (f.path === 'Jenkinsfile') {
      const jobs = [...matchesWithLines(text, /\bstage\(\s*['"]([^'"]+)['"]/g)].map(({ m }) => m[1]!);
      out.push({ provider: 'Jenkins', path: f.path, jobs });
      continue;
    }
    const doc = (safeYaml(text) ?? {}) as Record<string, unknown>;
    const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v) : []);
    if (f.path.startsWith('.github/'))
      out.push({ provider: 'GitHub Actions', path: f.path, jobs: keys(doc.jobs) });
    else if (f.path === '.gitlab-ci.yml')
      out.push({
        provider: 'GitLab CI',
        path: f.path,
        jobs: keys(doc).filter((k) => !GITLAB_RESERVED.has(k) && !k.startsWith('.')),
      });
    else if (f.path.startsWith('.circleci/'))
      out.push({ provider: 'CircleCI', path: f.path, jobs: keys(doc.jobs) });
    else if (f.path === 'azure-pipelines.yml')
      out.push({
        provider: 'Azure Pipelines',
        path: f.path,
        jobs: (Array.isArray(doc.jobs) ? doc.jobs : Array.isArray(doc.stages) ? doc.stages : [])
          .map((j: { job?: string; stage?: string }) => j.job ?? j.stage ?? '')
          .filter(Boolean),
      });
    else if (f.path === '.travis.yml')
      out.push({
        provider: 'Travis CI',
        path: f.path,
        jobs: keys(doc).filter((k) => ['script', 'install', 'deploy', 'jobs'].includes(k)),
      });
    else if (f.path === 'bitbucket-pipelines.yml')
      out.push({
        provider: 'Bitbucket Pipelines',
        path: f.path,
        jobs: keys((doc.pipelines as Record<string, unknown>) ?? {}),
      });
  }
  return out;
}
