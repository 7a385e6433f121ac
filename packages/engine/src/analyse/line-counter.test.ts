import { describe, expect, it } from 'vitest';
import { detectLanguage } from './cloc-languages.ts';
import { countLines } from './line-counter.ts';

// Expected numbers are what cloc 1.96 reports for the same input (checked by hand with
// `cloc --by-file`); the cloc-compare test checks the same rules against a live cloc.
describe('countLines (cloc rules)', () => {
  it('counts C-style block and line comments, and blank lines', () => {
    const ts = [
      '// header',
      'import x from "y";',
      '',
      '/* a',
      ' * b',
      ' */',
      'const a = 1; // trailing',
      '',
      'export {};',
      '',
    ].join('\n');
    expect(countLines(ts, 'TypeScript')).toEqual({ code: 3, comment: 4, blank: 2 });
  });

  it('joins the code around a multi-line block comment as cloc does', () => {
    const c = 'int a; /* start\nmiddle\nend */ int b;\n';
    // cloc removes the comment from the joined text: one code line remains, two are comments
    expect(countLines(c, 'C')).toEqual({ code: 1, comment: 2, blank: 0 });
  });

  it('treats Python docstrings and # lines as comments and keeps the shebang as code', () => {
    const py = [
      '#!/usr/bin/env python3',
      '"""Module doc',
      'more"""',
      '# note',
      'def f():',
      "    '''one line'''",
      '    return 1',
      '',
    ].join('\n');
    expect(countLines(py, 'Python')).toEqual({ code: 3, comment: 4, blank: 0 });
  });

  it('handles HTML comments, YAML hashes, SQL dashes and Ruby =begin blocks', () => {
    expect(countLines('<p>a</p>\n<!-- c\nc -->\n<p>b</p>\n', 'HTML')).toEqual({
      code: 2,
      comment: 2,
      blank: 0,
    });
    expect(countLines('# c\na: 1\n\nb: 2 # inline\n', 'YAML')).toEqual({ code: 2, comment: 1, blank: 1 });
    expect(countLines('-- c\nSELECT 1;\n/* x */\n', 'SQL')).toEqual({ code: 1, comment: 2, blank: 0 });
    expect(countLines('=begin\ndoc\n=end\nputs 1\n', 'Ruby')).toEqual({ code: 1, comment: 3, blank: 0 });
  });

  it('counts a file without a final newline and with CRLF endings', () => {
    expect(countLines('a = 1\r\n\r\n# c\r\nb = 2', 'Python')).toEqual({ code: 2, comment: 1, blank: 1 });
  });
});

describe('detectLanguage', () => {
  it('uses cloc names, file names and shebangs', () => {
    expect(detectLanguage('src/a.tsx', '')).toBe('TypeScript');
    expect(detectLanguage('a.h', '')).toBe('C/C++ Header');
    expect(detectLanguage('build.gradle.kts', '')).toBe('Gradle');
    expect(detectLanguage('Dockerfile.dev', '')).toBe('Dockerfile');
    expect(detectLanguage('Makefile', '')).toBe('make');
    expect(detectLanguage('bin/tool', '#!/usr/bin/env python3\nx=1\n')).toBe('Python');
    expect(detectLanguage('bin/run', '#!/bin/bash\necho\n')).toBe('Bourne Again Shell');
    expect(detectLanguage('Gemfile', "gem 'x'\n")).toBeNull();
    expect(detectLanguage('notes', 'hello')).toBeNull();
    // a zsh completion function has no extension; its first line names the command it completes
    expect(detectLanguage('contrib/completion/_tool', '#compdef tool\n_arguments -s\n')).toBe('zsh');
    expect(detectLanguage('doc/tool.1', '.TH TOOL 1\n')).toBeNull();
  });
});

