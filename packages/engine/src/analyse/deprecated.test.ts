// A declaration its authors mark deprecated, in each language's own convention.

import { describe, expect, it } from 'vitest';
import { deprecatedAt, deprecationNote, replacementIn } from './deprecated.ts';
import { fileInfos } from './flow/test-fixtures.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';

/** Whether the declaration on the line holding `decl` is marked deprecated. */
function marked(text: string, path: string, decl: string): boolean {
  const lines = text.split('\n');
  return deprecatedAt(lines, lines.findIndex((l) => l.includes(decl)) + 1, path);
}

describe('deprecatedAt', () => {
  it("reads Go's `Deprecated:` paragraph of the doc comment, and no other's", () => {
    const go = [
      '// NewClient creates a new client connection.',
      '//',
      '// Deprecated: Use Dialer instead.',
      'func NewClient(netConn net.Conn) (*Conn, error) {',
      '}',
      '',
      '// Upgrade upgrades the connection.',
      'func Upgrade(w http.ResponseWriter) (*Conn, error) {',
      '}',
      '// Deprecated: Gone.',
      'var old = 1',
      'func Next() {}',
      '',
      '// Mentions that Deprecated: is not at the start.',
      'func Said() {}',
    ].join('\n');
    expect(marked(go, 'client.go', 'func NewClient')).toBe(true);
    expect(marked(go, 'client.go', 'func Upgrade')).toBe(false);
    expect(marked(go, 'client.go', 'func Next')).toBe(false);
    expect(marked(go, 'client.go', 'func Said')).toBe(false);
  });

  it("reads JSDoc's `@deprecated`, above the declaration or on its line", () => {
    const ts = [
      '/**',
      ' * Makes a store.',
      ' * @deprecated Use `create` instead.',
      ' */',
      'export function createStore() {}',
      '',
      '/** @deprecated */ export const old = 1;',
      '',
      '/**',
      ' * Makes a store.',
      ' */',
      'export function create() {}',
    ].join('\n');
    expect(marked(ts, 'src/index.ts', 'function createStore')).toBe(true);
    expect(marked(ts, 'src/index.ts', 'const old')).toBe(true);
    expect(marked(ts, 'src/index.ts', 'function create()')).toBe(false);
  });

  it("reads Java's and Kotlin's annotation and javadoc tag, with arguments over several lines", () => {
    const java = [
      '/**',
      ' * Parses.',
      ' * @deprecated use {@link #parse}',
      ' */',
      'public static Document old(String html) {}',
      '',
      '@Deprecated(',
      '    since = "9",',
      '    forRemoval = true)',
      '@Override',
      'public void older() {}',
      '',
      '@Deprecated public void oldest() {}',
      '',
      '/** Parses. */',
      '@Override',
      'public Document parse(String html) {}',
    ].join('\n');
    expect(marked(java, 'src/Jsoup.java', 'Document old(')).toBe(true);
    expect(marked(java, 'src/Jsoup.java', 'void older(')).toBe(true);
    expect(marked(java, 'src/Jsoup.java', 'void oldest(')).toBe(true);
    expect(marked(java, 'src/Jsoup.java', 'Document parse(')).toBe(false);
    expect(marked('@Deprecated("Use y")\nfun x() {}', 'a.kt', 'fun x')).toBe(true);
  });

  it("reads Python's `@deprecated` decorator and a body that opens by warning DeprecationWarning", () => {
    const py = [
      '@typing_extensions.deprecated("Use run()")',
      'def start(): ...',
      '',
      'def begin(',
      '    name: str,',
      ') -> None:',
      '    """Begins.',
      '',
      '    Old way in.',
      '    """',
      '    warnings.warn(',
      '        "begin() is deprecated",',
      '        DeprecationWarning,',
      '        stacklevel=2,',
      '    )',
      '',
      'def run():',
      '    """Runs."""',
      '    warnings.warn("slow", RuntimeWarning)',
      '',
      'def later():',
      '    x = 1',
      '    warnings.warn("old", DeprecationWarning)',
    ].join('\n');
    expect(marked(py, 'pkg/main.py', 'def start')).toBe(true);
    expect(marked(py, 'pkg/main.py', 'def begin')).toBe(true);
    expect(marked(py, 'pkg/main.py', 'def run')).toBe(false);
    // a warning after other work is one case of the function, not the function itself
    expect(marked(py, 'pkg/main.py', 'def later')).toBe(false);
  });

  it("reads Rust's `#[deprecated]` among doc comments and other attributes", () => {
    const rs = [
      '/// Old way in.',
      '#[deprecated(',
      '    since = "0.2.0",',
      '    note = "use `run`"',
      ')]',
      '#[inline]',
      'pub fn start() {}',
      '',
      '/// The way in.',
      '#[inline]',
      'pub fn run() {}',
    ].join('\n');
    expect(marked(rs, 'src/lib.rs', 'fn start')).toBe(true);
    expect(marked(rs, 'src/lib.rs', 'fn run')).toBe(false);
  });

  it('reads code above a declaration as no part of its marks', () => {
    const ts = ['const xs = [', '  1,', ']', '/** Runs. */', 'export function run() {}'].join('\n');
    expect(marked(ts, 'a.ts', 'function run')).toBe(false);
    // a language without a convention read here is never marked
    expect(marked('# @deprecated\ndef x\nend', 'a.rb', 'def x')).toBe(false);
  });
});

