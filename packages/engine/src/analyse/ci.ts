// Pass: continuous-integration configurations and the jobs they define, and the static checks
// (linters, formatters, type checkers) the project sets up through hooks, build plugins or config.

import {
  circleCombinations,
  type Combination,
  githubCombinations,
  neverRuns,
  reachedScript,
  valuesOf,
} from './ci-matrix.ts';
import { isCiWorkflow, safeYaml } from './entry-points.ts';
import { pathRole } from './path-role.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import { isNonProductCode } from './test-code.ts';
import type { CiInfo, StaticCheck } from './types.ts';

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
const BANNER_CHARS = '=#-*';

/** A run of one banner character (`==`, `##`, `--`, `**`) at least two long at the end of `s`, or 0. */
function bannerRunAtEnd(s: string): number {
  const c = s[s.length - 1];
  if (!c || !BANNER_CHARS.includes(c)) return 0;
  let n = 0;
  while (n < s.length && s[s.length - 1 - n] === c) n++;
  return n >= 2 ? n : 0;
}

/**
 * The title of a shell section banner (`echo "== Debian packages"`, `echo '### Tests ###'`), which serves
 * as the script's job; null for any other line. Read by position, not by one backtracking pattern.
 */
export function bannerTitle(line: string): string | null {
  const echo = /^[ \t]*echo[ \t]+/.exec(line);
  if (!echo) return null;
  let s = line.slice(echo[0].length).trim();
  if (s[0] === '"' || s[0] === "'") s = s.slice(1);
  if (s.endsWith('"') || s.endsWith("'")) s = s.slice(0, -1);
  const opener = s[0];
  if (!opener || !BANNER_CHARS.includes(opener) || s[1] !== opener) return null;
  let at = 0;
  while (s[at] === opener) at++;
  s = s.slice(at).trim();
  s = s.slice(0, s.length - bannerRunAtEnd(s)).trim();
  if (!s || /["'\n]/.test(s) || BANNER_CHARS.includes(s[0]!)) return null;
  return s;
}

// a step that publishes: a package to its index, an image to a registry, a GitHub release, a pushed tag
const PUBLISH =
  /\b(?:npm|pnpm|yarn)\s+(?:\w+\s+)?publish\b|(?:npx|bunx|pnpx|dlx)\s+[\w@/.-]+\s+publish\b|\b(?:jsr|deno|uv|poetry|flit|hatch|cargo)\s+publish\b|\btwine\s+upload\b|\bgem\s+push\b|\bgoreleaser\b|\bdocker\s+(?:image\s+)?push\b|pypa\/gh-action-pypi-publish|softprops\/action-gh-release|actions\/create-release|\bgh\s+release\s+(?:create|upload)\b|\bmvnw?\b.*\bdeploy\b|\bgradlew?\b.*\bpublish|\bdotnet\s+nuget\s+push\b|\bgit\s+push\b.*--(?:follow-)?tags\b|semantic-release|changesets\/action/;
// docker/build-push-action only builds unless told to push
const BUILD_PUSH = /^docker\/build-push-action\b/;
const PUSH_ON = /^[ \t]*push:[ \t]*(?:true|\$\{\{)/m;
// the keys whose values are shell commands: GitHub's `run`, GitLab's and Travis's `script`, Buildkite's `command`…
const COMMAND_KEYS = new Set(['run', 'script', 'before_script', 'after_script', 'command', 'commands']);

/**
 * The commands a CI configuration's steps run, one per line, and the actions it uses (without their
 * version pin): what the workflow does, whatever its jobs are named.
 */
export function stepCommands(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, k);
    else if (typeof v === 'string' && key === 'uses') out.push(v.split('@')[0]!);
    else if (typeof v === 'string' && key && COMMAND_KEYS.has(key))
      for (const line of v.split('\n')) {
        const cmd = line.replace(/(^|\s)#.*$/, '').trim();
        if (cmd) out.push(cmd);
      }
  };
  walk(doc);
  return [...new Set(out)];
}

/**
 * Each GitHub Actions job's own commands and the matrix it runs over (`platform: [ubuntu, macOS]`,
 * `go: [17, 18]`): which jobs test, and on what. An axis takes the values its `include` entries add
 * and loses those its `exclude` entries leave in no combination; `combinations` counts the runs when
 * they are not every product of the axes. A step no combination reaches is left out, and a matrix
 * given by an expression is not read.
 */
export function githubJobRuns(jobs: unknown): NonNullable<CiInfo['jobRuns']> {
  if (!jobs || typeof jobs !== 'object') return [];
  return Object.entries(jobs as Record<string, unknown>).map(([job, body]) => {
    const b = (body ?? {}) as Record<string, unknown>;
    const matrix = ((b.strategy ?? {}) as Record<string, unknown>).matrix;
    const combinations = matrix === undefined ? [{}] : githubCombinations(matrix);
    const axes =
      matrix && typeof matrix === 'object'
        ? Object.entries(matrix as Record<string, unknown>)
            .filter(([k, v]) => k !== 'include' && k !== 'exclude' && Array.isArray(v))
            .map(([name, v]) => {
              const values = combinations ? valuesOf(combinations, name) : (v as unknown[]);
              return entryAxis(values) ?? { name, values: scalars(values) };
            })
            .filter((x) => x.values.length)
        : [];
    const env = (b.env ?? {}) as Record<string, unknown>;
    const commands = stepCommands(reachedSteps(b.steps, combinations)).map((c) => withToolVariable(c, env));
    const runs = combinations?.length ?? 0;
    const full = axes.reduce((n, x) => n * x.values.length, 1);
    return {
      job,
      commands,
      ...(axes.length ? { matrix: axes } : {}),
      ...(axes.length && runs && runs !== full ? { combinations: runs } : {}),
    };
  });
}

/** A job's steps less those whose `if:` no combination of its matrix meets (`if: matrix.db == 'mysql'`). */
function reachedSteps(steps: unknown, combinations: Combination[] | null): unknown[] {
  if (!Array.isArray(steps)) return [];
  return steps.filter(
    (s) => !(s && typeof s === 'object' && neverRuns((s as { if?: unknown }).if, combinations)),
  );
}

/** A GitHub Actions workflow with each job's unreached steps left out. */
function githubReached(doc: Record<string, unknown>): Record<string, unknown> {
  if (!doc.jobs || typeof doc.jobs !== 'object') return doc;
  const jobs = Object.fromEntries(
    Object.entries(doc.jobs as Record<string, unknown>).map(([name, body]) => {
      if (!body || typeof body !== 'object') return [name, body];
      const b = body as Record<string, unknown>;
      const matrix = ((b.strategy ?? {}) as Record<string, unknown>).matrix;
      const combinations = matrix === undefined ? [{}] : githubCombinations(matrix);
      return [name, { ...b, steps: reachedSteps(b.steps, combinations) }];
    }),
  );
  return { ...doc, jobs };
}

/**
 * Each CircleCI job's commands and the matrix its workflows run it over (`version: ["1.22", "1.21"]`),
 * with `runs` counting the runs a workflow's matrix makes of it. A step's shell branch no run
 * takes (`if [[ << parameters.version >> = "latest" ]]` when no run is on `latest`) is left out.
 */
export function circleJobRuns(doc: Record<string, unknown>): NonNullable<CiInfo['jobRuns']> {
  const jobs = doc.jobs;
  if (!jobs || typeof jobs !== 'object') return [];
  return Object.entries(jobs as Record<string, unknown>).map(([job, body]) => {
    const b = (body ?? {}) as Record<string, unknown>;
    const sets = circleCombinations(doc, job);
    const commands = stepCommands(circleReachedSteps(b.steps, sets?.all ?? []));
    const names = [...new Set(sets?.runs.flatMap((r) => r.matrix) ?? [])];
    const axes = names
      .map((name) => ({ name, values: scalars(valuesOf(sets!.all, name)) }))
      .filter((x) => x.values.length);
    // the largest matrix one workflow runs the job over: two workflows run on different triggers
    const runs = Math.max(
      0,
      ...(sets?.runs ?? []).filter((r) => r.matrix.length).map((r) => r.combinations.length),
    );
    return { job, commands, ...(axes.length ? { matrix: axes } : {}), ...(runs > 1 ? { runs } : {}) };
  });
}

/** A CircleCI job's steps with each `run` command cut to the lines some parameter set reaches. */
function circleReachedSteps(steps: unknown, sets: Combination[]): unknown[] {
  if (!Array.isArray(steps)) return [];
  const cut = (command: unknown) => (typeof command === 'string' ? reachedScript(command, sets) : command);
  return steps.map((s) => {
    if (!s || typeof s !== 'object' || !('run' in s)) return s;
    const run = (s as { run: unknown }).run;
    if (typeof run === 'string') return { ...s, run: cut(run) };
    if (run && typeof run === 'object')
      return { ...s, run: { ...run, command: cut((run as { command?: unknown }).command) } };
    return s;
  });
}

/** A CircleCI configuration with each job's unreached shell branches left out. */
function circleReached(doc: Record<string, unknown>): Record<string, unknown> {
  if (!doc.jobs || typeof doc.jobs !== 'object') return doc;
  const jobs = Object.fromEntries(
    Object.entries(doc.jobs as Record<string, unknown>).map(([name, body]) => {
      if (!body || typeof body !== 'object') return [name, body];
      const sets = circleCombinations(doc, name);
      const b = body as Record<string, unknown>;
      return [name, { ...b, steps: circleReachedSteps(b.steps, sets?.all ?? []) }];
    }),
  );
  return { ...doc, jobs };
}

const scalars = (v: unknown[]) => v.filter((x) => ['string', 'number'].includes(typeof x)).map(String);

/**
 * A matrix axis whose entries are objects (`job: [{ target: x86_64-…, os: ubuntu }, …]`): named by
 * the key that tells every entry apart (`target`), with its values.
 */
function entryAxis(v: unknown[]): { name: string; values: string[]; entries: true } | null {
  const entries = v.filter(
    (x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x),
  );
  if (!entries.length || entries.length !== v.length) return null;
  for (const key of Object.keys(entries[0]!)) {
    const values = scalars(entries.map((e) => e[key]));
    if (values.length === entries.length && new Set(values).size === values.length)
      return { name: key, values, entries: true };
  }
  return null;
}

/**
 * A command whose program is a variable of the job (`$BUILD_CMD test`, with `BUILD_CMD: "${{
 * matrix.cross && 'cross' || 'cargo' }}"`), read with the program the variable holds: a plain value,
 * or the one an expression ends on by default (after `||`).
 */
export function withToolVariable(command: string, env: Record<string, unknown>): string {
  const m = /^\$\{?([A-Za-z_]\w*)\}?(?=\s)/.exec(command);
  const value = m ? env[m[1]!] : undefined;
  if (typeof value !== 'string') return command;
  const program =
    /^\$\{\{[^}]*\|\|\s*'([\w-]+)'\s*\}\}$/.exec(value.trim())?.[1] ?? /^[\w-]+$/.exec(value.trim())?.[0];
  return program ? program + command.slice(m![0].length) : command;
}

/** Whether a workflow publishes a release; a dry run (`jsr publish --dry-run`) publishes nothing. */
export function publishes(commands: string[], text: string): boolean {
  const real = commands.filter((c) => !/--dry-run\b/.test(c));
  return real.some((c) => PUBLISH.test(c)) || (real.some((c) => BUILD_PUSH.test(c)) && PUSH_ON.test(text));
}

// the registry a publishing command uploads to, and the root manifests that name the package there
const REGISTRIES: { registry: string; re: RegExp; manifests: string[]; name: RegExp }[] = [
  {
    registry: 'npm',
    re: /\b(?:npm|pnpm|yarn)\s+(?:\w+\s+)?publish\b/,
    manifests: ['package.json'],
    name: /^\s{0,4}"name"\s*:\s*"([^"]+)"/m,
  },
  {
    registry: 'JSR',
    // `deno publish`, `npx jsr publish`, or a JSR publishing tool run by Deno (`jsr:@scope/publish-on-tag`)
    re: /\b(?:jsr|deno)\s+publish\b|\bjsr:@[\w-]+\/publish/,
    manifests: ['jsr.json', 'jsr.jsonc', 'deno.json', 'deno.jsonc'],
    name: /^\s{0,4}"name"\s*:\s*"([^"]+)"/m,
  },
  {
    registry: 'PyPI',
    re: /\btwine\s+upload\b|pypa\/gh-action-pypi-publish|\b(?:uv|poetry|flit|hatch)\s+publish\b/,
    manifests: ['pyproject.toml'],
    name: /^name\s*=\s*"([^"]+)"/m,
  },
  {
    registry: 'crates.io',
    re: /\bcargo\s+publish\b/,
    manifests: ['Cargo.toml'],
    name: /^name\s*=\s*"([^"]+)"/m,
  },
];

