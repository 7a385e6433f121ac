// The budget planner: what the model reads at each budget, and that a plan never exceeds it.

import { describe, expect, it } from 'vitest';
import { parseAiConfig } from '../../llm/config.ts';
import {
  centreFiles,
  FILE_CAP_TOKENS,
  parentsOf,
  planReading,
  readingRoleOf,
  REPOSITORY,
  type ReadFile,
  sectionCost,
  SNIPPET_TOKENS,
} from './reading.ts';
import { assignedDefinitions, signatureLines } from './summaries.ts';

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

describe('what a writer is expected to be sent', () => {
  const writerIn = (productTokens: number, centre = 0) =>
    sectionCost(600, 4000, 3, productTokens, centre).writer.inputTokens;

  it("expects a small product's excerpts to be about its own size, a large one's to fill their cap", () => {
    // the excerpts show the manifest, README and tests besides the product, in windows that overlap:
    // a product of 2,000 tokens fills about 2,000, not a fifth of it
    expect(writerIn(2000) - writerIn(0)).toBeCloseTo(2000 * 1.05, 0);
    expect(writerIn(2000) - writerIn(1000)).toBeCloseTo(1000 * 1.05, 0);
    // past the cap the product's size no longer counts
    expect(writerIn(50_000)).toBe(writerIn(Infinity));
    expect(writerIn(Infinity) - writerIn(0)).toBeLessThan(SNIPPET_TOKENS * 1.05);
  });

  it('adds the centre the writers are shown, measured when the planner has it', () => {
    expect(writerIn(Infinity, 500) - writerIn(Infinity, 0)).toBeCloseTo(500 * 1.05, 0);
    const plan = (centreTokens?: number) =>
      planReading({
        files: files(20),
        sections: sections(10),
        config: config(1_000_000),
        factsTokens: 800,
        centreTokens,
      }).estimate.roles.writer!.inputTokens;
    expect(plan(400) - plan(0)).toBeCloseTo(10 * 400 * 1.05, -1);
    // without a measure (the upload form) a share of the centre's allowance is expected
    expect(plan()).toBeGreaterThan(plan(0));
    expect(plan()).toBeLessThan(plan(400));
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

describe('reading by what a file does', () => {
  const file = (p: string, over: Partial<ReadFile> = {}): ReadFile => ({
    path: p,
    module: p.slice(0, p.lastIndexOf('/')),
    rank: 0.01,
    lines: 100,
    tokens: { full: 1000, signatures: 150, names: 12 },
    depth: 'none',
    ...over,
  });

  it('labels migrations, data tables, vendored UI kits, tests and examples; the rest is product', () => {
    expect(readingRoleOf({ path: 'hc/api/migrations/0001_initial.py', role: 'product' })).toBe('migration');
    expect(readingRoleOf({ path: 'db/migrate/20240101_add_users.rb' })).toBe('migration');
    expect(readingRoleOf({ path: 'hc/lib/tz.py', role: 'product', literalData: true })).toBe('data');
    expect(readingRoleOf({ path: 'components/ui/button.tsx', role: 'product' })).toBe('vendored');
    expect(readingRoleOf({ path: 'components/ui/Toasts/use-toast.ts', role: 'product' })).toBe('vendored');
    // the product's own components beside the kit stay product code
    expect(readingRoleOf({ path: 'components/ui/Pricing/Pricing.tsx', role: 'product' })).toBe('product');
    expect(readingRoleOf({ path: 'components/ui/Button/index.ts', role: 'product' })).toBe('product');
    expect(readingRoleOf({ path: 'tests/test_api.py', role: 'tests' })).toBe('test');
    expect(readingRoleOf({ path: 'examples/hello.js', role: 'examples' })).toBe('example');
    expect(readingRoleOf({ path: 'lib/application.js', role: 'product' })).toBe('product');
  });

  it('reads the centre in full first, whatever its rank, and names the labelled files only', () => {
    const plan = planReading({
      files: [
        file('src/a/top.ts', { rank: 0.5 }),
        file('src/a/settings.ts', { rank: 0.0001, centre: true }),
        file('src/a/migrations/0001.ts', { rank: 0.9, role: 'migration' }),
        file('src/a/table.ts', { rank: 0.8, role: 'data' }),
      ],
      sections: sections(2),
      config: config(1_000_000),
      factsTokens: 500,
    });
    const depth = new Map(plan.files.map((f) => [f.path, f.depth]));
    expect(depth.get('src/a/settings.ts')).toBe('full');
    expect(depth.get('src/a/top.ts')).toBe('full');
    expect(depth.get('src/a/migrations/0001.ts')).toBe('names');
    expect(depth.get('src/a/table.ts')).toBe('names');
  });

  it('never reads a file past the cap in full, even when the budget would allow it', () => {
    const plan = planReading({
      files: [
        file('src/a/huge.ts', {
          rank: 0.9,
          centre: true,
          tokens: { full: FILE_CAP_TOKENS + 1, signatures: 200, names: 12 },
        }),
      ],
      sections: sections(2),
      config: config(1_000_000),
      factsTokens: 500,
    });
    expect(plan.files[0]!.depth).toBe('signatures');
  });

  it('reads as the centre the entry points, main path, routes, settings, stored schemas, central types and extension points', () => {
    const centre = centreFiles({
      files: [{ path: 'hc/settings.py' }, { path: 'hc/urls.py' }, { path: 'hc/api/views.py' }] as never,
      routes: [
        { file: 'hc/api/urls.py', area: 'product' },
        { file: 'examples/app.py', area: 'examples' },
      ] as never,
      identity: {
        entryPoints: [{ path: 'manage.py', line: 1, how: 'main' }],
        mainPath: [
          { name: 'handle', path: 'lib/app.js', line: 3 },
          { name: 'http', path: 'node:http', line: 0, external: 'node:http' },
        ],
      } as never,
      dataModel: [
        { file: 'prisma/schema.prisma', store: 'table' },
        { file: 'api/dto.ts', store: 'schema' },
      ] as never,
      flow: {
        abstractions: [{ name: 'Router', path: 'src/router.ts', line: 1 }],
        // where users plug their code in: a registration method and an abstract base
        registrations: [{ name: 'use', owner: 'App', path: 'lib/middleware.js', line: 5 }],
        bases: [{ name: 'Transport', path: 'lib/transports/base.js', line: 3 }],
      } as never,
    } as never);
    expect([...centre].sort()).toEqual(
      [
        'hc/api/urls.py',
        'hc/settings.py',
        'hc/urls.py',
        'lib/app.js',
        'manage.py',
        'prisma/schema.prisma',
        'src/router.ts',
        'lib/middleware.js',
        'lib/transports/base.js',
      ].sort(),
    );
  });
});

describe('signatures', () => {
  it('reads assignment-style definitions like declarations', () => {
    const lines = [
      "'use strict';",
      'const proto = module.exports = {};',
      'proto.handle = function handle(req, res) {',
      '  return 1;',
      '};',
      'exports.render = (view) => view;',
      'export const GET = async (request) => {',
      '  return new Response();',
      '};',
      'const x = 1;',
    ];
    const kept = signatureLines(lines, assignedDefinitions(lines)).map(([n]) => n);
    expect(kept).toEqual(expect.arrayContaining([2, 3, 6, 7]));
    expect(kept).not.toContain(4);
    expect(kept).not.toContain(10);
  });

  it('leaves a licence notice out and keeps a header that says what the file does', () => {
    const notice = [
      '// Copyright 2020 The Authors. All rights reserved.',
      '// Use of this source code is governed by the MIT licence.',
      '',
      'package chi',
      'func New() {}',
    ];
    expect(signatureLines(notice, [5]).map(([n]) => n)).toEqual([5]);
    const header = ['// Package chi is a small router.', 'package chi', 'func New() {}'];
    expect(signatureLines(header, [3]).map(([n]) => n)).toEqual([1, 3]);
  });
});
