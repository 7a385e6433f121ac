import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { pythonCases, pythonTestBases, rustCases, rustTestMacros, suiteFiles, testsPass } from './tests.ts';

const RUST_SIZE = `
fn parse(s: &str) -> u64 { 0 }

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! gen_parse_test {
        ($($name: ident: $val: expr,)*) => {
            $(
                #[test]
                fn $name() {
                    let (txt, expected) = $val;
                    assert_eq!(parse(txt), expected);
                }
            )*
        };
    }

    gen_parse_test! {
        byte_plus:   ("+1b", 1),
        kilo_plus:   ("+1k", 1000),
        mega_minus:  ("-1m", 1000000),
    }

    // #[test] in a comment is not a test
    #[test]
    fn plain() {}

    #[tokio::test]
    async fn in_runtime() {}
}
`;

const RUST_INTEGRATION = `
use test_case::test_case;

#[test_case("--hidden", "a")]
#[test_case("--no-ignore", "b")]
fn flags(flag: &str, out: &str) {}

/// #[test]
#[test]
fn walk() {}

#[rstest]
#[case(0, 0)]
#[case(1, 1)]
fn fib(#[case] input: u32, #[case] expected: u32) {}

#[rstest]
fn fixture_only() {}
`;

// just's shape: one test per invocation, fields named like entries, two alternative arms
const RUST_FIELDS = `
mod tests {
  macro_rules! test {
    {
      name: $name:ident,
      text: $text:expr,
    } => {
      #[test]
      fn $name() { test($text, true); }
    };
    {
      name: $name:ident,
      text: $text:expr,
      unindent: $unindent:expr,
    } => {
      #[test]
      fn $name() { test($text, $unindent); }
    }
  }

  test! {
    name: brace,
    text: '{',
  }

  test! {
    name: unindented,
    text: "a: b",
    unindent: false,
  }

  #[tokio::test(flavor = "multi_thread")]
  async fn in_runtime() {}
}
`;

describe('rust test cases', () => {
  it('counts #[test] fns in src modules, macro-generated cases by entry, and not the macro template', () => {
    const macros = rustTestMacros(RUST_SIZE);
    expect(macros).toEqual(new Map([['gen_parse_test', { perCall: 0, perEntry: 1 }]]));
    // the comment is blanked by the pass; here it is a plain line starting with //, which the regex skips
    expect(rustCases(RUST_SIZE.replace('// #[test] in a comment is not a test', ''), macros)).toBe(3 + 1 + 1);
  });

  it('counts one test per invocation of a macro whose #[test] is not repeated, whatever its fields', () => {
    expect(rustTestMacros(RUST_FIELDS)).toEqual(new Map([['test', { perCall: 1, perEntry: 0 }]]));
    expect(rustCases(RUST_FIELDS, new Map())).toBe(2 + 1);
  });

  it("lets a file's own macro shadow another file's macro of the same name", () => {
    const elsewhere = rustTestMacros(RUST_SIZE.replace('gen_parse_test', 'test'));
    expect(rustCases(RUST_FIELDS, elsewhere)).toBe(2 + 1);
    // a local assertion macro of the same name generates no test
    const local =
      'macro_rules! test {\n  ($a:expr) => { assert!($a) };\n}\nfn f() { test!(true); test!(false); }\n';
    expect(rustCases(local, elsewhere)).toBe(0);
  });

  it('counts #[test_case] attributes, rstest cases and a macro invoked in another file', () => {
    expect(rustCases(RUST_INTEGRATION.replace('/// #[test]', ''), new Map())).toBe(2 + 1 + 2 + 1);
    const macros = new Map([['owner_tests', { perCall: 0, perEntry: 1 }]]);
    expect(
      rustCases('owner_tests! {\n    empty: "" => Ok(()),\n    uid_only: "5" => Ok(Some(5)),\n}\n', macros),
    ).toBe(2);
    // entries that are not `name: value` pairs: one per top-level item
    expect(
      rustCases('checks!(a, (b, c), "d, e");\n', new Map([['checks', { perCall: 0, perEntry: 2 }]])),
    ).toBe(3 * 2);
  });
});