/** The registries `commands` publish to (dry runs left out), named as the root manifest names the package. */
export function registriesOf(
  src: Pick<Sources, 'text'>,
  commands: string[],
): NonNullable<CiInfo['registries']> {
  const real = commands.filter((c) => !/--dry-run\b/.test(c));
  return REGISTRIES.filter((r) => real.some((c) => r.re.test(c))).map((r) => {
    for (const path of r.manifests) {
      const text = src.text(path);
      const m = text && r.name.exec(text);
      if (m)
        return { registry: r.registry, name: m[1]!, path, line: text.slice(0, m.index).split('\n').length };
    }
    return { registry: r.registry };
  });
}

/** The run facts of a workflow: the commands of its steps, whether it publishes and to which registries. */
function runOf(
  doc: unknown,
  text: string,
  src: Pick<Sources, 'text'>,
): Pick<CiInfo, 'commands' | 'publishes' | 'registries'> {
  const commands = stepCommands(doc);
  const registries = registriesOf(src, commands);
  // a long release workflow publishes in its last steps; the analysis keeps the first commands only
  return {
    commands: commands.slice(0, 60),
    publishes: publishes(commands, text),
    ...(registries.length ? { registries } : {}),
  };
}

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
        jobs: text
          .split('\n')
          .map(bannerTitle)
          .filter((t): t is string => t !== null)
          .slice(0, 20),
      });
      continue;
    }
    const text = src.text(f.path);
    if (text == null) continue;
    if (f.path === 'Jenkinsfile') {
      const jobs = [...matchesWithLines(text, /\bstage\(\s*['"]([^'"]+)['"]/g)].map(({ m }) => m[1]!);
      // a Jenkinsfile is Groovy: its `sh '…'` steps are the commands
      const sh = [...matchesWithLines(text, /\bsh(?:\s*\(\s*|\s+)['"]([^'"\n]+)['"]/g)].map(({ m }) => m[1]!);
      out.push({ provider: 'Jenkins', path: f.path, jobs, ...runOf({ run: sh.join('\n') }, text, src) });
      continue;
    }
    const doc = (safeYaml(text) ?? {}) as Record<string, unknown>;
    const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v) : []);
    const github = f.path.startsWith('.github/');
    const circle = f.path.startsWith('.circleci/');
    // what runs: the steps and shell branches some combination of a matrix reaches
    const run = runOf(github ? githubReached(doc) : circle ? circleReached(doc) : doc, text, src);
    if (github) {
      const jobRuns = githubJobRuns(doc.jobs);
      out.push({
        provider: 'GitHub Actions',
        path: f.path,
        jobs: keys(doc.jobs),
        ...run,
        ...(jobRuns.length ? { jobRuns } : {}),
      });
    } else if (f.path === '.gitlab-ci.yml')
      out.push({
        provider: 'GitLab CI',
        path: f.path,
        ...run,
        jobs: keys(doc).filter((k) => !GITLAB_RESERVED.has(k) && !k.startsWith('.')),
      });
    else if (circle) {
      const jobRuns = circleJobRuns(doc);
      out.push({
        provider: 'CircleCI',
        path: f.path,
        jobs: keys(doc.jobs),
        ...run,
        ...(jobRuns.length ? { jobRuns } : {}),
      });
    } else if (f.path === 'azure-pipelines.yml')
      out.push({
        provider: 'Azure Pipelines',
        path: f.path,
        ...run,
        jobs: (Array.isArray(doc.jobs) ? doc.jobs : Array.isArray(doc.stages) ? doc.stages : [])
          .map((j: { job?: string; stage?: string }) => j.job ?? j.stage ?? '')
          .filter(Boolean),
      });
    else if (f.path === '.travis.yml')
      out.push({
        provider: 'Travis CI',
        path: f.path,
        ...run,
        jobs: keys(doc).filter((k) => ['script', 'install', 'deploy', 'jobs'].includes(k)),
      });
    else if (f.path === 'bitbucket-pipelines.yml')
      out.push({
        provider: 'Bitbucket Pipelines',
        path: f.path,
        ...run,
        jobs: keys((doc.pipelines as Record<string, unknown>) ?? {}),
      });
  }
  return out;
}

