// Pass: test files, the frameworks they use and how many test cases each declares, counted the
// way each ecosystem's runner defines a case: Rust #[test] functions wherever they live (plus
// #[test_case] attributes and the cases of macros that expand to tests), Go TestXxx functions,
// pytest/unittest functions and methods, JUnit @Test methods, and it()/test() calls in JS.

import { codeText } from './comments.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { Dependency, FileInfo, TestInfo } from './types.ts';

export function isTestFile(p: string): boolean {
  const b = baseName(p);
  return (
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(b) ||
    /^test_.*\.py$|_test\.py$/.test(b) ||
    /_test\.go$/.test(b) ||
    /(Test|Tests|IT)\.(java|kt|cs|scala)$/.test(b) ||
    /_spec\.rb$|_test\.rb$/.test(b) ||
    /Test\.php$/.test(b) ||
    (/(^|\/)(__tests__|tests?)\//.test(p) &&
      /\.(rs|[cm]?[jt]sx?|py)$/.test(b) &&
      !/(^|\/)(fixtures?|__fixtures__|helpers?)\//.test(p))
  );
}

// node:test and node-tap subtests: t.test('name', …); a RegExp's .test(x) has no string title
const JS_CASE =
  /(?:^|[^\w.$])(?:it|test)(?:\.(?:only|skip|concurrent|todo|fails))*(?:\.each\s*(?:\([^)]*\)|`[^`]*`))?\s*\(\s*['"`]|\b(?:t|tt|st|t\d)\.test\(\s*['"`]/gm;

const CASES: [RegExp, RegExp][] = [
  [/\.[cm]?[jt]sx?$/, JS_CASE],
  // TestXxx: `go test` runs only names whose next letter is not lower case; benchmarks and examples are not cases
  [/\.go$/, /^func\s+(?:Test|Fuzz)(?![a-z])\w*\s*\(/gm],
  [/\.(java|kt|scala|groovy)$/, /@(?:Test|ParameterizedTest|RepeatedTest|TestFactory)\b/g],
  [/\.cs$/, /\[(?:Fact|Theory|Test|TestMethod|TestCase)\b/g],
  [/\.rb$/, /^[ \t]*(?:it|scenario|specify)\s+['"]|^[ \t]*def\s+test_/gm],
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
  [/\.py$/, /^[ \t]*(?:import|from)\s+pytest\b|@pytest\./m, 'pytest'],
  [/\.py$/, /^[ \t]*(?:import unittest|from unittest\b)/m, 'unittest'],
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
  [/\.rs$/, /#\[test_case\b/, 'test-case'],
  [/\.rs$/, /#\[rstest\]/, 'rstest'],
];

/** The index just past the bracket that closes the one at `open`, skipping string literals. */
function closeOf(text: string, open: number): number {
  const pair: Record<string, string> = { '{': '}', '(': ')', '[': ']' };
  const stack: string[] = [pair[text[open]!]!];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (pair[c]) stack.push(pair[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

const RUST_TEST_ATTR = /#\[(?:tokio::|async_std::)?test\]/g;

/** Macros whose body declares #[test] functions: each invocation generates tests. */
export function rustTestMacros(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/\bmacro_rules!\s*(\w+)\s*\{/g)) {
    const body = text.slice(m.index + m[0].length - 1, closeOf(text, m.index + m[0].length - 1));
    const templates = body.match(RUST_TEST_ATTR)?.length ?? 0;
    if (templates > 0) out.set(m[1]!, templates);
  }
  return out;
}

/**
 * Rust test cases in one file (comments already blanked): #[test] functions outside macro
 * definitions, each #[test_case(…)] / rstest #[case(…)] attribute, and for every invocation of a
 * test-generating macro one case per `name: …` entry (the usual `$($name:ident: $value:expr,)*`
 * shape), or one per #[test] in the macro when its entries are not named.
 */
export function rustCases(text: string, macros: Map<string, number>): number {
  let n = 0;
  const skipped: [number, number][] = [];
  for (const m of text.matchAll(/\bmacro_rules!\s*(\w+)\s*\{/g)) {
    const end = closeOf(text, m.index + m[0].length - 1);
    skipped.push([m.index, end]);
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
  for (const [name, templates] of macros) {
    const call = new RegExp(`\\b${name}!\\s*[({[]`, 'g');
    for (const m of text.matchAll(call)) {
      if (!outside(m.index)) continue;
      const open = m.index + m[0].length - 1;
      const body = text.slice(open + 1, closeOf(text, open) - 1);
      const entries = body.match(/^[ \t]*[A-Za-z_]\w*[ \t]*:(?!:)/gm)?.length ?? 0;
      n += entries > 0 ? entries * templates : templates;
    }
  }
  return n;
}

/**
 * pytest's (and unittest's) cases in one file: module-level `test*` functions and `test*` methods
 * of `Test*` classes or TestCase subclasses. Nested functions are not collected; a parametrized
 * function counts once.
 */
export function pythonCases(text: string): number {
  const stack: { indent: number; kind: 'def' | 'class' | 'testClass' }[] = [];
  let n = 0;
  for (const m of text.matchAll(/^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+(\w+)([^\n]*)/gm)) {
    const indent = m[1]!.replace(/\t/g, '        ').length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (m[2] === 'def') {
      if (/^test/.test(m[3]!) && (!parent || parent.kind === 'testClass')) n++;
      stack.push({ indent, kind: 'def' });
    } else {
      const test = (/^Test/.test(m[3]!) || /\bTestCase\b/.test(m[4]!)) && parent?.kind !== 'def';
      stack.push({ indent, kind: test ? 'testClass' : 'class' });
    }
  }
  return n;
}

/** Files pytest collects by default (test_*.py, *_test.py). */
const PYTEST_FILE = /^test_.*\.py$|_test\.py$/;

export function testsPass(src: Sources, files: FileInfo[], deps: Dependency[]): TestInfo {
  const frameworks = new Set<string>();
  for (const d of deps) {
    const fw = FRAMEWORK_DEPS[d.name];
    if (fw) frameworks.add(fw);
  }
  for (const name of ['package.json']) {
    // "test": "node --test" runs the built-in runner
    if (/"test"\s*:\s*"[^"]*\bnode\s+(?:--[\w-]+\s+)*--test\b/.test(src.text(name) ?? ''))
      frameworks.add('node:test');
  }
  const rust = files.filter((f) => f.language === 'Rust');
  const macros = new Map<string, number>();
  for (const f of rust)
    for (const [k, v] of rustTestMacros(codeText(src, f.path, f.language) ?? '')) macros.set(k, v);

  const out: TestInfo = { frameworks: [], files: [], totalCases: 0 };
  for (const f of files) {
    // Rust unit tests live in #[cfg(test)] modules beside the code, so every Rust file counts
    const isRust = f.language === 'Rust';
    if (!isRust && !isTestFile(f.path)) continue;
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    let cases = 0;
    if (isRust) {
      cases = rustCases(text, macros);
      if (cases === 0 && !isTestFile(f.path)) continue;
      frameworks.add('cargo test');
    } else if (f.path.endsWith('.py')) {
      cases = PYTEST_FILE.test(baseName(f.path)) ? pythonCases(text) : 0;
      // plain module-level test functions only run under pytest
      if (cases > 0 && /^(?:async[ \t]+)?def[ \t]+test/m.test(text)) frameworks.add('pytest');
    } else {
      const rule = CASES.find(([ext]) => ext.test(f.path));
      if (rule) for (const _ of matchesWithLines(text, rule[1])) cases++;
    }
    if (f.path.endsWith('_test.go')) frameworks.add('go test');
    for (const [ext, re, name] of FRAMEWORK_IMPORTS)
      if (ext.test(f.path) && re.test(text)) frameworks.add(name);
    out.files.push({ path: f.path, cases });
    out.totalCases += cases;
  }
  out.frameworks = [...frameworks].sort();
  return out;
}