describe('replacementIn', () => {
  it('reads the name a note says to use instead, in each way notes say it', () => {
    const said = (text: string, path: string, decl: string) => {
      const lines = text.split('\n');
      const note = deprecationNote(lines, lines.findIndex((l) => l.includes(decl)) + 1, path);
      return note === undefined ? undefined : replacementIn(note);
    };
    expect(said('// Deprecated: Use Dialer instead.\nfunc NewClient() {}', 'a.go', 'func')).toBe('Dialer');
    expect(said('// Deprecated: Use [Dialer] instead.\nfunc NewClient() {}', 'a.go', 'func')).toBe('Dialer');
    // a qualified name is its last part: the package's type, the receiver's method
    expect(said('// Deprecated: Use websocket.Upgrader instead.\nfunc Upgrade() {}', 'a.go', 'func')).toBe(
      'Upgrader',
    );
    expect(said('// Deprecated: Use c.WriteJSON instead.\nfunc WriteJSON() {}', 'a.go', 'func')).toBe(
      'WriteJSON',
    );
    expect(said('/** @deprecated Use {@link #parse} */\npublic void old() {}', 'A.java', 'void')).toBe(
      'parse',
    );
    expect(said('/**\n * @deprecated use create() instead\n */\nfunction old() {}', 'a.js', 'function')).toBe(
      'create',
    );
    expect(said('#[deprecated(since = "0.2", note = "use `run`")]\npub fn start() {}', 'a.rs', 'fn')).toBe(
      'run',
    );
    const since =
      '/**\n * @deprecated Deprecated since 1.15; use {@link #select(String)}\n */\nvoid old() {}';
    expect(said(since, 'A.java', 'void')).toBe('select');
    expect(said('@deprecated("Use run()")\ndef start(): ...', 'a.py', 'def')).toBe('run');
    const py = 'def begin():\n    warnings.warn("use start() instead", DeprecationWarning)';
    expect(said(py, 'a.py', 'def')).toBe('start');
    // the paragraph of the mark only: a later paragraph's advice is about something else
    expect(said('// Deprecated: Gone.\n//\n// Use Dial for a client.\nfunc Old() {}', 'a.go', 'func')).toBe(
      undefined,
    );
    // a note that names nothing, or says "the NetConn method": no name of the product's
    expect(said('// Deprecated: Use the NetConn method.\nfunc UnderlyingConn() {}', 'a.go', 'func')).toBe(
      undefined,
    );
  });
});

describe('symbols', () => {
  it('records the mark on each symbol, once, for the passes that choose among names', () => {
    const contents = {
      'client.go':
        'package ws\n\n// Deprecated: Use Dialer instead.\nfunc NewClient() {}\n\nfunc Dial() {}\n',
    };
    const { symbols } = symbolsPass(sourcesFromMap(contents), fileInfos(contents, 'Go'));
    expect(symbols.map((s) => `${s.name}:${s.deprecated ?? false}:${s.replacement ?? ''}`)).toEqual([
      'NewClient:true:Dialer',
      'Dial:false:',
    ]);
  });
});