describe('python test cases', () => {
  it('counts module-level test functions and methods of Test classes, not nested helpers', () => {
    const text = [
      'import pytest',
      '@pytest.mark.parametrize("x", [1, 2, 3])',
      'def test_param(x):',
      '    def test_nested_callback():',
      '        pass',
      'async def test_async():',
      '    pass',
      'class TestThing:',
      '    def test_a(self):',
      '        pass',
      '    def helper(self):',
      '        pass',
      'class Helper:',
      '    def test_not_collected(self):',
      '        pass',
      'class Legacy(unittest.TestCase):',
      '    def test_b(self):',
      '        pass',
      'def helper():',
      '    pass',
    ].join('\n');
    expect(pythonCases(text)).toBe(4);
  });

  it("follows the project's own base classes to a TestCase, transitively", () => {
    const base = 'from django.test import TestCase\n\nclass BaseTestCase(TestCase):\n    pass\n';
    const api = 'class ApiBase(\n    Mixin,\n    BaseTestCase,\n):\n    pass\n\nclass Mixin:\n    pass\n';
    const isTestBase = pythonTestBases([base, api]);
    expect(['BaseTestCase', 'ApiBase', 'TestCase', 'APITestCase'].every(isTestBase)).toBe(true);
    expect(isTestBase('Mixin')).toBe(false);
    const tests = [
      'class ListTests(ApiBase):',
      '    def test_list(self):',
      '        pass',
      'class Plain(Mixin):',
      '    def test_not_a_case(self):',
      '        pass',
      'def test_module_level():',
      '    pass',
    ].join('\n');
    // a tests.py is found by unittest's discovery, not by pytest: module-level functions do not run
    expect(pythonCases(tests, false, isTestBase)).toBe(1);
    expect(pythonCases(tests, true, isTestBase)).toBe(2);
  });
});

