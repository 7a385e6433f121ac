// Pass: test files, the frameworks they use and how many test cases each declares, counted the
// way each ecosystem's runner defines a case: Rust #[test] functions wherever they live (plus
// #[test_case] attributes and the cases of macros that expand to tests), Go TestXxx functions,
// pytest/unittest functions and methods, JUnit @Test methods, and it()/test() calls in JS.

import { codeText } from './comments.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import { canHoldTests, isPythonTestModule, isTestSourceFile } from './test-code.ts';
import type { Dependency, FileInfo, TestInfo } from './types.ts';

/**
 * Named as a test file by its ecosystem's runner (foo.test.ts, test_foo.py, foo_test.go,
 * FooTest.java…): the runner loads it as tests even when its cases come from a shared helper
 * (`runTest(router)`) or it holds only benchmarks and examples.
 */
export function hasTestName(p: string): boolean {
  const b = baseName(p);
  // a Maven or Gradle build's main sources are never its tests, whatever a class is called
  if (/(^|\/)src\/main\//.test(p) && /\.(java|kt|scala|groovy)$/.test(b)) return false;
  return (
    /\.(test|spec|cy|test-d)\.[cm]?[jt]sx?$/.test(b) ||
    /^test_.*\.py$|_test\.py$/.test(b) ||
    /_test\.go$/.test(b) ||
    /(Test|Tests|IT|TestCase)\.(java|kt|cs|scala)$/.test(b) ||
    // Maven Surefire also runs `Test*` classes
    /^Test\w*\.(java|kt|scala|groovy)$/.test(b) ||
    // Rake's test task loads `test/test*.rb`
    /_spec\.rb$|_test\.rb$|^test_\w*\.rb$/.test(b) ||
    /Test\.php$/.test(b) ||
    // a Rust test module split out of its parent (`#[cfg(test)] mod tests;`)
    b === 'tests.rs'
  );
}

export function isTestFile(p: string): boolean {
  return (
    hasTestName(p) ||
    (/(^|\/)(__tests__|tests?)\//.test(p) &&
      /\.(rs|[cm]?[jt]sx?|py)$/.test(baseName(p)) &&
      !/(^|\/)(fixtures?|__fixtures__|helpers?)\//.test(p)) ||
    // a Maven or Gradle build compiles `src/test/` as its tests: JUnit runs any class there with
    // @Test methods, whatever it is called
    (/(^|\/)src\/test\//.test(p) && /\.(java|kt|scala|groovy)$/.test(baseName(p)))
  );
}

// node:test and node-tap subtests: t.test('name', …); a RegExp's .test(x) has no string title
// Deno.test takes a name, an options object or a named function
const JS_CASE =
  /(?:^|[^\w.$])(?:it|test)(?:\.(?:only|skip|concurrent|todo|fails|serial|failing|cb))*(?:\.each\s*(?:\([^)]*\)|`[^`]*`))?\s*\(\s*['"`]|\b(?:t|tt|st|t\d)\.test\(\s*['"`]|\bDeno\.test(?:\.(?:only|ignore))?\s*\(/gm;

const CASES: [RegExp, RegExp][] = [
  // tsd's type tests: each assertion on the published declarations is a case
  [
    /\.test-d\.[cm]?tsx?$/,
    /\bexpect(?:Type|NotType|Error|Assignable|NotAssignable|Deprecated|NotDeprecated|Never)\s*[<(]/g,
  ],
  [/\.[cm]?[jt]sx?$/, JS_CASE],
  // TestXxx: `go test` runs only names whose next letter is not lower case; benchmarks and examples are not cases
  [/\.go$/, /^func\s+(?:Test|Fuzz)(?![a-z])\w*\s*\(/gm],
  [/\.(java|kt|scala|groovy)$/, /@(?:Test|ParameterizedTest|RepeatedTest|TestFactory)\b/g],
  [/\.cs$/, /\[(?:Fact|Theory|Test|TestMethod|TestCase)\b/g],
  [/\.rb$/, /^[ \t]*(?:it|scenario|specify|test)\s+['"]|^[ \t]*def\s+test_/gm],
  [/\.php$/, /function\s+test\w*\s*\(|@test\b/g],
];

const FRAMEWORK_DEPS: Record<string, string> = {
  vitest: 'Vitest',
  jest: 'Jest',
  mocha: 'Mocha',
  ava: 'AVA',
  tap: 'node-tap',
  '@playwright/test': 'Playwright',
  cypress: 'Cypress',
  tsd: 'tsd',
  supertest: 'supertest',
  pytest: 'pytest',
  'junit:junit': 'JUnit',
  'org.junit.jupiter:junit-jupiter': 'JUnit',
  'org.junit.jupiter:junit-jupiter-api': 'JUnit',
  'org.springframework.boot:spring-boot-starter-test': 'Spring Boot Test',
  'org.mockito:mockito-core': 'Mockito',
  'org.testcontainers:junit-jupiter': 'Testcontainers',
  xunit: 'xUnit',
  NUnit: 'NUnit',
  MSTest: 'MSTest',
  rspec: 'RSpec',
  'rspec-rails': 'RSpec',
  'rspec-core': 'RSpec',
  minitest: 'Minitest',
  'phpunit/phpunit': 'PHPUnit',
  'github.com/stretchr/testify': 'testify',
  'test-case': 'test-case',
  rstest: 'rstest',
  proptest: 'proptest',
};

// what a test file imports says which frameworks it runs on, even when no manifest names them
const FRAMEWORK_IMPORTS: [RegExp, RegExp, string][] = [
  [/\.[cm]?[jt]sx?$/, /(?:from\s+|require\(\s*)['"]node:test['"]/, 'node:test'],
  [/\.[cm]?[jt]sx?$/, /(?:from\s+|require\(\s*)['"]supertest['"]/, 'supertest'],
  [/\.[cm]?[jt]sx?$/, /\bDeno\.test\s*\(/, 'deno test'],
  [/\.[cm]?[jt]sx?$/, /\bfrom\s+['"]bun:test['"]/, 'bun:test'],
  [/\.py$/, /^[ \t]*(?:import|from)\s+pytest\b|@pytest\./m, 'pytest'],
  // unittest runs a suite only through its TestCase classes or unittest.main(): `from unittest
  // import mock` under pytest is a mocking library, not a second framework
  [
    /\.py$/,
    /\bunittest\.(?:TestCase|IsolatedAsyncioTestCase|main)\b|^[ \t]*from[ \t]+unittest[ \t]+import\b[^\n]*\b(?:TestCase|IsolatedAsyncioTestCase)\b/m,
    'unittest',
  ],
  [/\.py$/, /^[ \t]*(?:from|import)[ \t]+django\.test\b/m, 'Django'],
  [/\.(java|kt|scala|groovy)$/, /\bimport\s+(?:static\s+)?org\.junit\b/, 'JUnit'],
  [/\.(java|kt|scala|groovy)$/, /\bimport\s+(?:static\s+)?org\.mockito\b/, 'Mockito'],
  [
    /\.(java|kt|scala|groovy)$/,
    /\bimport\s+(?:static\s+)?org\.springframework\.test\.web\.servlet\b|\bMockMvc\b/,
    'MockMvc',
  ],
  [/\.(java|kt|scala|groovy)$/, /\bimport\s+org\.springframework\.boot\.test\b/, 'Spring Boot Test'],
  [/\.(java|kt|scala|groovy)$/, /\bimport\s+org\.testcontainers\b/, 'Testcontainers'],
  [/\.go$/, /"github\.com\/stretchr\/testify/, 'testify'],
  [/\.rb$/, /\bRSpec\.describe\b|^require[ \t]+["'](?:rails|spec)_helper["']/m, 'RSpec'],
  // Rails' own test case runs on Minitest
  [
    /\.rb$/,
    /\bMinitest::Test\b|\bActiveSupport::TestCase\b|^require[ \t]+["']minitest\/autorun["']/m,
    'Minitest',
  ],
  [/\.rs$/, /#\[test_case\b/, 'test-case'],
  [/\.rs$/, /#\[rstest\]/, 'rstest'],
];

/** The index of the last character of the Rust string or char literal starting at `i`, or -1. */
function literalEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    let j = i + 1;
    for (; j < text.length && text[j] !== '"'; j++) if (text[j] === '\\') j++;
    return j;
  }
  // r"…", r#"…"#: no escapes, closed by a quote and as many hashes
  const raw = c === 'r' && !/\w/.test(text[i - 1] ?? '') ? /^r(#{0,8})"/.exec(text.slice(i, i + 11)) : null;
  if (raw) {
    const close = text.indexOf('"' + raw[1], i + raw[0].length);
    return close < 0 ? text.length : close + raw[1]!.length;
  }
  // 'x' and '\n' are chars; 'a alone is a lifetime
  if (c === "'") {
    if (text[i + 1] === '\\') {
      const close = text.indexOf("'", i + 2);
      return close < 0 || close - i > 12 ? -1 : close;
    }
    if (text[i + 2] === "'") return i + 2;
  }
  return -1;
}

/** The index just past the bracket that closes the one at `open`, skipping string and char literals. */
function closeOf(text: string, open: number): number {
  const pair: Record<string, string> = { '{': '}', '(': ')', '[': ']' };
  const stack: string[] = [pair[text[open]!]!];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    const lit = literalEnd(text, i);
    if (lit >= 0) i = lit;
    else if (pair[c]) stack.push(pair[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The text with every bracketed group and literal masked with `~` (newlines kept): its top level. */
function topLevel(text: string): string {
  const mask = (a: number, b: number) => text.slice(a, b).replace(/[^\n]/g, '~');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const lit = literalEnd(text, i);
    const end = lit >= 0 ? lit + 1 : '([{'.includes(c) ? closeOf(text, i) : -1;
    if (end < 0) {
      out += c;
      continue;
    }
    out += mask(i, end);
    i = end - 1;
  }
  return out;
}

// #[test], #[tokio::test(flavor = "multi_thread")], #[test_log::test]…
const RUST_TEST_ATTR = /#\[(?:\w+::){0,3}test(?:\([^)\]\n]{0,200}\))?\]/g;

/** How many tests one invocation of a test-generating macro declares. */
export interface RustTestMacro {
  /** #[test] functions written once in the expansion */
  perCall: number;
  /** #[test] functions inside a `$( … )*` repetition, declared once per entry of the invocation */
  perEntry: number;
}

/** The transcribers of a macro_rules! body (`{ (matcher) => { transcriber }; … }`). */
function transcribers(body: string): string[] {
  const out: string[] = [];
  let i = 1;
  while (i < body.length - 1) {
    const open = body.slice(i).search(/[([{]/);
    if (open < 0) break;
    const matcherEnd = closeOf(body, i + open);
    const arrow = body.indexOf('=>', matcherEnd);
    if (arrow < 0) break;
    const t = body.slice(arrow + 2).search(/[([{]/);
    if (t < 0) break;
    const end = closeOf(body, arrow + 2 + t);
    out.push(body.slice(arrow + 2 + t, end));
    i = end;
  }
  return out;
}

/** The #[test] functions one arm of a macro writes, once or per repetition. */
function armTests(transcriber: string): RustTestMacro {
  const repeated: [number, number][] = [];
  for (const m of transcriber.matchAll(/\$\(/g)) repeated.push([m.index, closeOf(transcriber, m.index + 1)]);
  let perCall = 0;
  let perEntry = 0;
  for (const m of transcriber.matchAll(RUST_TEST_ATTR))
    if (repeated.some(([a, b]) => m.index > a && m.index < b)) perEntry++;
    else perCall++;
  return { perCall, perEntry };
}

/**
 * Macros whose expansion declares #[test] functions. A macro's arms are alternatives, so one
 * invocation declares what its largest arm does.
 */
export function rustTestMacros(text: string): Map<string, RustTestMacro> {
  const out = new Map<string, RustTestMacro>();
  for (const m of text.matchAll(/\bmacro_rules!\s*(\w+)\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    const arms = transcribers(text.slice(open, closeOf(text, open))).map(armTests);
    const perCall = Math.max(0, ...arms.map((a) => a.perCall));
    const perEntry = Math.max(0, ...arms.map((a) => a.perEntry));
    if (perCall + perEntry > 0) out.set(m[1]!, { perCall, perEntry });
  }
  return out;
}

/**
 * The entries of a macro invocation that repeats its tests: top-level `name: …` entries (the usual
 * `$($name:ident: $value:expr,)*` shape), else its top-level comma- or semicolon-separated items.
 */
function invocationEntries(body: string): number {
  const top = topLevel(body);
  const named = top.match(/^[ \t]*[A-Za-z_]\w*[ \t]*:(?!:)/gm)?.length ?? 0;
  return named || top.split(/[,;]/).filter((s) => s.trim()).length;
}

/**
 * Rust test cases in one file (comments already blanked): #[test] functions outside macro
 * definitions, each #[test_case(…)] / rstest #[case(…)] attribute, and what each invocation of a
 * test-generating macro declares. A macro defined in this file shadows one of the same name defined
 * elsewhere, as macro_rules! scoping does: several files each define their own `test!`.
 */
/** The first and last line (1-based) of each `#[cfg(test)]` module of a Rust file (comments blanked). */
export function rustTestModules(text: string): [number, number][] {
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  return [...text.matchAll(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/g)].map((m) => [
    lineAt(m.index),
    lineAt(closeOf(text, m.index + m[0].length - 1)),
  ]);
}

/** Lines of code (comments already blanked) inside a Rust file's `#[cfg(test)]` modules. */
export function rustTestLines(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/g)) {
    const end = closeOf(text, m.index + m[0].length - 1);
    n += text
      .slice(m.index, end)
      .split('\n')
      .filter((l) => l.trim()).length;
  }
  return n;
}

export function rustCases(text: string, macros: Map<string, RustTestMacro>): number {
  let n = 0;
  const skipped: [number, number][] = [];
  const definedHere = new Set<string>();
  for (const m of text.matchAll(/\bmacro_rules!\s*(\w+)\s*\{/g)) {
    const end = closeOf(text, m.index + m[0].length - 1);
    skipped.push([m.index, end]);
    definedHere.add(m[1]!);
  }
  const outside = (i: number) => !skipped.some(([a, b]) => i >= a && i < b);
  for (const m of text.matchAll(RUST_TEST_ATTR)) if (outside(m.index)) n++;
  for (const m of text.matchAll(/#\[(?:test_case|case)\s*\(/g)) if (outside(m.index)) n++;
  // an rstest function without #[case(…)] attributes is one case
  for (const m of text.matchAll(/#\[rstest\]/g)) {
    const fn = text.indexOf('fn ', m.index);
    const head = text.slice(m.index, fn < 0 ? undefined : fn);
    if (outside(m.index) && !/#\[case\s*\(/.test(head)) n++;
  }
  // a macro defined here, test-generating or not, hides the one of that name from elsewhere
  const inScope = new Map([...macros].filter(([name]) => !definedHere.has(name)));
  for (const [name, shape] of rustTestMacros(text)) inScope.set(name, shape);
  for (const [name, shape] of inScope) {
    const call = new RegExp(`\\b${name}!\\s*[({[]`, 'g');
    for (const m of text.matchAll(call)) {
      if (!outside(m.index)) continue;
      const open = m.index + m[0].length - 1;
      const entries = shape.perEntry ? invocationEntries(text.slice(open + 1, closeOf(text, open) - 1)) : 0;
      n += shape.perCall + shape.perEntry * entries;
    }
  }
  return n;
}

// a base class is written `Name`, `module.Name` or `Name[T]`; `metaclass=…` is no base
function baseNames(bases: string): string[] {
  return bases
    .split(',')
    .filter((b) => !b.includes('='))
    .map(lastBaseName)
    .filter(Boolean);
}

/** The name in one base, `Name`, `module.Name` or `Name[T]`, read from its end; '' when there is none. */
function lastBaseName(base: string): string {
  const text = base.trimEnd();
  if (!text.endsWith(']')) return lastWord(text);
  // the subscript opens at a `[` after the `]` before the last one; the first such `[` with a name before it wins
  const previous = text.lastIndexOf(']', text.length - 2);
  for (let i = text.indexOf('[', previous + 1); i >= 0; i = text.indexOf('[', i + 1)) {
    const name = lastWord(text.slice(0, i).trimEnd());
    if (name) return name;
  }
  return '';
}

function lastWord(text: string): string {
  return /(?<!\w)\w+$/.exec(text)?.[0] ?? '';
}

const PY_CLASS = /^[ \t]*class[ \t]+(\w+)[ \t]*\(([^)]{0,500})\)/gm;

/**
 * Which base class names make a unittest test case: a class the project defines that derives,
 * through the project's own classes, from a TestCase it does not define (unittest's, Django's,
 * DRF's APITestCase…), or such a TestCase itself.
 */
export function pythonTestBases(texts: Iterable<string>): (name: string) => boolean {
  const bases = new Map<string, string[]>();
  for (const text of texts)
    for (const m of text.matchAll(PY_CLASS))
      bases.set(m[1]!, [...(bases.get(m[1]!) ?? []), ...baseNames(m[2]!)]);
  const external = (name: string) => !bases.has(name) && /TestCase$/.test(name);
  const tests = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, of] of bases) {
      if (tests.has(name) || !of.some((b) => tests.has(b) || external(b))) continue;
      tests.add(name);
      grew = true;
    }
  }
  return (name) => tests.has(name) || external(name);
}

const anyTestCase = pythonTestBases([]);

/**
 * unittest's and pytest's cases in one file: `test*` methods of TestCase subclasses (see
 * pythonTestBases), and where pytest collects (`pytest`) also module-level `test*` functions and
 * `test*` methods of `Test*` classes. Nested functions are not collected; a parametrized function
 * counts once.
 */
export function pythonCases(text: string, pytest = true, isTestBase = anyTestCase): number {
  const stack: { indent: number; kind: 'def' | 'class' | 'testClass' }[] = [];
  let n = 0;
  for (const m of text.matchAll(
    /^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+(\w+)(?:[ \t]*\(([^)]{0,500})\))?/gm,
  )) {
    const indent = m[1]!.replace(/\t/g, '        ').length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (m[2] === 'def') {
      if (/^test/.test(m[3]!) && (parent ? parent.kind === 'testClass' : pytest)) n++;
      stack.push({ indent, kind: 'def' });
    } else {
      const test =
        parent?.kind !== 'def' && ((pytest && /^Test/.test(m[3]!)) || baseNames(m[4] ?? '').some(isTestBase));
      stack.push({ indent, kind: test ? 'testClass' : 'class' });
    }
  }
  return n;
}

/** Files pytest collects by default (test_*.py, *_test.py). */
const PYTEST_FILE = /^test_.*\.py$|_test\.py$/;
/** Files unittest's discovery (and Django's test runner) imports by default: test*.py. */
const UNITTEST_FILE = /^test\w*\.py$/;

/** Which files pytest collects: its default, or the `python_files` globs of the project's pytest config. */
export function pytestFiles(src: Sources): (base: string) => boolean {
  const globs: string[] = [];
  for (const name of ['pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini']) {
    const m = /^[ \t]*python_files[ \t]*=[ \t]*(.{1,300})$/m.exec(src.text(name) ?? '');
    if (m) globs.push(...(m[1]!.match(/(?<![\w.*?-])[\w.*?-]+\.py\b/g) ?? []));
  }
  if (!globs.length) return (base) => PYTEST_FILE.test(base);
  // the globs hold only word characters, dots, dashes, * and ?
  const res = globs.map(
    (g) => new RegExp(`^${g.replace(/\./g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.')}$`),
  );
  return (base) => res.some((re) => re.test(base));
}

/**
 * Whether this pass counts the cases of a file in this language (Rust, Python and the CASES
 * rules): a file it cannot count is taken as a test file by its name alone.
 */
function countable(path: string): boolean {
  return /\.(rs|py)$/.test(path) || CASES.some(([ext]) => ext.test(path));
}

/** Cases in one file, and whether it is a test file or a product file that also holds tests. */
type FileCases = { cases: number; testFile: boolean; lines?: number } | null;

/** The test frameworks the dependencies name (`pytest`, `vitest`, `junit-jupiter`…). */
export function dependencyTestFrameworks(deps: Dependency[]): string[] {
  return [...new Set(deps.map((d) => FRAMEWORK_DEPS[d.name]).filter((fw): fw is string => !!fw))];
}

/** The languages of the product's own code: its files that are no test code. */
function productLanguagesOf(files: FileInfo[]): Set<string | null> {
  return new Set(
    files.filter((f) => (f.role ?? 'product') === 'product' && !isTestSourceFile(f)).map((f) => f.language),
  );
}

/**
 * The test code the suite runs: files named as tests by their runner, files with counted cases,
 * and test code in a language the product is written in (a Rust crate's fuzz targets). A Go file
 * among a Rust highlighter's syntax samples is none of these.
 */
export function suiteFiles(files: FileInfo[], tests: TestInfo): string[] {
  const productLanguages = productLanguagesOf(files);
  const cases = new Set(
    [...tests.files, ...(tests.inline ?? [])].filter((t) => t.cases > 0).map((t) => t.path),
  );
  return files
    .filter(
      (f) =>
        cases.has(f.path) ||
        (canHoldTests(f) && hasTestName(f.path)) ||
        (isTestSourceFile(f) && productLanguages.has(f.language)),
    )
    .map((f) => f.path);
}

export function testsPass(src: Sources, files: FileInfo[], deps: Dependency[]): TestInfo {
  const frameworks = new Set<string>(dependencyTestFrameworks(deps));
  for (const name of ['package.json']) {
    // "test": "node --test" runs the built-in runner
    if (/"test"\s*:\s*"[^"]*\bnode\s+(?:--[\w-]+\s+)*--test\b/.test(src.text(name) ?? ''))
      frameworks.add('node:test');
  }
  const code = (f: FileInfo) => codeText(src, f.path, f.language) ?? '';
  const macros = new Map<string, RustTestMacro>();
  for (const f of files.filter((x) => x.language === 'Rust'))
    for (const [k, v] of rustTestMacros(code(f))) macros.set(k, v);
  const isTestBase = pythonTestBases(files.filter((f) => f.path.endsWith('.py')).map(code));
  const collectedByPytest = pytestFiles(src);

  // Rust unit tests live in #[cfg(test)] modules of the product's own files
  const rustFile = (path: string, text: string): FileCases => {
    const cases = rustCases(text, macros);
    if (!cases && !isTestFile(path)) return null;
    const lines = isTestFile(path) ? 0 : rustTestLines(text);
    return { cases, testFile: isTestFile(path), ...(lines ? { lines } : {}) };
  };
  const pythonFile = (path: string, text: string): FileCases => {
    const base = baseName(path);
    const pytest = collectedByPytest(base);
    if (!isTestFile(path) && !pytest && !UNITTEST_FILE.test(base)) return null;
    const cases = pytest || UNITTEST_FILE.test(base) ? pythonCases(text, pytest, isTestBase) : 0;
    // plain module-level test functions only run under pytest
    if (pytest && cases > 0 && /^(?:async[ \t]+)?def[ \t]+test/m.test(text)) frameworks.add('pytest');
    return cases > 0 || isTestFile(path) || isPythonTestModule(path, text) ? { cases, testFile: true } : null;
  };
  const otherFile = (path: string, text: string): FileCases => {
    if (!isTestFile(path)) return null;
    const rule = CASES.find(([ext]) => ext.test(path));
    return { cases: rule ? [...matchesWithLines(text, rule[1])].length : 0, testFile: true };
  };

  const out: TestInfo = { frameworks: [], files: [], inline: [], support: [], totalCases: 0 };
  const productLanguages = productLanguagesOf(files);
  for (const f of files) {
    const rust = f.language === 'Rust';
    const python = f.path.endsWith('.py');
    if (!rust && !python && !isTestFile(f.path)) continue;
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    const found = rust ? rustFile(f.path, text) : python ? pythonFile(f.path, text) : otherFile(f.path, text);
    // a runner config or an empty package marker under tests/ declares no case and supports none
    if (!found || (found.testFile && !found.cases && !canHoldTests(f))) continue;
    if (rust) frameworks.add('cargo test');
    if (f.path.endsWith('_test.go')) frameworks.add('go test');
    // a runner is the suite's when a file with cases imports it: a sample under the tests that imports
    // pytest (a syntax to highlight, a benchmark's input) runs under no runner of this project
    for (const [ext, re, name] of FRAMEWORK_IMPORTS)
      if ((found.cases > 0 || productLanguages.has(f.language)) && ext.test(f.path) && re.test(text))
        frameworks.add(name);
    // a test file holds cases or is named as one; other test code with no case (a helper, a
    // conftest, a mock, a fixture app) is test support
    if (found.testFile && !found.cases && countable(f.path) && !hasTestName(f.path))
      out.support!.push(f.path);
    else if (found.testFile) out.files.push({ path: f.path, cases: found.cases });
    else
      out.inline!.push({ path: f.path, cases: found.cases, ...(found.lines ? { lines: found.lines } : {}) });
    out.totalCases += found.cases;
  }
  // helpers, conftest.py and mock servers hold no case but are test code all the same; in a
  // language whose cases this pass cannot count, test code is taken for tests
  // … in a language the product is written in: where the suite's cases were counted, a file under the
  // tests in another language, not named as a test, is what the tests read (a syntax sample to
  // highlight, a mocked pager script)
  const counted = out.totalCases > 0;
  const sample = (f: FileInfo) => counted && !productLanguages.has(f.language);
  const listed = new Set([...out.files.map((t) => t.path), ...out.support!]);
  for (const f of files) {
    if (listed.has(f.path) || !isTestSourceFile(f)) continue;
    if ((countable(f.path) || sample(f)) && !hasTestName(f.path)) out.support!.push(f.path);
    else out.files.push({ path: f.path, cases: 0 });
  }
  out.files.sort((x, y) => x.path.localeCompare(y.path));
  out.support!.sort();
  out.frameworks = [...frameworks].sort();
  return out;
}
