import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { pythonCases, rustCases, rustTestMacros, testsPass } from './tests.ts';

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

describe('rust test cases', () => {
  it('counts #[test] fns in src modules, macro-generated cases by entry, and not the macro template', () => {
    const macros = rustTestMacros(RUST_SIZE);
    expect(macros).toEqual(new Map([['gen_parse_test', 1]]));
    // the comment is blanked by the pass; here it is a plain line starting with //, which the regex skips
    expect(rustCases(RUST_SIZE.replace('// #[test] in a comment is not a test', ''), macros)).toBe(3 + 1 + 1);
  });

  it('counts #[test_case] attributes, rstest cases and a macro invoked in another file', () => {
    expect(rustCases(RUST_INTEGRATION.replace('/// #[test]', ''), new Map())).toBe(2 + 1 + 2 + 1);
    const macros = new Map([['owner_tests', 1]]);
    expect(
      rustCases('owner_tests! {\n    empty: "" => Ok(()),\n    uid_only: "5" => Ok(Some(5)),\n}\n', macros),
    ).toBe(2);
    // entries that are not `name: value` pairs: one expansion per #[test] in the macro
    expect(rustCases('checks!(a, b);\n', new Map([['checks', 2]]))).toBe(2);
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
});

describe('testsPass()', () => {
  const FILES: Record<string, string> = {
    'Cargo.toml': '[package]\nname = "x"\n',
    'src/filter/size.rs': RUST_SIZE,
    'tests/tests.rs': RUST_INTEGRATION,
    'cmd_test.go':
      'package cobra\n\nfunc TestRun(t *testing.T) {\n\tt.Run("sub", func(t *testing.T) {})\n}\nfunc Test_underscore(t *testing.T) {}\nfunc Testhelper() {}\nfunc BenchmarkRun(b *testing.B) {}\nfunc ExampleRun() {}\n// func TestCommented(t *testing.T) {}\n',
    'tests/test_core.py':
      'def test_one():\n    """def test_in_docstring(): pass"""\n\ndef test_two():\n    pass\n',
    'tests/typing/typing_progressbar.py': 'def test_not_collected():\n    pass\n',
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
    expect(cases('src/filter/size.rs')).toBe(5);
    expect(cases('tests/tests.rs')).toBe(6);
    expect(cases('cmd_test.go')).toBe(2);
    expect(cases('tests/test_core.py')).toBe(2);
    expect(cases('tests/typing/typing_progressbar.py')).toBe(0);
    expect(cases('__tests__/app.test.js')).toBe(4);
    expect(cases('src/test/java/a/OwnerTests.java')).toBe(3);
    expect(t.totalCases).toBe(5 + 6 + 2 + 2 + 4 + 3);
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
      ]),
    );
  });

  it('takes node:test from a "node --test" script', () => {
    const s = sourcesFromMap({
      'package.json': '{ "scripts": { "test": "node --test" } }',
      'test/a.test.js': "it('x', () => {})\n",
    });
    expect(testsPass(s, languagesPass(s).files, []).frameworks).toContain('node:test');
  });
});
