// Code Metrics gives no figure the analysis could not measure, and counts what the other chapters count.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { productTodos } from './known-issues.ts';
import { writeMetrics } from './metrics.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 2, title: 'Code Metrics', kind: 'metrics', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

describe('code metrics', () => {
  it('shows the symbol counts only when the pass read at least the public names', () => {
    const a = sampleAppAnalysis();
    expect(writeMetrics(ctx(a))).toMatch(/\| Symbols in the product \(exported\) \|/);
    const b = sampleAppAnalysis();
    b.identity = {
      ...(b.identity ?? {}),
      publicApi: Array.from({ length: b.symbols.length + 1 }, (_, i) => ({
        name: `n${i}`,
        kind: 'function',
        path: 'src/app.ts',
        line: i + 1,
      })),
    } as Analysis['identity'];
    const out = writeMetrics(ctx(b));
    expect(out).not.toMatch(/Symbols \(exported\)|Symbols by kind/);
  });

  it('gives no second count of exported names beside the public names every other chapter counts', () => {
    const a = sampleAppAnalysis();
    a.identity = {
      ...(a.identity ?? {}),
      publicApi: [{ name: 'n', kind: 'function', path: 'src/app.ts', line: 1 }],
    } as Analysis['identity'];
    const out = writeMetrics(ctx(a));
    expect(out).toMatch(/\| Symbols in the product \| \d+ \|/);
    expect(out).not.toMatch(/exported|Symbols by kind/);
  });

  it("counts the imports of the product's own files, as every other row counts the product", () => {
    const a = sampleAppAnalysis();
    const base = new Set(factsOf(a).productFiles.map((f) => f.path));
    a.imports.push({ from: 'tests/books.test.ts', specifier: 'vitest', line: 1 });
    const own = a.imports.filter((i) => base.has(i.from));
    expect(own.length).toBeLessThan(a.imports.length);
    const internal = own.filter((i) => i.resolved).length;
    expect(writeMetrics(ctx(a))).toContain(
      `| Imports in the product (internal / external) | ${own.length} (${internal} / ${own.length - internal}) |`,
    );
  });

  it('counts the TODO markers of the product, as Known Issues does', () => {
    const a = sampleAppAnalysis();
    a.todos.push({ tag: 'TODO', text: 'in a test', file: 'tests/books.test.ts', line: 3 });
    expect(writeMetrics(ctx(a))).toContain(
      `| TODO / FIXME markers in the product | ${productTodos(a).length} |`,
    );
    expect(productTodos(a).length).toBeLessThan(a.todos.length);
  });

  it('counts the files beside the product file by file, never as a difference of two totals', () => {
    // the product base of an untouched copy (facts are kept per analysis once computed)
    const base = factsOf(sampleAppAnalysis()).productFiles;
    const a = sampleAppAnalysis();
    expect(base.length).toBeGreaterThan(1);
    const inBase = new Set(base.map((f) => f.path));
    for (const f of a.files) f.role = inBase.has(f.path) ? 'product' : 'tests';
    // a product file the base leaves out (a folder set apart) and a role total that disagrees with it
    a.identity = {
      publicApi: [],
      ...(a.identity ?? {}),
      nonProduct: [{ path: base[0]!.path, role: 'examples' }],
    } as Analysis['identity'];
    a.linesByRole = { product: { files: 1, code: 1 } } as Analysis['linesByRole'];
    const out = writeMetrics(ctx(a));
    const beside = /\|\s+of which files beside the product[^|]*\| ([\d,]+) in (-?\d+) files? \|/.exec(out);
    expect(beside?.[2]).toBe('1');
    expect(beside?.[1]).toBe(String(base[0]!.code));
    expect(out).not.toMatch(/in -\d+ files/);
  });
});