// A comment marker inside a string literal is not a comment (cloc reads it as one).
describe('countLines: string literals hold no comments', () => {
  // each case ends with a real block comment: cloc's filter runs from the `/*` in the string to
  // its `*/`, swallowing the code lines between
  const END = '/* real\n comment */\n';
  const cases: [string, string, string, { code: number; comment: number }][] = [
    [
      'Go route glob and raw string',
      'Go',
      'func t() {\n\tr.Get("/admin/*", h)\n\tx := `a /* b`\n\ty := 1\n}\n' + END,
      { code: 5, comment: 2 },
    ],
    [
      'JS MIME glob in single quotes, template literal and regex',
      'JavaScript',
      "ctx.is('text/*');\nconst t = `x ${a + '/*'} // y`;\nconst re = /\\/*/;\nfoo();\n" + END,
      { code: 4, comment: 2 },
    ],
    [
      'TypeScript double-quoted glob',
      'TypeScript',
      'const g = "src/*";\nconst h = 1;\nbar();\n' + END,
      { code: 3, comment: 2 },
    ],
    [
      'Python # and /* in strings, triple-quoted value',
      'Python',
      'x = "#"\nurl = "/api/*"\nSQL = """\n# not a comment\n"""\ny = 2\n# real\n',
      { code: 4, comment: 3 },
    ],
    [
      'Rust raw string with hashes',
      'Rust',
      'fn f() {\n    let s = r#"a /* "b" c"#;\n    g();\n}\n' + END,
      { code: 4, comment: 2 },
    ],
    [
      'Kotlin raw string',
      'Kotlin',
      'val b = """\n  /* kept\n"""\nval c = 1\n' + END,
      { code: 4, comment: 2 },
    ],
    [
      'Java text block',
      'Java',
      'class A {\n  String s = """\n   x /*\n   """;\n  int y;\n}\n' + END,
      { code: 6, comment: 2 },
    ],
    [
      'C++ raw string and char',
      'C++',
      'auto s = R"x(/* not )x";\nchar c = \'"\';\nint y = 1;\nint z;\n' + END,
      { code: 4, comment: 2 },
    ],
    ['C# verbatim string', 'C#', 'var p = @"C:\\dir\\/*";\nint y = 1;\n' + END, { code: 2, comment: 2 }],
  ];
  it.each(cases)('%s', (_name, language, text, want) => {
    const got = countLines(text, language);
    expect({ code: got.code, comment: got.comment }).toEqual(want);
    // cloc's reading differs: the case does test the rule
    expect(countLines(text, language, { clocStrings: true }).comment).toBeGreaterThan(want.comment);
  });

  it('can still count as cloc does, for the comparison with cloc', () => {
    const go = 'package p\n\nfunc t() {\n\tr.Get("/admin/*", h)\n\ty := 1\n}\n// end */\n';
    expect(countLines(go, 'Go').comment).toBe(1);
    expect(countLines(go, 'Go', { clocStrings: true }).comment).toBeGreaterThan(1);
  });

  it('keeps comments that hold quotes as comments', () => {
    const ts = "// don't stop\nconst a = 1;\n/* it's \"x\n y */\nconst b = '/*';\n";
    expect(countLines(ts, 'TypeScript')).toEqual({ code: 2, comment: 3, blank: 0 });
  });

  it('stays linear on long and pathological lines', () => {
    const line = '"' + '/*\\"'.repeat(20000) + '\n';
    const t0 = performance.now();
    countLines(line.repeat(20) + "'".repeat(50000) + '\n' + '`${'.repeat(5000), 'JavaScript');
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('language of module-form files', () => {
  it('takes .mts/.cts as TypeScript and .mjs/.cjs as JavaScript', () => {
    expect(detectLanguage('bench/a.mts', 'export const a = 1\n')).toBe('TypeScript');
    expect(detectLanguage('lib/a.cts', 'export = 1\n')).toBe('TypeScript');
    expect(detectLanguage('a.mjs', 'export default 1\n')).toBe('JavaScript');
    expect(detectLanguage('a.cjs', 'module.exports = 1\n')).toBe('JavaScript');
  });
});
