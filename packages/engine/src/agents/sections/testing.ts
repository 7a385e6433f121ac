// Testing and quality: test frameworks, files and cases, where tests are missing, CI and lint scripts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProgramLanguage } from '../../analyse/test-code.ts';
import type { Analysis, EntryPoint, StaticCheck } from '../../analyse/types.ts';
import { baseName } from '../../analyse/sources.ts';
import { isCheckScript as runsCheck } from '../check-scripts.ts';
import { factsOf, notRankedNote, type Facts } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  pct,
  plural,
  ref,
  sentence,
  table,
  text,
  topDir,
  unique,
  when,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';
import { productTodos, projectModel } from '../model.ts';

export const testing = defineSection({
  kind: 'testing',
  keywords: [
    'quality assurance',
    'testing',
    'tests',
    'test strategy',
    'test coverage',
    'quality',
    'qa',
    'verification',
    'validation',
    'code quality',
    'test',
    'unit tests',
    'test suite',
  ],
  aspects: [
    ['test suites', 'suites'],
    ['tests', 'suites'],
    ['unit tests', 'suites'],
    ['test coverage', 'suites'],
    ['code quality', 'quality'],
    ['linting', 'quality'],
    ['static analysis', 'quality'],
    ['quality', 'quality'],
  ],
  evidence: ['tests', 'entryPoints (test scripts)', 'ci', 'files'],
  analyst(a) {
    const fx = factsOf(a);
    const checks = staticChecks(a);
    const quality = f(
      `${checks.length ? `Static checks: ${checkSummary(checks)}` : NO_CHECKS}; comments are ${commentShare(a)} of non-blank lines.`,
      checks.slice(0, 2).map((c) => ref(c.path, c.line)),
      'quality',
    );
    if (!fx.testFiles.length && !a.tests.totalCases)
      return [
        f(
          `No test files were found among the ${plural(fx.sourceFiles.length, 'source file')}.`,
          [],
          'suites',
        ),
        quality,
      ];
    return [
      f(
        sentence(testCount({ a }), writtenWith(a, ' written with')),
        mostCases(a, fx)
          .slice(0, 3)
          .map((p) => ref(p)),
        'suites',
      ),
      quality,
    ];
  },
  writer: writeTesting,
});

/** Static checks a CI job runs, by the job's or the workflow's name (mypy.yml, golangci-lint, clippy…). */
const CHECK_TOOL =
  /lint|mypy|pyright|type-?check|typing|(?<![a-z])(?:tsc|fmt|vet|ruff)(?![a-z])|clippy|rustfmt|flake8|eslint|prettier|biome|pre-commit|staticcheck|format|checkstyle|spotless|rubocop|phpstan|ktlint|detekt|codeql|scorecard|semgrep|sonar|gosec|govulncheck|bandit|zizmor|actionlint/i;
const TEST_NAME = /test|spec|e2e|coverage/i;
// what a CI command runs when it lints, format-checks or type-checks
const CHECK_COMMAND =
  /\b(?:eslint|prettier|biome|standard|xo|tsc|vue-tsc|svelte-check|stylelint|ruff|flake8|pylint|mypy|pyright|black|isort|golangci-lint|staticcheck|gofmt|go\s+vet|cargo\s+(?:clippy|fmt)|rustfmt|checkstyle|spotless|rubocop|phpstan|psalm|ktlint|detekt|shellcheck|pre-commit)\b/i;
// a script named for a check; "check" alone is not one (a docs build's linkcheck, a health check)
const CHECK_NAME = /lint|(?<![a-z])fmt(?![a-z])|format|type-?check|typing|(?<![a-z])vet(?![a-z])|style/i;

/** A package script or make target of the project's own that lints, format-checks or type-checks. */
function isCheckScript(e: EntryPoint, scripts: EntryPoint[]): boolean {
  if (e.kind !== 'npm-script' && e.kind !== 'make-target') return false;
  if (e.area && e.area !== 'product') return false;
  return runsCheck(e, scripts, (command) => TEST_COMMAND.test(command));
}

