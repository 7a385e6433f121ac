// Which paths are test code or test fixtures, and the split of findings into the product's own and
// those found only in tests: a route in a test file or a fixture app is not part of the product's API.

import { splitCitation } from '../citations.ts';
import type { Analysis, TestOnlyFindings } from './types.ts';

// sample projects and data that tests feed to the code; their manifests are not the project's own.
// `_fixture/`: a leading underscore hides the folder from Go's build, as it holds no package
const FIXTURE_DIR =
  /(^|\/)(_?fixtures?|__fixtures__|testdata|test-data|test[-_]files|__mocks__|__snapshots__)\//i;
// runtime-tests/, unit_tests/, integration-tests/: a folder named for the kind of tests it holds
// (cypress/: the browser tests Cypress runs, with their support code and fixtures);
// test-helpers/, testutil/: the code the tests share, required only from them; fuzz/, fuzz_targets/:
// the inputs a fuzzer throws at the product (cargo-fuzz, Go's and Python's fuzz harnesses)
const TEST_DIR =
  /(^|\/)(tests?|fuzz|fuzz_targets|__tests__|spec|specs|e2e|cypress|[\w.-]{1,100}[-_]tests?|test[-_](?:helpers?|utils?|support|harness)|testutils?)\//i;
// `.test-d.ts`: tsd's type tests, which check the published declarations; `.cy.ts`: Cypress's specs
const TEST_FILE =
  /\.(test|spec|e2e-spec|test-d|cy)\.[a-z0-9]+$|(^|\/)test_[^/]+\.py$|_test\.(py|go|rb)$|_spec\.rb$|(^|\/)conftest\.py$|(^|\/)tests\.rs$|Test\.php$|(^|\/)test[-_](helpers?|fixtures?|utils?|setup|support|harness)\.[cm]?[jt]sx?$/i;
// JUnit's naming: FooTest, FooTests, FooIT, case-sensitive (Visit.java is not an integration test)
const JVM_TEST_FILE = /(Tests?|IT)\.(java|kt|cs|scala)$/;

// benchmarks and load scripts: they exercise the product but are not part of it
const BENCH_DIR = /(^|\/)(bench|benches|benchmarks?)\//i;

/** Benchmark code (bench/, benchmarks/): measured against the product, not shipped with it. */
export function isBenchPath(p: string): boolean {
  return BENCH_DIR.test(p);
}

/** Test, fixture or benchmark code: left out of the module graph and the components. */
export function isNonProductCode(p: string): boolean {
  return isTestCode(p) || isBenchPath(p);
}

/** A sample project or data set that tests run against (fixtures/, testdata/…). */
export function isFixturePath(p: string): boolean {
  return FIXTURE_DIR.test(p);
}

/** Test code, test helpers or fixtures: anything that only exists to test the product. */
export function isTestCode(p: string): boolean {
  return FIXTURE_DIR.test(p) || TEST_DIR.test(p) || TEST_FILE.test(p) || JVM_TEST_FILE.test(p);
}

// markup, styles, data, build and template files: a page, a Makefile or a key pair under tests/
// serves the tests but holds no test code
const NOT_TEST_CODE_LANGUAGES = new Set([
  'HTML',
  'XML',
  'XAML',
  'SVG',
  'CSS',
  'SCSS',
  'LESS',
  'Sass',
  'Stylus',
  'JSON',
  'JSON5',
  'YAML',
  'TOML',
  'INI',
  'Properties',
  'CSV',
  'Text',
  'Markdown',
  'reStructuredText',
  'AsciiDoc',
  'TeX',
  'SQL',
  'GraphQL',
  'Protocol Buffers',
  'Thrift',
  'diff',
  'make',
  'CMake',
  'Meson',
  'Bazel',
  'Starlark',
  'Dockerfile',
  'Containerfile',
  'Maven',
  'Gradle',
  'Ant',
  'MSBuild script',
  'EJS',
  'ERB',
  'Handlebars',
  'Mustache',
  'Jinja Template',
  'Twig',
  'Nunjucks',
  'liquid',
  'Freemarker Template',
  'Mako',
  'Razor',
]);

// a runner's or a build tool's own settings (vitest.config.ts, karma.conf.js, jest.config.mjs)
const TOOL_CONFIG = /(^|\/)[\w.-]+\.(config|conf)\.[cm]?[jt]s$/;

type CodeFile = { path: string; language: string | null; code: number };

/**
 * Whether a file can be a test file at all: code in a language tests are written in. Runner
 * configs, empty package markers, and pages, Makefiles or keys kept among the tests cannot.
 */
export function canHoldTests(f: CodeFile): boolean {
  return isProgramLanguage(f.language) && f.code > 0 && !TOOL_CONFIG.test(f.path);
}

/**
 * A test file by its path: code under a test folder or named as a test that holds tests or supports
 * them (conftest.py, helpers, a mock server). Fixtures are the tests' inputs, not test files.
 */
export function isTestSourceFile(f: CodeFile): boolean {
  return canHoldTests(f) && isTestCode(f.path) && !isFixturePath(f.path);
}