describe('testsPass()', () => {
  const FILES: Record<string, string> = {
    'Cargo.toml': '[package]\nname = "x"\n',
    'src/filter/size.rs': RUST_SIZE,
    'tests/tests.rs': RUST_INTEGRATION,
    'src/walk/tests.rs': '#[test]\nfn walks() {}\n',
    'cmd_test.go':
      'package cobra\n\nfunc TestRun(t *testing.T) {\n\tt.Run("sub", func(t *testing.T) {})\n}\nfunc Test_underscore(t *testing.T) {}\nfunc Testhelper() {}\nfunc BenchmarkRun(b *testing.B) {}\nfunc ExampleRun() {}\n// func TestCommented(t *testing.T) {}\n',
    'tests/test_core.py':
      'def test_one():\n    """def test_in_docstring(): pass"""\n\ndef test_two():\n    pass\n',
    'tests/typing/typing_progressbar.py': 'def test_not_collected():\n    pass\n',
    // Django: a project base class in test.py, an app's tests.py and a stub one
    'hc/test.py':
      'from django.test import TestCase\n\nclass BaseTestCase(TestCase):\n    def setUp(self):\n        pass\n',
    'hc/api/tests.py':
      'from hc.test import BaseTestCase\n\nclass PingTestCase(BaseTestCase):\n    def test_it_works(self):\n        pass\n',
    'hc/logs/tests.py': '# Create your tests here.\n',
    // product modules named like tests: a template engine's `is` tests, a test client
    'src/jinja/tests.py': 'def test_odd(value):\n    return value % 2 == 1\n',
    'src/werkzeug/test.py': 'class Client:\n    def test_open(self):\n        pass\n',
    'utils/auth.ts': 'export const valid = (email: string) => /@/.test(email);\n',
    'runtime-tests/deno/hono.test.ts':
      "Deno.test('Hello World', async () => {});\nDeno.test({ name: 'object form', fn() {} });\n",
    '__tests__/app.test.js': [
      "const test = require('node:test');",
      "const request = require('supertest');",
      "describe('app', () => {",
      "  it('responds', () => {});",
      "  it('matches', () => { assert(/a/.test('a')); assert(re.test(s)); });",
      '});',
      "test('top', async (t) => {",
      "  await t.test('nested', () => {});",
      '});',
    ].join('\n'),
    'src/test/java/a/OwnerTests.java': [
      'import org.junit.jupiter.api.Test;',
      'import org.mockito.Mock;',
      '@Testcontainers',
      'class OwnerTests {',
      '  @Test void a() {}',
      '  // @Test void commented() {}',
      '  @ParameterizedTest @ValueSource(ints = {1, 2}) void b(int i) {}',
      '  @Nested class Inner { @Test void c() {} }',
      '}',
    ].join('\n'),
  };
  const src = sourcesFromMap(FILES);
  const { files } = languagesPass(src);
  const t = testsPass(src, files, []);
  const cases = (p: string) => t.files.find((f) => f.path === p)?.cases;

  it('counts cases per ecosystem as each runner defines them', () => {
    expect(cases('tests/tests.rs')).toBe(6);
    expect(cases('src/walk/tests.rs')).toBe(1);
    expect(cases('cmd_test.go')).toBe(2);
    expect(cases('tests/test_core.py')).toBe(2);
    // a module under tests/ with no case is test support, not a test file
    expect(cases('tests/typing/typing_progressbar.py')).toBeUndefined();
    expect(t.support).toContain('tests/typing/typing_progressbar.py');
    expect(cases('__tests__/app.test.js')).toBe(4);
    expect(cases('src/test/java/a/OwnerTests.java')).toBe(3);
    expect(cases('hc/api/tests.py')).toBe(1);
    expect(cases('runtime-tests/deno/hono.test.ts')).toBe(2);
    expect(t.totalCases).toBe(5 + 6 + 1 + 2 + 2 + 4 + 3 + 1 + 2);
  });

  it('keeps a Rust file with a #[cfg(test)] module a product file, and counts its cases', () => {
    expect(cases('src/filter/size.rs')).toBeUndefined();
    // the test module's lines are counted, so a size finding can leave them out
    expect(t.inline).toEqual([{ path: 'src/filter/size.rs', cases: 5, lines: 24 }]);
  });

  it('lists Python test modules by what they hold, not by their name alone', () => {
    expect(cases('hc/test.py')).toBeUndefined();
    expect(t.support).toContain('hc/test.py');
    // Django's startapp stub holds no test: the app is untested, not tested by an empty file
    expect(cases('hc/logs/tests.py')).toBeUndefined();
    for (const p of ['src/jinja/tests.py', 'src/werkzeug/test.py', 'utils/auth.ts'])
      expect(cases(p)).toBeUndefined();
  });

  it('names the frameworks the test code imports', () => {
    expect(t.frameworks).toEqual(
      expect.arrayContaining([
        'cargo test',
        'test-case',
        'rstest',
        'go test',
        'pytest',
        'node:test',
        'supertest',
        'JUnit',
        'Mockito',
        'Django',
        'deno test',
      ]),
    );
  });

  it("names RSpec from a spec's helper or RSpec.describe, and Minitest from Rails' test case", () => {
    const s = sourcesFromMap({
      'spec/models/story_spec.rb':
        'require "rails_helper"\n\ndescribe Story do\n  it "is valid" do\n    expect(1).to eq(1)\n  end\nend\n',
      'test/models/user_test.rb':
        'require "test_helper"\n\nclass UserTest < ActiveSupport::TestCase\n  test "the truth" do\n    assert true\n  end\nend\n',
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.frameworks).toEqual(expect.arrayContaining(['RSpec', 'Minitest']));
  });

  it("counts Cypress's `.cy.ts` specs as test files with their cases, wherever they sit", () => {
    const s = sourcesFromMap({
      'cypress/e2e/login.cy.ts':
        "describe('login', () => {\n  it('logs in', () => {});\n  it('logs out', () => {});\n});\n",
      'cypress/support/e2e.ts': "import './commands';\n",
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.files).toEqual([{ path: 'cypress/e2e/login.cy.ts', cases: 2 }]);
    expect(r.totalCases).toBe(2);
  });

  it("counts ava's test.serial cases and tsd's type assertions", () => {
    const s = sourcesFromMap({
      'test/run.js':
        "import test from 'ava';\ntest.serial('one', t => {});\ntest('two', t => {});\ntest.failing('three', t => {});\n",
      'test-d/execa.test-d.ts':
        "import {expectType, expectError} from 'tsd';\nexpectType<string>(run('x'));\nexpectError(run(1));\n",
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.files).toEqual([
      { path: 'test-d/execa.test-d.ts', cases: 2 },
      { path: 'test/run.js', cases: 3 },
    ]);
  });

  it('reads a tests.py as unittest does: TestCase methods only, and no pytest', () => {
    const s = sourcesFromMap({
      'app/tests.py':
        'import unittest\n\nclass A(unittest.TestCase):\n    def test_a(self):\n        pass\n\ndef test_helper():\n    pass\n',
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.totalCases).toBe(1);
    expect(r.frameworks).toEqual(['unittest']);
  });

  it('takes unittest from its TestCase classes, not from `from unittest import mock` under pytest', () => {
    const s = sourcesFromMap({
      'tests/test_api.py': 'from unittest import mock\nimport pytest\n\ndef test_get():\n    pass\n',
      'tests/test_lib.py': 'from unittest import mock\n\ndef test_lib():\n    pass\n',
    });
    expect(testsPass(s, languagesPass(s).files, []).frameworks).toEqual(['pytest']);
    const u = sourcesFromMap({
      'tests/test_signing.py':
        'from unittest import TestCase\n\nclass S(TestCase):\n    def test_s(self):\n        pass\n',
    });
    expect(testsPass(u, languagesPass(u).files, []).frameworks).toContain('unittest');
  });

  it('lists files with cases as test files and the rest of the test code as support, but no Makefile, key, page, runner config or empty marker', () => {
    const s = sourcesFromMap({
      'tests/test_requests.py': 'def test_get():\n    pass\n',
      'tests/conftest.py': 'import pytest\n\n@pytest.fixture\ndef server():\n    return 1\n',
      'tests/__init__.py': '',
      'tests/certs/Makefile': 'all:\n\topenssl req -new -key server.key\n',
      'tests/certs/server.key': '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
      'runtime-tests/bun/static/index.html': '<h1>Hello</h1>\n',
      'runtime-tests/node/vitest.config.ts': 'export default {}\n',
      'runtime-tests/lambda/mock.ts': 'export const handler = () => 1\n',
      'runtime-tests/lambda/index.test.ts': "it('runs', () => {})\n",
      'fixtures/stripe-fixtures.json': '{ "fixtures": [] }\n',
      'src/app.py': 'def main():\n    pass\n',
      '__tests__/test-helpers/context.js': 'module.exports = () => ({})\n',
      'export_test.go': 'package chi\n\nvar Tree = tree\n',
      'tests/helpers.py': 'def make_app():\n    return 1\n',
      'mux_test.go': 'package chi\n\nfunc TestMux(t *testing.T) {}\n',
      'utils/helpers.test.ts': 'export const x = 1\n',
      'test/suite.swift': 'final class T {}\n',
      'Sources/App/main.swift': 'print("hi")\n',
    });
    const r = testsPass(s, languagesPass(s).files, []);
    // a file named as a test is one, even when its cases come from a shared helper
    expect(r.files.map((f) => f.path)).toEqual([
      'export_test.go',
      'mux_test.go',
      'runtime-tests/lambda/index.test.ts',
      // no rule counts Swift cases here: its place under test/ decides, Swift being a language of the product
      'test/suite.swift',
      'tests/test_requests.py',
      'utils/helpers.test.ts',
    ]);
    expect(r.support).toEqual([
      '__tests__/test-helpers/context.js',
      'runtime-tests/lambda/mock.ts',
      'tests/conftest.py',
      'tests/helpers.py',
    ]);
  });

  it('takes files under the tests in a language the product is not written in for what the tests read, once cases are counted', () => {
    const s = sourcesFromMap({
      'src/printer.rs':
        'pub fn print() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn prints() {}\n}\n',
      'tests/integration_tests.rs': '#[test]\nfn highlights() {}\n',
      'tests/syntax-tests/source/C/miniz.c': 'int main(void) { return 0; }\n',
      'tests/syntax-tests/source/Go/main.go': 'package main\n\nfunc main() {}\n',
      'tests/syntax-tests/source/Go/main_test.go': 'package main\n\nfunc TestMain(t *testing.T) {}\n',
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.files.map((f) => f.path)).toEqual([
      'tests/integration_tests.rs',
      // named as a test, it stays one whatever its language
      'tests/syntax-tests/source/Go/main_test.go',
    ]);
    expect(r.support).toEqual([
      'tests/syntax-tests/source/C/miniz.c',
      'tests/syntax-tests/source/Go/main.go',
    ]);
  });

  it("collects module-level functions where the project's pytest config says pytest looks", () => {
    const s = sourcesFromMap({
      'setup.cfg': '[tool:pytest]\npython_files = tests.py test_*.py\n',
      'shop/tests.py': 'import pytest\n\ndef test_checkout():\n    pass\n',
      'shop/check_stock.py': 'def test_not_collected():\n    pass\n',
    });
    const r = testsPass(s, languagesPass(s).files, []);
    expect(r.files).toEqual([{ path: 'shop/tests.py', cases: 1 }]);
    expect(r.frameworks).toContain('pytest');
  });

  it('takes node:test from a "node --test" script', () => {
    const s = sourcesFromMap({
      'package.json': '{ "scripts": { "test": "node --test" } }',
      'test/a.test.js': "it('x', () => {})\n",
    });
    expect(testsPass(s, languagesPass(s).files, []).frameworks).toContain('node:test');
  });

  it('counts the JUnit cases of every class under a Maven test tree and the Minitest cases of test_*.rb', () => {
    const s = sourcesFromMap({
      'pom.xml': '<project><artifactId>web</artifactId></project>',
      // Surefire runs Test* classes; JUnit runs any class under src/test with @Test methods
      'web/src/test/java/io/web/TestRouting.kt':
        'import org.junit.jupiter.api.Test\nclass TestRouting {\n    @Test\n    fun `routes work`() {}\n    @Test\n    fun `nested`() {}\n}\n',
      'web/src/test/java/io/web/RoutingChecks.java':
        'import org.junit.jupiter.api.Test;\nclass RoutingChecks {\n  @Test void a() {}\n}\n',
      // a product class named like a test (a test tool the build publishes) is no test file
      'web-testtools/src/main/java/io/web/JavalinTest.kt': 'object JavalinTest {\n    fun test() {}\n}\n',
      'test/test_core.rb':
        "require 'minitest/autorun'\nclass TestCore < TestInteractive\n  def test_one\n  end\n  def test_two\n  end\nend\n",
    });
    const r = testsPass(s, languagesPass(s).files, []);
    const n = (p: string) => r.files.find((f) => f.path === p)?.cases;
    expect(n('web/src/test/java/io/web/TestRouting.kt')).toBe(2);
    expect(n('web/src/test/java/io/web/RoutingChecks.java')).toBe(1);
    expect(n('web-testtools/src/main/java/io/web/JavalinTest.kt')).toBeUndefined();
    expect(n('test/test_core.rb')).toBe(2);
    expect(r.totalCases).toBe(5);
  });

  it('takes a runner from the files with cases that import it, not from a sample under the tests', () => {
    const s = sourcesFromMap({
      'Cargo.toml': '[package]\nname = "cat"\n',
      'tests/integration.rs': '#[test]\nfn prints() {}\n',
      'tests/benchmarks/src/numpy_test_multiarray.py': 'import pytest\n\nclass Sample:\n    pass\n',
    });
    expect(testsPass(s, languagesPass(s).files, []).frameworks).toEqual(['cargo test']);
  });
});

describe('suiteFiles()', () => {
  it('holds the files named as tests, those with cases and test code in the product language, not samples', () => {
    const s = sourcesFromMap({
      'src/lib.rs': 'pub fn print() {}\n',
      'tests/integration.rs': '#[test]\nfn prints() {}\n',
      'fuzz/fuzz_targets/parse.rs': 'fuzz_target!(|data: &[u8]| { let _ = data; });\n',
      'tests/syntax-tests/source/Go/main.go': 'package main\n\nfunc main() {}\n',
      'tests/syntax-tests/source/Python/numpy_test_multiarray.py': 'class Sample:\n    pass\n',
      'tests/go/server_test.go': 'package go\n\nfunc TestServe(t *testing.T) {}\n',
      'tests/js/run.js': "it('serves', () => {})\n",
    });
    const files = languagesPass(s).files;
    expect(suiteFiles(files, testsPass(s, files, [])).sort()).toEqual([
      'fuzz/fuzz_targets/parse.rs',
      'tests/go/server_test.go',
      'tests/integration.rs',
      'tests/js/run.js',
    ]);
  });
});
