// The budget planner: what the model reads at each budget, and that a plan never exceeds it.

import { describe, expect, it } from 'vitest';
import { parseAiConfig } from '../../llm/config.ts';
import { parentsOf, planReading, REPOSITORY, type ReadFile } from './reading.ts';
import { signatureLines } from './summaries.ts';

const config = (maxTokensPerReport: number) =>
  parseAiConfig({ provider: 'openai', model: 'gpt-4.1-mini', apiKey: 'k', maxTokensPerReport });

/** `n` files of ~200 lines in folders of 10, ranks falling with the index. */
function files(n: number): ReadFile[] {
  return Array.from({ length: n }, (_, i) => ({
    path: `src/m${Math.floor(i / 10)}/f${i}.ts`,
    module: `src/m${Math.floor(i / 10)}`,
    rank: 1 / (i + 1),
    lines: 200,
    tokens: { full: 2000, signatures: 250, names: 15 },
    depth: 'none' as const,
  }));
}
const sections = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1), level: 1 as const }));

describe('the budget planner', () => {
  it('reads everything in full when the budget allows', () => {
    const plan = planReading({
      files: files(20),
      sections: sections(10),
      config: config(1_000_000),
      factsTokens: 800,
    });
    expect(plan.estimate.reading).toMatchObject({ full: 20, signatures: 0, none: 0 });
    expect(plan.modelSections.size).toBe(10);
  });

  it('gives every file its signatures before any file its full text, best-ranked first', () => {
    const plan = planReading({
      files: files(400),
      sections: sections(30),
      config: config(600_000),
      factsTokens: 800,
    });
    const r = plan.estimate.reading!;
    expect(r.full + r.signatures).toBe(400);
    expect(r.full).toBeGreaterThan(0);
    // the files read in full are the best-ranked ones
    const full = plan.files.filter((f) => f.depth === 'full').map((f) => Number(/f(\d+)/.exec(f.path)![1]));
    expect(Math.max(...full)).toBe(full.length - 1);
    expect(plan.estimate.totalTokens).toBeLessThanOrEqual(600_000);
  });

  it('never plans past the budget, and leaves sections to the offline writer when it must', () => {
    for (const budget of [3_000, 30_000, 120_000, 400_000]) {
      const plan = planReading({
        files: files(1000),
        sections: sections(32),
        config: config(budget),
        factsTokens: 900,
      });
      expect(plan.estimate.totalTokens).toBeLessThanOrEqual(budget);
      expect(plan.modelSections.size + plan.estimate.offlineSections!).toBe(32);
    }
    const tiny = planReading({
      files: files(1000),
      sections: sections(32),
      config: config(3_000),
      factsTokens: 900,
    });
    expect(tiny.modelSections.size).toBe(0);
    expect(tiny.requests).toEqual([]);
    const tight = planReading({
      files: files(1000),
      sections: sections(32),
      config: config(120_000),
      factsTokens: 900,
    });
    expect(tight.modelSections.size).toBeGreaterThan(0);
    expect(tight.modelSections.size).toBeLessThan(32);
    // chapters keep the model first
    expect([...tight.modelSections][0]).toBe('1');
  });

  it('cuts a large module into requests of bounded size', () => {
    const big = files(60).map((f) => ({ ...f, module: 'src/big' }));
    const plan = planReading({
      files: big,
      sections: sections(2),
      config: config(2_000_000),
      factsTokens: 500,
    });
    expect(plan.requests.length).toBeGreaterThan(1);
    expect(plan.requests.every((r) => r.tokens <= 6000 || r.files.length === 1)).toBe(true);
    expect(new Set(plan.requests.flatMap((r) => r.files)).size).toBe(60);
  });
});

describe('the summary tree', () => {
  it('summarises branching folders from their modules, and the repository last', () => {
    const parents = parentsOf(['.', 'src/a', 'src/b', 'src/b/x', 'lib']);
    expect(parents.at(-1)!.dir).toBe(REPOSITORY);
    expect(parents.at(-1)!.children).toEqual(['.', 'lib', 'src']);
    expect(parents.find((p) => p.dir === 'src')!.children).toEqual(['src/a', 'src/b', 'src/b/x']);
  });
});

describe('signatures', () => {
  it('keep the header, each definition line and the comment above it, with their line numbers', () => {
    const lines = [
      '// The loan service.',
      "import x from 'y';",
      '',
      '/** Lends a book. */',
      'export function lend(id: string) {',
      '  return x(id);',
      '}',
    ];
    expect(signatureLines(lines, [5])).toEqual([
      [1, '// The loan service.'],
      [4, '/** Lends a book. */'],
      [5, 'export function lend(id: string) {'],
    ]);
  });
});
