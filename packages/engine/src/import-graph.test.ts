// The engine's import graph has one direction: no module imports, through any chain of imports, a
// module that imports it (type-only imports and `import('…')` types count too), and the writing
// layer's folders import only downwards (decision 049). Read with TypeScript's own pre-processor.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

type Graph = Map<string, string[]>;

/** Each module's relative imports (static, type-only, re-exports, `import()`), resolved to modules of `files`. */
function importGraph(files: Map<string, string>): Graph {
  const graph: Graph = new Map();
  const resolve = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined; // a package, not a module of the engine
    const base = path.posix.join(path.posix.dirname(from), spec);
    const stem = base.replace(/\.js$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`].find((c) => files.has(c));
  };
  for (const [file, text] of files) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles.map((f) => resolve(file, f.fileName)).filter((t) => t !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** One shortest circle for each strongly connected group of modules (Tarjan), as `a → b → a`. */
function importCycles(graph: Graph): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) groups.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return groups.map((group) => {
    // breadth-first from the group's first module back to itself, inside the group
    const start = group[0]!;
    const inGroup = new Set(group);
    const before = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      const back = (graph.get(v) ?? []).includes(start);
      if (back) {
        const circle = [start];
        for (let x = v; x !== start; x = before.get(x)!) circle.splice(1, 0, x);
        return `${[...circle, start].join(' → ')} (${group.length} modules in the group)`;
      }
      for (const w of graph.get(v) ?? [])
        if (inGroup.has(w) && !before.has(w) && w !== start) {
          before.set(w, v);
          queue.push(w);
        }
    }
    return group.join(', ');
  });
}

function engineSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(SRC, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
        files.set(rel, readFileSync(path.join(SRC, rel), 'utf8'));
    }
  };
  walk('');
  return files;
}

/**
 * The direction of the writing layer, as "modules under this prefix import only modules matching
 * this": the shared vocabulary imports nothing but vocabulary; chapters never reach up to the
 * orchestration, the editorial passes, the document tree, the figures or the writers; figures read
 * the analysis's types; writers read the document tree only.
 */
const VOCABULARY = [
  'types.ts',
  'analyse/types.ts',
  'template/types.ts',
  'tree/types.ts',
  'llm/types.ts',
  'llm/config.ts',
  'llm/cache.ts',
  'agents/types.ts',
  'agents/sections/kinds.ts',
  'agents/claim-ledger.ts',
];
/** The chapters other chapters still import (see the rule below). */
const CHAPTER_TO_CHAPTER = new Set([
  'overview.ts → api.ts',
  'overview.ts → testing.ts',
  'api.ts → security.ts',
  'build-deploy.ts → testing.ts',
]);

const RULES: { from: (f: string) => boolean; may: (to: string, from: string) => boolean; says: string }[] = [
  {
    from: (f) => VOCABULARY.includes(f),
    may: (to) => VOCABULARY.includes(to),
    says: 'a shared vocabulary module imports only other vocabulary',
  },
  {
    from: (f) => f.startsWith('agents/sections/') && !f.endsWith('.test.ts'),
    may: (to) =>
      !/^(tree|writers|figures|agents\/llm)\//.test(to) &&
      !/^agents\/(index|roles|planner|analysts|reviewer|consistency)\.ts$/.test(to),
    says: 'a chapter does not import the orchestration, the editorial passes, the tree, the figures or the writers',
  },
  {
    from: (f) => f === 'agents/model.ts' || f === 'agents/facts.ts',
    may: (to) =>
      VOCABULARY.includes(to) ||
      to.startsWith('analyse/') ||
      to === 'agents/facts.ts' ||
      to === 'citations.ts',
    says: 'the project model is built from the analysis alone: it reads no chapter, phrasing helper or editorial pass',
  },
  {
    // chapters share facts through the model, not through each other; what is left, by name: the
    // overview summarises the API and testing chapters' first findings, the API chapter borrows the
    // security chapter's sentence on the product's own sign-in, and the build chapter the testing
    // chapter's reading of CI check commands
    from: (f) => f.startsWith('agents/sections/') && !f.endsWith('.test.ts') && !f.endsWith('/index.ts'),
    may: (to, from) =>
      !to.startsWith('agents/sections/') ||
      /^agents\/sections\/(?:define|kinds)\.ts$/.test(to) ||
      CHAPTER_TO_CHAPTER.has(
        `${from.slice('agents/sections/'.length)} → ${to.slice('agents/sections/'.length)}`,
      ),
    says: 'a chapter takes shared facts from the project model, not from another chapter',
  },
  {
    from: (f) => f === 'agents/prose-claims.ts' || f === 'agents/recommendations.ts',
    may: (to) => !to.startsWith('agents/sections/') || to === 'agents/sections/kinds.ts',
    says: 'an editorial pass takes its facts from the project model, not from a chapter',
  },
  {
    from: (f) => f.startsWith('figures/') && !f.endsWith('.test.ts'),
    may: (to) => to.startsWith('figures/') || to === 'analyse/types.ts',
    says: 'a figure reads the analysis types only',
  },
  {
    from: (f) => f.startsWith('writers/') && !f.endsWith('.test.ts'),
    may: (to) => to.startsWith('writers/') || to.startsWith('tree/'),
    says: 'a writer reads the document tree only',
  },
];

describe('import graph', () => {
  it('finds a circle made of type-only and import() type imports, and names it', () => {
    const graph = importGraph(
      new Map([
        ['a.ts', "import type { B } from './b';\nimport { z } from 'zod';"],
        ['b/index.ts', "export type B = import('../c.ts').C;"],
        ['c.ts', "export { a } from './a.ts';"],
        ['d.ts', "import { a } from './a.ts';"],
      ]),
    );
    expect(graph.get('a.ts')).toEqual(['b/index.ts']); // a package is not a module of the engine
    expect(importCycles(graph)).toEqual(['a.ts → b/index.ts → c.ts → a.ts (3 modules in the group)']);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('packages/engine/src has no import cycle', () => {
    expect(importCycles(importGraph(engineSources()))).toEqual([]);
  });

  it('the writing layer imports in one direction', () => {
    const graph = importGraph(engineSources());
    const broken: string[] = [];
    for (const [file, targets] of graph)
      for (const rule of RULES)
        if (rule.from(file))
          for (const to of targets) if (!rule.may(to, file)) broken.push(`${file} → ${to}: ${rule.says}`);
    expect(broken).toEqual([]);
  });
});
