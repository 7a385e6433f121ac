// What the regex extractors call exported, and what a method is, follow each language's own rules.
import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { extractFile, symbolsPass } from './symbols.ts';
import { loadTreeSitter } from './tree-sitter.ts';

const shown = (path: string, text: string, language: string) =>
  extractFile(path, text, language).symbols.map((s) => `${s.kind} ${s.name}${s.exported ? ' exported' : ''}`);

describe('symbols by the language rules', () => {
  it('Rust: only a bare pub is exported; pub(crate) and pub(super) stay inside the crate', () => {
    expect(
      shown(
        'src/lib.rs',
        'pub fn run() {}\npub(crate) fn helper() {}\npub(super) struct Inner;\npub(in crate::a) enum E {}\nfn private() {}\n',
        'Rust',
      ),
    ).toEqual(['function run exported', 'function helper', 'struct Inner', 'enum E', 'function private']);
  });

  it("Rust: a #[cfg(test)] module's items are the tests', not the product's", () => {
    const src = sourcesFromMap({
      'src/size.rs': [
        'pub struct Size;',
        'pub fn parse() {}',
        '#[cfg(test)]',
        'mod tests {',
        '    use axum::Router;',
        '    fn helper() {}',
        '    #[test]',
        '    fn parses() { if true { helper(); } }',
        '}',
        'pub fn after() {}',
      ].join('\n'),
    });
    const { symbols, imports } = symbolsPass(src, languagesPass(src).files);
    expect(symbols.map((s) => s.name)).toEqual(['Size', 'parse', 'after']);
    // nor are its imports: `use axum::…` there is a test's dependency, no edge of the product's
    expect(imports.map((i) => i.specifier)).toEqual([]);
  });

  it('Java and C#: a type without public is package-private or internal; Kotlin is public by default', () => {
    expect(shown('A.java', 'public class Owner {}\nclass OwnerValidator {}\n', 'Java')).toEqual([
      'class Owner exported',
      'class OwnerValidator',
    ]);
    expect(shown('A.cs', 'public class Api {}\ninternal class Cache {}\nclass Helper {}\n', 'C#')).toEqual([
      'class Api exported',
      'class Cache',
      'class Helper',
    ]);
    expect(shown('A.kt', 'class Shop\ninternal class Cart\n', 'Kotlin')).toEqual([
      'class Shop exported',
      'class Cart',
    ]);
  });

  it('Kotlin: `enum class`, `annotation class` and `fun interface` declare the name after them', () => {
    expect(
      shown(
        'A.kt',
        'enum class CompressionType(val name: String)\nannotation class Marker\nfun interface Handler\ninner class Node\n',
        'Kotlin',
      ),
    ).toEqual([
      'enum CompressionType exported',
      'class Marker exported',
      'interface Handler exported',
      'class Node exported',
    ]);
  });

  it('Python: a def in a class body is a method; a def inside a function and a class inside a class are no symbols', () => {
    const text = [
      'class Shop:',
      '    """A shop."""',
      '',
      '    @property',
      '    def name(self):',
      '        def inner():',
      '            pass',
      '        return inner()',
      '',
      '    class Meta:',
      '        ordering = ["name"]',
      '',
      'if TYPE_CHECKING:',
      '    class Typed:',
      '        pass',
      '',
      'def require_setting(key):',
      '    def decorator(f):',
      '        def wrapper(*a):',
      '            return f(*a)',
      '        return wrapper',
      '    return decorator',
    ].join('\n');
    expect(shown('shop.py', text, 'Python')).toEqual([
      'class Shop exported',
      'method name exported',
      'class Typed exported',
      'function require_setting exported',
    ]);
  });

  it('tree-sitter: callbacks of an object handed to a call and nested Python functions and classes are no symbols', async () => {
    const ts = (await loadTreeSitter())!;
    const names = (path: string, text: string, language: string) =>
      ts
        .extract(path, text, language)!
        .symbols.map((s) => `${s.kind} ${s.name}${s.exported ? ' exported' : ''}`);
    const client = [
      'export const createClient = () =>',
      '  createServerClient(url, key, {',
      '    cookies: {',
      '      get(name: string) { return store.get(name) },',
      '      set(name: string, value: string) { store.set(name, value) },',
      '    },',
      '  });',
      'export class Shop {',
      '  open() {}',
      '}',
    ].join('\n');
    const shown = names('utils/client.ts', client, 'TypeScript');
    expect(shown).toContain('method open exported');
    expect(shown.some((s) => / (get|set)( |$)/.test(s))).toBe(false);
    const py =
      'class Shop:\n    def name(self):\n        def inner():\n            pass\n    class Meta:\n        pass\n\ndef outer():\n    def helper():\n        pass\n';
    expect(names('shop.py', py, 'Python')).toEqual([
      'class Shop exported',
      'method name exported',
      'function outer exported',
    ]);
  });
});

describe('a constant that holds a function', () => {
  const text = [
    'const TRIAL_DAYS = 0;',
    'const client = createClient(url);',
    'const upsert = async (product: Product) => {',
    '  return client.from(product);',
    '};',
    'export const remove = function (id: string) {};',
    'export const LIMIT = 5;',
    'export { upsert };',
  ].join('\n');
  // `export { upsert }` exports it too
  const expected = ['function upsert exported', 'function remove exported', 'const LIMIT exported'];

  it('is a function of the module, exported or not, in the regular-expression reader', () => {
    expect(shown('admin.ts', text, 'TypeScript')).toEqual(expected);
  });

  it('and in the tree-sitter reader', async () => {
    const ts = (await loadTreeSitter())!;
    const src = sourcesFromMap({ 'admin.ts': text });
    const { symbols } = symbolsPass(src, languagesPass(src).files, ts);
    expect(symbols.map((s) => `${s.kind} ${s.name}${s.exported ? ' exported' : ''}`)).toEqual(expected);
  });
});

describe('Ruby visibility', () => {
  it('a method below a bare private, with private def or named by private :x is not public', () => {
    const src = sourcesFromMap({
      'lib/app.rb': [
        'module App',
        '  class Base',
        '    def call(env)',
        '    end',
        '',
        '    private',
        '',
        '    def dispatch!',
        '    end',
        '',
        '    public',
        '',
        '    def settings',
        '    end',
        '',
        '    private def route!',
        '    end',
        '',
        '    def helper',
        '    end',
        '    private :helper',
        '  end',
        '',
        '  def self.new',
        '  end',
        'end',
      ].join('\n'),
    });
    const { symbols } = symbolsPass(src, languagesPass(src).files);
    expect(symbols.filter((s) => s.exported).map((s) => s.name)).toEqual([
      'App',
      'Base',
      'call',
      'settings',
      'self.new',
    ]);
  });
});
