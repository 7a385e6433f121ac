// The product's modules, computed once for every chapter that counts or draws them.
import { describe, expect, it } from 'vitest';
import { factsOf } from './facts.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';

describe('product modules', () => {
  it('are the module-graph folders holding product code, counted from the product files in them', () => {
    const a = sampleAppAnalysis();
    const fx = factsOf(a);
    const ids = fx.modules.map((m) => m.id);
    expect(ids).toContain('src/services');
    // the tests folder is a module of the graph, not of the product
    expect(ids).not.toContain('tests');
    for (const m of fx.modules) {
      const files = fx.sourceFiles.filter(
        (f) =>
          f.path.startsWith(`${m.id}/`) &&
          !fx.modules.some((o) => o.id.length > m.id.length && f.path.startsWith(`${o.id}/`)),
      );
      expect(m.files, m.id).toBe(files.filter((f) => !f.role || f.role === 'product').length);
    }
    // edges only between product modules
    for (const e of fx.moduleEdges) expect(ids).toEqual(expect.arrayContaining([e.from, e.to]));
  });

  it('leave out a folder of build files alone, and the files of other roles', () => {
    const a = sampleAppAnalysis();
    a.moduleGraph.nodes.push({ id: '.', files: 2, lines: 40 });
    a.files.push(
      { path: 'Makefile', size: 100, language: 'make', role: 'product', code: 20, comment: 0, blank: 0 },
      { path: 'gradlew', size: 100, language: 'Bourne Shell', role: 'other', code: 20, comment: 0, blank: 0 },
    );
    expect(factsOf(a).modules.map((m) => m.id)).not.toContain('.');
    a.files.push({
      path: 'main.py',
      size: 100,
      language: 'Python',
      role: 'product',
      code: 5,
      comment: 0,
      blank: 0,
    });
    const b = structuredClone(a);
    const fx = factsOf(b);
    const root = fx.sourceFiles.filter((f) => !f.path.includes('/') && f.role !== 'other');
    expect(root.map((f) => f.path)).toContain('main.py');
    expect(fx.modules.find((m) => m.id === '.')).toEqual({
      id: '.',
      files: root.length,
      lines: root.reduce((n, f) => n + f.code, 0),
    });
  });
});
