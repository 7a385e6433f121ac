// The structure chapter names the directory with the most code, and where the product's own code is.
import { describe, expect, it } from 'vitest';
import type { Analysis, DirNode, FileInfo } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  countReasons,
  largestByCode,
  largestDirectory,
  productHome,
  uncountedLine,
  writeStructure,
} from './structure.ts';

const dir = (name: string, lines: number, bytes: number): DirNode => ({
  name,
  path: name,
  files: 1,
  bytes,
  lines,
  children: [],
});
const file = (path: string, code: number, role?: FileInfo['role']): FileInfo => ({
  path,
  size: code * 30,
  language: 'Python',
  code,
  comment: 0,
  blank: 0,
  role,
});

describe('largest directory', () => {
  it('ranks by lines of code, not by bytes on disk', () => {
    expect(largestByCode([dir('src', 3605, 900_000), dir('tests', 4048, 500_000)])?.name).toBe('tests');
  });

  it("names the product's folder when the tests outweigh it", () => {
    const a = { files: [file('src/a.py', 300), file('tests/t.py', 400, 'tests')] } as Analysis;
    expect(productHome(a, dir('tests', 400, 1), new Set(['tests/t.py']))).toBe(
      " The product's own code is mostly in `src/` (300 lines).",
    );
    expect(productHome(a, dir('src', 300, 1), new Set(['tests/t.py']))).toBe('');
  });

  it("counts the product's code, not the data beside it: syntax definitions and patches are no code", () => {
    const data = (path: string, code: number, language: string) => ({ ...file(path, code), language });
    const a = {
      files: [
        file('src/printer.rs', 900),
        data('assets/syntaxes/Lisp.sublime-syntax', 19_000, 'YAML'),
        data('assets/patches/Lisp.patch', 2_300, 'diff'),
      ],
    } as Analysis;
    expect(productHome(a, dir('tests', 30_000, 1), new Set())).toBe(
      " The product's own code is mostly in `src/` (900 lines).",
    );
  });

  it('names the repository root when the product lives there', () => {
    const a = { files: [file('command.go', 900), file('doc/md.go', 200), file('site/x.go', 0)] } as Analysis;
    expect(productHome(a, dir('site', 1773, 1), new Set())).toBe(
      " The product's own code is mostly at the repository root (900 lines).",
    );
  });
});

describe('top-level directories', () => {
  it('counts a folder whose files were all set aside (images) among them, and says so', () => {
    const site = dir('site', 1773, 60_000);
    const a = {
      tree: { ...dir('.', 6000, 200_000), children: [site, dir('doc', 400, 9_000)] },
      skipped: [
        { path: 'assets/CobraMain.png', reason: 'binary' },
        { path: 'site/logo.png', reason: 'binary' },
        { path: 'top.png', reason: 'binary' },
      ],
      project: { lines: { code: 6000, comment: 0, blank: 0 } },
    } as unknown as Analysis;
    expect(largestDirectory(a, site)).toBe(
      'The repository has 3 top-level directories (`assets/` holds only 1 image); `site/` is the largest with 1 file and 1,773 lines of code (30% of the total).',
    );
  });
});

describe('the largest directory on a tree with generated files', () => {
  it('names the base of its share where generated files sit in it', () => {
    const src = { ...dir('src', 21_899, 900_000), files: 92 };
    const a = {
      tree: { ...dir('.', 23_480, 1_000_000), children: [src] },
      skipped: [],
      files: [{ path: 'src/main/resources/static/app.css', role: 'generated', code: 9000 }],
      project: { lines: { code: 23_480, comment: 0, blank: 0 } },
    } as unknown as Analysis;
    expect(largestDirectory(a, src)).toBe(
      'The repository has 1 top-level directory; `src/` is the largest with 92 files and 21,899 lines of code (93% of the 23,480 lines of the whole tree, generated and vendored files included).',
    );
  });

  it('names the base of its share where generated files sit in another folder', () => {
    const hc = { ...dir('hc', 36_788, 900_000), files: 727 };
    const a = {
      tree: { ...dir('.', 67_574, 1_000_000), children: [hc] },
      skipped: [],
      files: [{ path: 'static/css/bootstrap.css', role: 'generated', code: 10_645 }],
      project: { lines: { code: 67_574, comment: 0, blank: 0 } },
    } as unknown as Analysis;
    expect(largestDirectory(a, hc)).toContain(
      '(54% of the 67,574 lines of the whole tree, generated and vendored files included)',
    );
  });
});