// build plugins that lint, format-check or statically analyse the code they build
const CHECK_PLUGIN =
  /checkstyle|spotless|javaformat|\bpmd\b|maven-pmd|spotbugs|findbugs|error-?prone|ktlint|detekt|sortpom/i;
// a tool's own configuration file: the project set the tool up, whoever runs it
const CHECK_CONFIGS: [RegExp, string][] = [
  [/^\.golangci\.(ya?ml|toml|json)$/, 'golangci-lint'],
  [/^(\.eslintrc(\.[\w]+)?|eslint\.config\.[cm]?[jt]s)$/, 'ESLint'],
  [/^biome\.jsonc?$/, 'Biome'],
  [/^(\.ruff|ruff)\.toml$/, 'Ruff'],
  [/^(mypy\.ini|\.mypy\.ini)$/, 'mypy'],
  [/^pyrightconfig\.json$/, 'Pyright'],
  [/^\.flake8$/, 'Flake8'],
  [/^\.?clippy\.toml$/, 'Clippy'],
  [/^\.?rustfmt\.toml$/, 'rustfmt'],
  [/^\.rubocop\.ya?ml$/, 'RuboCop'],
  [/^(phpstan\.neon(\.dist)?|psalm\.xml)$/, 'PHPStan'],
];
// [tool.ruff], [tool.mypy]… in pyproject.toml
const PYPROJECT_TOOL = /^\[tool\.(ruff|mypy|pyright|black|isort|pylint|flake8)\b/gm;

/**
 * Static checks the project sets up outside its scripts and CI job names: pre-commit hooks, lint and
 * format plugins of a Maven or Gradle build, and the configuration files of linters and type
 * checkers. Files of fixtures, tests and examples are not the project's own set-up.
 */
export function staticChecksPass(src: Sources): StaticCheck[] {
  const out: StaticCheck[] = [];
  for (const f of src.files) {
    if (isNonProductCode(f.path) || pathRole(f.path) === 'examples') continue;
    const base = f.path.replace(/^.*\//, '');
    const config = CHECK_CONFIGS.find(([re]) => re.test(base));
    if (config) {
      out.push({ tool: config[1], path: f.path, via: 'config' });
      continue;
    }
    if (
      !/^(\.pre-commit-config\.yaml|pom\.xml|pyproject\.toml|build\.gradle(\.kts)?|package\.json)$/.test(base)
    )
      continue;
    const text = src.text(f.path);
    if (text == null) continue;
    if (base === 'package.json') {
      // ESLint configured in the manifest rather than a file of its own
      const at = /"eslintConfig"\s*:/.exec(text);
      if (at)
        out.push({
          tool: 'ESLint',
          path: f.path,
          line: text.slice(0, at.index).split('\n').length,
          via: 'config',
        });
    } else if (base === '.pre-commit-config.yaml') {
      for (const { m, line } of matchesWithLines(text, /^[ \t]*-[ \t]+id:[ \t]*['"]?([\w.-]+)/gm))
        out.push({ tool: m[1]!, path: f.path, line, via: 'pre-commit' });
    } else if (base === 'pom.xml') {
      // a plugin's own artifactId opens its block; the checkstyle library it depends on is no second plugin
      const plugin = /<plugin>\s*(?:<groupId>[^<]*<\/groupId>\s*)?<artifactId>([^<]+)</g;
      for (const { m, line } of matchesWithLines(text, plugin))
        if (CHECK_PLUGIN.test(m[1]!))
          out.push({ tool: m[1]!.trim(), path: f.path, line, via: 'build-plugin' });
    } else if (base === 'pyproject.toml') {
      for (const { m, line } of matchesWithLines(text, PYPROJECT_TOOL))
        out.push({ tool: m[1]!, path: f.path, line, via: 'config' });
    } else {
      const plugin =
        /\b(?:id|apply[ \t]+plugin:)(?:[ \t]*\(|[ \t])[ \t]*['"]([\w.-]+)['"]|^[ \t]*(checkstyle|pmd)\b[ \t]*(?:\{|$)/gm;
      for (const { m, line } of matchesWithLines(text, plugin)) {
        const tool = m[1] ?? m[2]!;
        if (CHECK_PLUGIN.test(tool)) out.push({ tool, path: f.path, line, via: 'build-plugin' });
      }
    }
  }
  // one entry per tool and file: `checkstyle { … }` repeats the plugin it configures
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.path + c.tool) ? false : (seen.add(c.path + c.tool), true)));
}
