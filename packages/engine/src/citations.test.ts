import { describe, expect, it } from 'vitest';
import {
  citationsIn,
  extractCitations,
  fitsFile,
  formatCitation,
  knownFiles,
  looksLikePath,
  parseCitation,
  replaceOutsideFences,
  splitCitation,
  stripFences,
} from './citations.ts';
import { cite, citeRef, ref } from './agents/writers/markdown.ts';

const known = knownFiles(['Makefile', 'docker/Dockerfile', 'docs/user guide.md', 'src/app.ts']);

describe('parseCitation', () => {
  it('reads a line and a line range', () => {
    expect(parseCitation('src/app.ts:12')).toEqual({ path: 'src/app.ts', line: 12 });
    expect(parseCitation(' a.ts:3-9 ')).toEqual({ path: 'a.ts', line: 3, end: 9 });
    // a range that does not grow is its first line
    expect(parseCitation('a.ts:9-3')).toEqual({ path: 'a.ts', line: 9 });
    expect(parseCitation('a.ts:4-4')).toEqual({ path: 'a.ts', line: 4 });
  });

  it('takes paths with @, + and -, and dotfiles', () => {
    expect(parseCitation('node_modules/@scope/pkg-name/index.js:1')).toEqual({
      path: 'node_modules/@scope/pkg-name/index.js',
      line: 1,
    });
    expect(parseCitation('src/c++/a+b.cc:2')).toEqual({ path: 'src/c++/a+b.cc', line: 2 });
    expect(parseCitation('.github/workflows/ci.yml:4')).toEqual({
      path: '.github/workflows/ci.yml',
      line: 4,
    });
    expect(parseCitation('.env:2')).toEqual({ path: '.env', line: 2 });
  });

  it('takes a name without folder or extension only when the analysis knows it', () => {
    expect(parseCitation('Makefile:3')).toBeUndefined();
    expect(parseCitation('Makefile:3', known)).toEqual({ path: 'Makefile', line: 3 });
    // the name of a known file, so the reviewer can repair it to the full path
    expect(parseCitation('Dockerfile:3', known)).toEqual({ path: 'Dockerfile', line: 3 });
    expect(parseCitation('docker/Dockerfile:3')).toEqual({ path: 'docker/Dockerfile', line: 3 });
    // a known path the grammar alone would not accept
    expect(parseCitation('docs/user guide.md:7', known)).toEqual({ path: 'docs/user guide.md', line: 7 });
    expect(parseCitation('localhost:3000', known)).toBeUndefined();
  });

  it('takes a bare path only when it is a known file', () => {
    expect(parseCitation('src/app.ts')).toBeUndefined();
    expect(parseCitation('src/app.ts', known)).toEqual({ path: 'src/app.ts' });
    expect(parseCitation('src/other.ts', known)).toBeUndefined();
    expect(parseCitation('Dockerfile', known)).toBeUndefined(); // a name alone is not a path
  });

  it('does not read addresses, URLs, times, versions or Windows paths as citations', () => {
    for (const t of [
      '127.0.0.1:80',
      '127.0.0.1:8080-8090',
      'localhost:3000',
      'http://example.com:80',
      'https://x/a.ts:3',
      '10:30',
      'v1.2.3:4',
      'C:/src/app.ts:3',
      'C:\\src\\app.ts:3',
      'C:3',
      '/etc/hosts.conf:3',
      'a//b.ts:3',
      ':3',
      'npm run build',
    ])
      expect(parseCitation(t, known), t).toBeUndefined();
    expect(looksLikePath('127.0.0.1')).toBe(false);
    expect(looksLikePath('lib/x')).toBe(true);
  });
});

describe('formatCitation and the builders', () => {
  it('formats what it parses, and the writers’ builders delegate to it', () => {
    for (const t of ['src/app.ts:12', 'a.ts:3-9', 'README.md'])
      expect(formatCitation(splitCitation(t))).toBe(t);
    expect(formatCitation({ path: 'a.ts', line: 0 })).toBe('a.ts');
    expect(formatCitation({ path: 'a.ts', line: 5, end: 5 })).toBe('a.ts:5');
    expect(ref('a.ts', 3, 9)).toBe('a.ts:3-9');
    expect(ref('a.ts', 0)).toBe('a.ts');
    expect(cite('a.ts', 3, 9)).toBe('`a.ts:3-9`');
    expect(citeRef('Makefile:3')).toBe('`Makefile:3`');
  });

  it('splits a citation the engine made itself, whatever its path', () => {
    expect(splitCitation('Makefile:3')).toEqual({ path: 'Makefile', line: 3 });
    expect(splitCitation('docs/a b.md')).toEqual({ path: 'docs/a b.md' });
    expect(splitCitation('a.ts:2-8')).toEqual({ path: 'a.ts', line: 2, end: 8 });
  });

  it('checks the cited lines against the file', () => {
    expect(fitsFile({ path: 'a', line: 3, end: 9 }, 9)).toBe(true);
    expect(fitsFile({ path: 'a', line: 3, end: 10 }, 9)).toBe(false);
    expect(fitsFile({ path: 'a', line: 0 }, 9)).toBe(false);
    expect(fitsFile({ path: 'a' }, 9)).toBe(true);
  });
});

describe('citations in markdown', () => {
  it('finds citations in code spans, ignoring fenced blocks, and bare paths only when known', () => {
    const md = [
      'See `src/app.ts:3-9`, `Makefile:3` and `src/app.ts`; not `127.0.0.1:80`.',
      '',
      '```ts',
      'const x = `src/fenced.ts:1`;',
      '```',
      '',
      '````md',
      '```',
      '`src/inner.ts:2`',
      '```',
      '````',
      '',
      '~~~',
      '`src/tilde.ts:2`',
      '~~~',
      'Then ``src/app.ts:5`` again.',
    ].join('\n');
    expect(extractCitations(md)).toEqual(['src/app.ts:3-9', 'src/app.ts:5']);
    expect(extractCitations(md, known)).toEqual([
      'src/app.ts:3-9',
      'Makefile:3',
      'src/app.ts',
      'src/app.ts:5',
    ]);
    expect(citationsIn(md, known)[1]).toEqual({
      text: 'Makefile:3',
      citation: { path: 'Makefile', line: 3 },
    });
  });

  it('treats an unclosed fence as running to the end, as CommonMark does', () => {
    expect(extractCitations('`a.ts:1`\n\n```\n`b.ts:2`\n')).toEqual(['a.ts:1']);
  });

  it('keeps fenced blocks verbatim and leaves no code span across them', () => {
    const md = 'a `x\n```\n` y\n```\nb';
    expect(stripFences(md)).not.toContain('```');
    expect(replaceOutsideFences(md, (s) => s.toUpperCase())).toBe('A `X\n```\n` y\n```\nB');
  });
});