describe('paths left out of the analysis', () => {
  it('are named by kind, with images never called minified and lockfiles named as such', () => {
    const a = sampleAppAnalysis();
    a.skipped = [
      { path: 'ext/logo.png', reason: 'binary' },
      { path: 'ext/logo.ai', reason: 'minified' },
      { path: 'ext/logo.svg', reason: 'minified' },
      { path: 'package-lock.json', reason: 'generated' },
      { path: 'dist/app.min.js', reason: 'minified' },
      { path: 'types_db.ts', reason: 'utf16-text' },
    ];
    const out = writeStructure({
      a,
      fx: factsOf(a),
      plan: { id: '3', level: 1, title: 'Structure', kind: 'structure', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'p',
      workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    });
    expect(out).toContain(
      'the repository holds 3 images (`ext/logo.png`, `ext/logo.ai` and `ext/logo.svg`), 1 lockfile (`package-lock.json`) and 1 minified file (`dist/app.min.js`).',
    );
    // code saved as UTF-16 is code all the same: named apart, not as something beside the code
    expect(out).toContain(
      '`types_db.ts` is a file saved as UTF-16 text; its lines are not counted with the rest.',
    );
    expect(out).not.toMatch(/holds [^.]*types_db/);
  });
});

describe('files at the root', () => {
  it("lead with the product's own files, so that a cut list never hides them behind dotfiles", () => {
    const a = sampleAppAnalysis();
    for (let i = 1; i <= 12; i++)
      a.files.unshift({
        path: `.rc${String(i).padStart(2, '0')}`,
        size: 10,
        language: null,
        code: 1,
        comment: 0,
        blank: 0,
      });
    const md = writeStructure({ a, fx: factsOf(a) } as WriterContext);
    const list = /Files at the root: ([^\n]*)/.exec(md)![1]!;
    const product = new Set(factsOf(a).productFiles.map((f) => f.path));
    const first = /`([^`]+)`/.exec(list)![1]!;
    expect(product.has(first)).toBe(true);
    expect(list).toContain('`Makefile`');
    expect(list).toContain('`Dockerfile`');
  });
});

describe('the directory tree', () => {
  it('says "1 line", never "1 lines"', () => {
    const a = sampleAppAnalysis();
    a.tree.children.push({ name: 'data', path: 'data', files: 1, bytes: 10, lines: 1, children: [] });
    const md = writeStructure({ a, fx: factsOf(a) } as WriterContext);
    expect(md).toContain('data/  (1 file, 1 line of code)');
    expect(md).not.toMatch(/\b1 lines\b/);
  });
});

describe('paths left out', () => {
  it('names the paths each reason covers, a few of them', () => {
    expect(
      countReasons([
        { path: 'a/go.sum', reason: 'generated' },
        { path: 'b/go.sum', reason: 'generated' },
        { path: 'logo.png', reason: 'binary' },
        { path: 'tests/certs/valid/ca', reason: 'other' },
        { path: 'perf/a/generated/', reason: 'gitignore' },
        { path: 'perf/b/generated/', reason: 'gitignore' },
      ]),
    ).toEqual([
      '2 generated files (`a/go.sum` and `b/go.sum`)',
      // a folder skipped whole is a folder, not a file
      '2 folders ignored by .gitignore (`perf/a/generated/` and `perf/b/generated/`)',
      '1 image (`logo.png`)',
      // a link is never followed: it is named as one, not as "1 other"
      '1 link or special file (`tests/certs/valid/ca`)',
    ]);
  });
});

describe('files the line counter does not read', () => {
  it('names a man page and zsh completions, so their folders are not read as empty', () => {
    const a = sampleAppAnalysis();
    const unread = (path: string, lines: number): FileInfo => ({
      path,
      size: lines * 30,
      language: null,
      code: 0,
      comment: 0,
      blank: 0,
      lines,
    });
    a.files = [
      unread('doc/tool.1', 500),
      unread('contrib/completion/_tool', 280),
      unread('LICENSE', 20),
      unread('.gitignore', 3),
    ];
    expect(uncountedLine(a)).toBe(
      'The manual page `doc/tool.1` and the zsh completion `contrib/completion/_tool` are written in roff and zsh, which their names do not show: their folders count the files but not their lines.',
    );
    a.files = [unread('LICENSE', 20)];
    expect(uncountedLine(a)).toBe('');
  });
});