// what runs a test suite: a runner, a build tool's test goal, or another script that does
const TEST_COMMAND =
  /(?<![\w.-])(?:pytest|py\.test|unittest|tox|nox|(?:rich)?go\s+test|gotestsum|cargo\s+(?:test|nextest)|jest|vitest|mocha|ava|tap|c8|nyc|playwright|cypress|karma|jasmine|node\s+(?:--[\w-]+\s+)*--test|deno\s+test|bun\s+test|rspec|phpunit|ctest|(?:mvnw?|gradlew?)\s[^&|;\n]{0,80}\b(?:test|verify|check)|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test[\w:-]*|\$\(MAKE\)\s+test[\w-]*|make\s+test[\w-]*|manage\.py\s+test)\b/i;
// a make recipe's first line that only prints a banner says nothing of what the target runs
const BANNER = /^\s*(?:\$\(info\b|@?echo\b)/;

/**
 * The scripts that run tests: named for tests and running a test command. A target named test-*
 * that runs no test command (a README markup check) is not one; a recipe that opens with a banner
 * is named without the banner.
 */
function testScriptsOf(a: Analysis): EntryPoint[] {
  return a.entryPoints.filter(
    (e) =>
      (e.kind === 'npm-script' || e.kind === 'make-target') &&
      (!e.area || e.area === 'product') &&
      TEST_NAME.test(e.name) &&
      (!e.command || BANNER.test(e.command) || TEST_COMMAND.test(e.command)) &&
      !WATCH.test([e.command ?? '', ...(e.prerequisites ?? [])].join(' ')),
  );
}

// a loop that reruns the tests on every change (`watch 'ltest …'`, `cargo watch`, `--watch`,
// nodemon) is a developer's convenience, not the command that runs the tests
const WATCH = /(?:^|[\s'"])(?:--)?watch\b|\bnodemon\b/;

function ciChecks(a: Analysis): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  for (const c of a.ci) {
    const file = c.path.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
    const jobs = c.jobs.filter((j) => CHECK_TOOL.test(j));
    if (jobs.length) for (const j of jobs) out.push({ name: j, path: c.path });
    // a workflow named for the check (codeql.yml) runs it in its jobs, named as they are (`analyze`);
    // a job called only `main` or `build` is the workflow's one job, and the workflow names it better
    else if (CHECK_TOOL.test(file)) {
      const named = c.jobs.filter((j) => !/^(main|build|run|job|ci|default|check|checks)$/i.test(j));
      for (const j of named.length ? named : [file]) out.push({ name: j, path: c.path });
    }
  }
  return out;
}

// a script that runs ESLint, directly or through Next.js
const RUNS_ESLINT = /(?<![\w-])(?:eslint|next\s+lint)(?![\w-])/;

/**
 * A lint script whose linter reads its rules from a configuration the repository lacks (ESLint with
 * no `.eslintrc*`, `eslint.config.*` or `eslintConfig`): installed and named, but no check of the
 * project's own.
 */
function unconfigured(a: Analysis, c: Check): boolean {
  if (c.via !== 'script' || !RUNS_ESLINT.test(c.command ?? '')) return false;
  return !(a.staticChecks ?? []).some((s) => s.tool === 'ESLint');
}

/** One static check and where it is set up. */
interface Check {
  name: string;
  path: string;
  line?: number;
  command?: string;
  via: 'script' | 'ci' | StaticCheck['via'];
}

/** Every static check found: scripts, CI jobs, pre-commit hooks, build plugins and tool configs. */
function staticChecks(a: Analysis): Check[] {
  return [
    ...a.entryPoints
      .filter((e) => isCheckScript(e, a.entryPoints))
      .map((e): Check => ({ name: e.name, path: e.path, line: e.line, command: e.command, via: 'script' })),
    ...ciChecks(a).map((c): Check => ({ ...c, via: 'ci' })),
    ...(a.staticChecks ?? []).map((c): Check => ({ name: c.tool, path: c.path, line: c.line, via: c.via })),
  ];
}

const CHECK_GROUPS: [Check['via'], string][] = [
  ['script', 'scripts'],
  ['ci', 'CI jobs'],
  ['pre-commit', 'pre-commit hooks'],
  ['build-plugin', 'build plugins'],
  ['config', 'configured tools'],
];

const NO_CHECKS =
  'No lint, format or type-check script, CI job, pre-commit hook, build plugin or tool configuration was found';

/** "scripts lint and format; CI jobs lint and typecheck; pre-commit hooks ruff and mypy". */
function checkSummary(checks: Check[], show: (c: Check) => string = (c) => text(c.name)): string {
  return CHECK_GROUPS.flatMap(([via, label]) => {
    // linters and type checkers before housekeeping hooks (check-yaml, end-of-file-fixer)
    const known = (c: Check) => (CHECK_TOOL.test(c.name) || CHECK_COMMAND.test(c.name) ? 0 : 1);
    const names = [...new Map(checks.filter((c) => c.via === via).map((c) => [c.name, c])).values()].sort(
      (x, y) => known(x) - known(y),
    );
    return names.length ? [`${label} ${joinSome(names.map(show), 4)}`] : [];
  }).join('; ');
}

/** The test files, most cases first. */
function mostCases(a: Analysis, fx: Facts): string[] {
  const cases = caseCounts(a);
  const inline = (a.tests.inline ?? []).map((t) => t.path).filter((p) => !fx.testFiles.includes(p));
  return [...fx.testFiles, ...inline].sort(
    (x, y) => (cases.get(y) ?? 0) - (cases.get(x) ?? 0) || x.localeCompare(y),
  );
}

/** Cases per file: the test files' and the inline test modules' of source files, one denominator. */
function caseCounts(a: Analysis): Map<string, number> {
  return new Map([...(a.tests.inline ?? []), ...a.tests.files].map((t) => [t.path, t.cases]));
}

/**
 * Product folders (the report's own product boundary) with neither a test file nor an inline test
 * module in them or below them, and not covered by a test folder: a test folder covers the sources
 * of the folder it sits in (tests/ at the root covers the whole project, src/test covers src/main,
 * pkg/tests covers pkg). Test code is what the rest of the report counts as tests, a Django app's
 * tests.py included; `caseless`: folders whose only test code beside them holds no case.
 */
function untestedDirs(
  a: Analysis,
  fx: Facts,
): { none: [string, number][]; caseless: { dir: string; files: string[] }[] } {
  const parentOf = (d: string) => (d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '');
  const apart = (a.identity?.nonProduct ?? []).filter((n) => n.role === 'tests').map((n) => n.path);
  const covers = [
    ...fx.testFolders.filter((d) => d.kind === 'test').map((d) => d.path),
    ...apart.filter((p) => !fx.fileByPath.has(p)),
  ].map(parentOf);
  if (covers.includes('')) return { none: [], caseless: [] };
  const within = (d: string, root: string) => d === root || d.startsWith(`${root}/`);
  const tested = [...fx.testFiles, ...(a.tests.inline ?? []).map((t) => t.path)].map(parentOf);
  const withCases = new Set(fx.testFiles);
  const noCase = unique([...fx.testSupport, ...apart.filter((p) => fx.fileByPath.has(p))]).filter(
    (p) => !withCases.has(p),
  );
  const program = fx.productFiles.filter((f) => isProgramLanguage(f.language));
  const dirs = countBy(program, (f) => topDir(f.path, 2));
  const untested = dirs.filter(
    ([d]) =>
      d !== '(root)' &&
      !covers.some((c) => within(d, c)) &&
      !tested.some((t) => within(t, d) || within(d, t)),
  );
  // when no folder has tests beside it, the project does not keep them there: nothing to single out
  if (untested.length >= dirs.length) return { none: [], caseless: [] };
  const beside = (d: string) => noCase.filter((p) => within(parentOf(p), d));
  return {
    none: untested.filter(([d]) => !beside(d).length),
    caseless: untested.filter(([d]) => beside(d).length).map(([d]) => ({ dir: d, files: beside(d) })),
  };
}

/** A path without its trailing slashes. */
const trimSlash = (p: string) => {
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  return p.slice(0, end);
};

/**
 * The paths a type checker is pointed at in pyproject.toml: mypy's `files` and pyright's `include`
 * (a test file among them is a static check of the typing).
 */
export function typeCheckedPaths(root: string | undefined): string[] {
  if (!root) return [];
  let toml: string;
  try {
    toml = readFileSync(join(root, 'pyproject.toml'), 'utf8');
  } catch {
    return [];
  }
  const out: string[] = [];
  let section = '';
  let open = false;
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[') && !open) {
      section = line;
      continue;
    }
    const key = line.split('=')[0]!.trim();
    const wanted =
      (section === '[tool.mypy]' && key === 'files') || (section === '[tool.pyright]' && key === 'include');
    if (!open && !wanted) continue;
    const value: string = open ? line : line.slice(line.indexOf('=') + 1);
    for (const m of value.matchAll(/"([^"]*)"|'([^']*)'/g)) out.push(trimSlash(m[1] ?? m[2]!));
    open = value.includes('[') ? !value.includes(']') : open && !value.includes(']');
  }
  return unique(out.filter((p) => p && p !== '.'));
}

export function writeTesting(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const testScripts = testScriptsOf(a);
  if (!wants(ctx, 'suites')) {
    // not this section's aspect
  } else if (!fx.testFiles.length && !a.tests.totalCases) {
    parts.push(
      sentence(
        `No automated tests were found: none of the ${plural(fx.sourceFiles.length, 'source file')} is a test file`,
        ' and no test framework is configured',
      ),
    );
  } else {
    const cases = caseCounts(a);
    // no ratio of test files to source files: it says nothing about how well the product is tested
    parts.push(sentence(testCount(ctx), writtenWith(a, ', written with')));
    // helpers, conftest, mocks and fixture apps hold no case: counted apart, never as test files
    // a file a type checker is pointed at (mypy `files`, pyright `include`) is a static test of the
    // typing, not a helper: counted apart from the support files
    const checked = typeCheckedPaths(ctx.workspace?.root);
    const isChecked = (p: string) => checked.some((c) => p === c || p.startsWith(`${c}/`));
    const typing = fx.testSupport.filter(isChecked);
    const support = fx.testSupport.length - typing.length;
    if (typing.length)
      parts.push(
        `${plural(typing.length, 'more file')} ${agree(typing.length, 'is a type-check case', 'are type-check cases')}, read by the type checker rather than run (${joinSome(
          unique(typing.map((p) => p.slice(0, Math.max(0, p.lastIndexOf('/'))) || '.')).map((d) => code(d)),
          3,
        )}).`,
      );
    if (support)
      parts.push(
        `${plural(support, typing.length ? 'other file' : 'more file')} of test support (helpers, mocks, fixture apps) ${agree(support, 'holds', 'hold')} no case.`,
      );
    // the files holding cases, source files with inline tests among them, so the rest adds up
    const all = mostCases(a, fx);
    const listed = all.slice(0, TABLE_ROWS);
    const rest = all.length - listed.length;
    const files = all.length > fx.testFiles.length ? 'files' : 'test files';
    if (rest > 0) {
      const sum = (ps: string[]) => ps.reduce((n, p) => n + (cases.get(p) ?? 0), 0);
      const restCases = sum(all) - sum(listed);
      parts.push(
        `The ${listed.length} ${files} with the most cases hold ${plural(sum(listed), 'case')}; ${plural(rest, 'more file')} ${agree(rest, 'holds', 'hold')} the other ${num(Math.max(0, restCases))}.`,
      );
    }
    parts.push(
      table(
        ['Test file', 'Cases', 'Lines'],
        listed.map((p) => [cite(p), cases.get(p) ?? '—', num(fx.fileByPath.get(p)?.code ?? 0)]),
        ['l', 'r', 'r'],
      ),
    );
    const { none, caseless } = untestedDirs(a, fx);
    const stubs = caseless.map(
      ({ dir, files }) =>
        `${joinSome(files.map(code), 2)} beside ${code(dir)} ${agree(files.length, 'holds', 'hold')} no test case`,
    );
    if (none.length || stubs.length)
      parts.push(
        [
          when(
            none.length,
            `Product directories with source code but no test file beside them: ${joinSome(
              none.map(([d, n]) => `${code(d)} (${plural(n, 'file')})`),
              5,
            )}.`,
          ),
          when(stubs.length, `${joinSome(stubs, 3)}.`),
          'Tests elsewhere may still exercise them.',
        ]
          .filter(Boolean)
          .join(' '),
      );
  }
  if (wants(ctx, 'suites') && fx.testFolders.length) {
    const tests = fx.testFolders.filter((d) => d.kind === 'test');
    const bench = fx.testFolders.filter((d) => d.kind === 'bench');
    // a folder's size is the one the directory layout gives it (every file, lines of code), so the
    // chapters never give the same folder two sizes
    const list = (ds: typeof tests) =>
      joinSome(
        ds.map((d) => {
          const n = treeNode(a.tree, d.path) ?? d;
          return `${code(d.path)} (${plural(n.files, 'file')}, ${num(n.lines)} lines of code)`;
        }),
        5,
      );
    const where = [
      when(tests.length, `Test code outside the product sources lives in ${list(tests)}.`),
      when(bench.length, `Benchmarks live in ${list(bench)}.`),
    ].filter(Boolean);
    parts.push(where.join(' '));
  }
  if (wants(ctx, 'suites') && testScripts.length)
    parts.push(
      `Tests run with ${joinSome(
        testScripts.map((s) => `${script(s.name, s.command)} (${cite(s.path, s.line)})`),
        3,
      )}.`,
    );
  if (ctx.plan.focus === 'quality') {
    const big = fx.largestFiles.filter((f) => f.code > 500);
    const largest = big[0] ? `${cite(big[0].path)}, ${num(big[0].code)}` : '';
    // the markers in tests, examples and vendored code are not the product's debt, as in the other chapters
    const todos = productTodos(a, fx).length;
    const size = big.length
      ? `${plural(big.length, 'source file')} ${agree(big.length, 'exceeds', 'exceed')} 500 lines of code (largest: ${largest})`
      : 'no source file exceeds 500 lines of code';
    parts.push(
      sentence(
        `Comments make up ${productCommentShare(a, fx)} of the non-blank lines${when(fx.productFiles.length, ' of the product')}`,
        `; ${plural(todos, 'TODO/FIXME marker')} ${agree(todos, 'remains', 'remain')} in the product code`,
        `; ${size}`,
      ) + notRankedNote(fx, 500),
    );
  }
  if (wants(ctx, 'quality')) {
    const checks = staticChecks(a);
    const idle = checks.filter((c) => unconfigured(a, c));
    const working = checks.filter((c) => !idle.includes(c));
    parts.push(
      working.length
        ? `Static checks: ${checkSummary(working, (c) => `${script(c.name, c.command)} (${cite(c.path, c.line)})`)}.`
        : idle.length
          ? ''
          : `${NO_CHECKS}.`,
      ...idle.map(
        (c) =>
          `The script ${code(c.name)} (${code(c.command ?? '')}, ${cite(c.path, c.line)}) runs ESLint, but no ESLint configuration is committed (no \`.eslintrc*\`, \`eslint.config.*\` or \`eslintConfig\` in \`package.json\`), so it applies no rules the project chose.`,
      ),
    );
  }
  // the CI sentence once per chapter: in the suites part (or the whole section), not again under quality
  // without CI, the absence is worth a sentence only when there are tests or checks it could run
  // ("these checks" are the static checks only where this section also tells them)
  const runnable =
    fx.testFiles.length > 0 ||
    a.tests.totalCases > 0 ||
    (wants(ctx, 'quality') && staticChecks(a).some((c) => !unconfigured(a, c)));
  if (wants(ctx, 'suites') && (a.ci.length || runnable))
    parts.push(a.ci.length ? ciRuns(a) : 'No CI workflow runs these checks automatically.');
  return paragraphs(...parts);
}

const TABLE_ROWS = 25;

/** "`lint` → `standard`"; a long command or a make recipe's banner is left to the citation. */
function script(name: string, command?: string): string {
  return command && command.length <= 60 && !BANNER.test(command)
    ? `${code(name)} → ${code(command)}`
    : code(name);
}

/**
 * Comments as a share of the product's non-blank lines, beside the product's other quality figures;
 * the repository's share (tests, data, benchmarks) when no product base is known.
 */
function productCommentShare(a: Analysis, fx: Facts): string {
  if (!fx.productFiles.length) return commentShare(a);
  const comment = fx.productFiles.reduce((n, f) => n + f.comment, 0);
  const code = fx.productFiles.reduce((n, f) => n + f.code, 0);
  return pct(comment, code + comment);
}

/** Comments as a share of the non-blank lines. */
function commentShare(a: Analysis): string {
  return pct(a.project.lines.comment, a.project.lines.code + a.project.lines.comment);
}

/** "12 test files hold 80 test cases". */
function testCount({ a }: Pick<WriterContext, 'a'>): string {
  // unit tests kept beside the code they test (a Rust `#[cfg(test)]` module) live in source files
  const { cases, files, inline } = projectModel(a).tests.value;
  const where = [
    files.length ? plural(files.length, 'test file') : '',
    inline.length ? `${plural(inline.length, 'source file')} with inline test modules` : '',
  ].filter(Boolean);
  const hold = agree(files.length + inline.length, 'holds', 'hold');
  return `${joinAnd(where)} ${hold} ${plural(cases, 'test case')}`;
}

/** The test frameworks after `lead` (" written with", ", written with"), or nothing when none was found. */
function writtenWith(a: Analysis, lead: string): string {
  return when(a.tests.frameworks.length, `${lead} ${joinSome(a.tests.frameworks.map(text), 3)}`);
}

// a package manager calling one of the project's scripts (`npm run lint`, `npm test`, `yarn lint`);
// `npm ci` is npm's own command, whatever the scripts are named
const NPM_CALL =
  /^(?:(?:npm|pnpm|yarn|bun)\s+run(?:-script)?\s+|npm\s+(?=test\b)|(?:pnpm|yarn)\s+)([\w:.-]+)/;
// make calling one of the project's targets: `make ci`, `make -j4 test`
const MAKE_CALL = /^make\s+(?:-\S+\s+)*([\w.-]+)/;
// variables set for one command (`RICHGO_FORCE_COLOR=1 PATH=… make richtest`) are not the command
const ENV_PREFIX = /^(?:[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S*)\s+)+/;
// Gradle's `build` runs `check` and Maven's `package` and `install` run the tests first, unless told not to
const BUILD_WITH_TESTS = /(?:^|\/)(?:gradlew?\s.*\bbuild\b|mvnw?\s.*\b(?:package|install)\b)/;
const SKIP_TESTS = /-DskipTests|-Dmaven\.test\.skip|-x\s+(?:test|check)\b/;
// installing a tool (`pip install pre-commit`) sets it up; it checks nothing yet
const INSTALL = /\b(?:install|uninstall|add|setup|download)\b/;

/**
 * The commands of a CI workflow that test or lint: a test runner or checker called directly, or a
 * product script whose own command is one (`make ci` where `ci` runs pytest).
 */
export function ciCheckCommands(a: Analysis, commands: string[]): string[] {
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' || e.kind === 'make-target');
  const checks = (e: EntryPoint) =>
    isCheckScript(e, scripts) || TEST_COMMAND.test(e.command ?? '') || testScriptsOf(a).includes(e);
  const bare = [...new Set(commands.map((c) => c.replace(ENV_PREFIX, '')))];
  return bare.filter((c) => {
    if (c.length > 80) return false;
    // an argument line of a longer command (`--label pre-commit`), a message and a variable set
    // (`echo "No pre-commit updates"`, `branch="bump-pre-commit-hooks"`) run no tool
    if (NOT_A_RUN.test(c)) return false;
    // a tool's name inside quotes is text (`git commit -m "Bump pre-commit hooks"`), not what runs
    const run = c.replace(/"[^"]*"|'[^']*'/g, '""');
    if (BUILD_WITH_TESTS.test(run)) return !SKIP_TESTS.test(run);
    if (INSTALL.test(run)) return false;
    if (TEST_COMMAND.test(run) || CHECK_COMMAND.test(run)) return true;
    // a script of the repository named for what it does (`scripts/test`, `bash scripts/lint.sh`)
    const script = repoScript(a, run);
    if (script) return TEST_NAME.test(script) || CHECK_NAME.test(script) || script === 'check';
    const npm = NPM_CALL.exec(c)?.[1];
    const make = MAKE_CALL.exec(c)?.[1];
    const called = scripts.find(
      (e) => (e.kind === 'npm-script' && e.name === npm) || (e.kind === 'make-target' && e.name === make),
    );
    // a script the analysis did not read (another package's) is judged by its name
    if (!called) return [npm, make].some((n) => n && (TEST_NAME.test(n) || CHECK_NAME.test(n)));
    return checks(called);
  });
}

// a line that runs nothing of its own: an argument continued from the line before, a message, a
// variable assigned
const NOT_A_RUN = /^(?:-|(?:echo|printf)\b|[A-Za-z_]\w*=)/;
// a repository script run directly or through a shell or a Python environment runner
const SCRIPT_RUN =
  /^(?:(?:uv|poetry|pdm|hatch|pipenv)\s+run\s+(?:--[\w-]+\s+)*)?(?:(?:ba|z)?sh\s+)?(?:\.\/)?((?:[\w.-]+\/)+[\w.-]+)(?=\s|$)/;

/** The name of the repository script a CI command runs (`scripts/test-cov.sh` → `test-cov`), if it runs one. */
function repoScript(a: Analysis, cmd: string): string | undefined {
  const path = SCRIPT_RUN.exec(cmd)?.[1];
  if (!path || !a.files.some((f) => f.path === path)) return undefined;
  return baseName(path).replace(/\.(?:sh|bash|py)$/, '');
}

/**
 * "`node.js.yml` runs the checks in CI (`npm run lint` and `npm run test:coverage`)." Only the
 * workflows whose steps run a test or lint command are said to run checks; a publish workflow is not.
 * A CI script or a configuration read before commands were recorded is named by its steps or jobs.
 */
export function ciRuns(a: Analysis): string {
  const runs = a.ci.map((c) => ({
    c,
    checks: c.commands && !isCiScript(c) ? ciCheckCommands(a, c.commands) : c.jobs,
  }));
  const checking = runs.filter((r) => r.checks.length || !r.c.commands || isCiScript(r.c));
  if (!checking.length) return '';
  const workflows = joinSome(
    checking.map((r) => cite(r.c.path)),
    3,
  );
  const what = unique(checking.flatMap((r) => r.checks));
  return `${workflows} ${agree(checking.length, 'runs', 'run')} the checks in CI${when(what.length, ` (${joinSome(what.map(code), 5)})`)}.${testJobs(a)}`;
}

/**
 * " The tests run in the jobs `test-unix` (platform ubuntu and macOS × go 17, 18 … 24) and
 * `test-win`.": which jobs run a test command, over what matrix, where the configuration says.
 */
function testJobs(a: Analysis): string {
  const jobs = a.ci.flatMap((c) =>
    (c.jobRuns ?? []).filter((j) => ciCheckCommands(a, j.commands).some((cmd) => runsTests(a, cmd))),
  );
  if (!jobs.length) return '';
  // a long axis (a release build's 14 targets) is given by its count: the names would fill the sentence
  const axis = (m: { name: string; values: string[]; entries?: boolean }) =>
    m.values.length <= 8
      ? `${text(m.name)} ${joinSome(m.values.map(text), 8)}`
      : m.entries
        ? `${m.values.length} configurations by ${text(m.name)}`
        : `${m.values.length} ${text(m.name)} values`;
  // `include` and `exclude` make a matrix other than its axes' product: the runs are counted
  const one = (j: (typeof jobs)[number]) =>
    `${code(j.job)}${when(
      !!j.matrix?.length,
      ` (${(j.matrix ?? []).map(axis).join(' × ')}${when(!!j.combinations, `: ${plural(j.combinations ?? 0, 'combination')}`)})`,
    )}`;
  return ` The tests run in ${agree(jobs.length, 'the job', 'the jobs')} ${joinSome(jobs.map(one), 4)}.`;
}

/** Whether a CI command runs tests: a test runner, or a script or target whose own command is one. */
function runsTests(a: Analysis, cmd: string): boolean {
  if (TEST_COMMAND.test(cmd) || BUILD_WITH_TESTS.test(cmd)) return true;
  const script = repoScript(a, cmd);
  if (script) return TEST_NAME.test(script);
  const npm = NPM_CALL.exec(cmd)?.[1];
  const make = MAKE_CALL.exec(cmd)?.[1];
  const called = a.entryPoints.find(
    (e) => (e.kind === 'npm-script' && e.name === npm) || (e.kind === 'make-target' && e.name === make),
  );
  return called ? TEST_COMMAND.test(called.command ?? '') || testScriptsOf(a).includes(called) : false;
}

function isCiScript(c: Analysis['ci'][number]): boolean {
  return c.provider === 'CI script';
}

/** The directory-layout node of a folder, when the layout goes that deep. */
function treeNode(tree: Analysis['tree'], path: string): { files: number; lines: number } | undefined {
  let nodes = tree.children;
  for (;;) {
    const hit = nodes.find((n) => n.path === path);
    if (hit) return hit;
    const parent = nodes.find((n) => path.startsWith(`${n.path}/`));
    if (!parent) return undefined;
    nodes = parent.children;
  }
}
