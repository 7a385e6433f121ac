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
  });
});