/** A file written in a programming language (not markup, styles, data, build or template files). */
export function isProgramLanguage(language: string | null): boolean {
  return language != null && !NOT_TEST_CODE_LANGUAGES.has(language);
}

// what only Python test code imports: unittest, pytest, Django's and DRF's test cases
const PY_TEST_IMPORT =
  /^[ \t]*(?:from[ \t]+(?:unittest|pytest|django\.test|rest_framework\.test)\b|import[ \t]+(?:unittest|pytest)\b)/m;
const PY_TEST_CASE_CLASS = /^[ \t]*class[ \t]+\w+[ \t]*\([^)]{0,500}TestCase\b/m;

/**
 * A Python module that is its folder's test package in one file: tests.py (Django's startapp writes
 * one, often left as a comment-only stub) or test.py holding the project's test base classes. The
 * name alone is not enough: a template engine's tests.py holds the product's `is odd` tests, so a
 * module with code must import a test framework or define a TestCase. `code`: comments blanked.
 */
export function isPythonTestModule(path: string, code: string): boolean {
  if (!/(^|\/)tests?\.py$/.test(path)) return false;
  return !/\S/.test(code) || PY_TEST_IMPORT.test(code) || PY_TEST_CASE_CLASS.test(code);
}

/**
 * Manifests under a test folder that are test data, not the tests' own: no file under the
 * manifest's folder is test code the suite runs (`suite`, see tests.ts suiteFiles). A syntax
 * highlighter's `tests/syntax-tests/source/Go/go.mod` sits beside a sample to colour, and declares
 * what that sample would need; `tests/requirements.txt` beside `tests/test_api.py` is the suite's.
 */
export function testDataManifests(manifests: string[], suite: string[]): Set<string> {
  const out = new Set<string>();
  for (const m of manifests) {
    const dir = m.slice(0, m.lastIndexOf('/') + 1);
    if (!dir || !isTestCode(m) || isFixturePath(m)) continue;
    if (!suite.some((f) => f.startsWith(dir))) out.add(m);
  }
  return out;
}

const fileOf = (evidence: string) => splitCitation(evidence).path;

type Splittable = Pick<
  Analysis,
  'routes' | 'entryPoints' | 'envVars' | 'containers' | 'manifests' | 'dependencies' | 'frameworks'
> &
  Partial<Pick<Analysis, 'config' | 'docs' | 'secrets' | 'todos'>>;

/**
 * Moves test-only findings out of the product's lists. Routes, entry points, env vars and
 * containers in any test code are moved; manifests, dependencies and frameworks only when they come
 * from a fixture or test data (`testData`, see testDataManifests): tests/requirements.txt still
 * declares the project's own test tools. An env var
 * read by the product and by tests stays, with only its product reads.
 */
export function splitTestFindings<T extends Splittable>(
  a: T,
  testData: ReadonlySet<string> = new Set(),
): { product: T; testOnly: TestOnlyFindings } {
  const data = (p: string) => isFixturePath(p) || testData.has(p);
  const part = <X>(xs: X[], test: (x: X) => boolean): [X[], X[]] => {
    const keep: X[] = [];
    const out: X[] = [];
    for (const x of xs) (test(x) ? out : keep).push(x);
    return [keep, out];
  };
  const [routes, testRoutes] = part(a.routes, (r) => isTestCode(r.file));
  const [entryPoints, testEntries] = part(a.entryPoints, (e) => isTestCode(e.path));
  const [containers, testContainers] = part(a.containers, (c) => isTestCode(c.path));
  const [manifests, testManifests] = part(a.manifests, (m) => data(m.path));
  const [dependencies, testDeps] = part(a.dependencies, (d) => data(d.manifest));
  const [frameworks, testFrameworks] = part(a.frameworks, (f) => data(fileOf(f.evidence)));
  const productVars = new Set(a.envVars.filter((e) => !isTestCode(e.file)).map((e) => e.name));
  const [envVars, testVars] = part(a.envVars, (e) => isTestCode(e.file));
  const [secrets, testSecrets] = part(a.secrets ?? [], (x) => isTestCode(x.file));
  const [todos, fixtureTodos] = part(a.todos ?? [], (x) => isFixturePath(x.file));
  const product: T = { ...a, routes, entryPoints, containers, manifests, dependencies, frameworks, envVars };
  if (a.secrets) product.secrets = secrets;
  if (a.todos) product.todos = todos;
  if (a.config) product.config = { ...a.config, files: a.config.files.filter((f) => !isFixturePath(f.path)) };
  if (a.docs) product.docs = { ...a.docs, files: a.docs.files.filter((f) => !isFixturePath(f)) };
  return {
    product,
    testOnly: {
      routes: testRoutes,
      entryPoints: testEntries,
      envVars: testVars.filter((e) => !productVars.has(e.name)),
      containers: testContainers,
      manifests: testManifests,
      dependencies: testDeps,
      frameworks: testFrameworks,
      secrets: testSecrets,
      todos: fixtureTodos,
    },
  };
}
