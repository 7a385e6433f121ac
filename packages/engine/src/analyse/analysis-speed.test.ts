// Analysis on a mid-sized tree uses the regex extractors instead of tree-sitter's grammar load and WASM
// parsing. How its time compares with cloc is measured by the benchmark (bench/run.ts), not here.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate-tree.ts';
import { analyse, TREE_SITTER_MAX_LINES } from './index.ts';
import { testContext, workspaceOf } from './test-helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  await generateTree(path.join(dir, 'tree'), 20_000);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('analysis speed on a 20k-line tree', () => {
  it('uses the regex extractors without loading tree-sitter', async () => {
    const root = path.join(dir, 'tree');
    const workspace = await workspaceOf(root);
    const analysis = await analyse(workspace, testContext());
    const parseable = analysis.languages
      .filter((l) => ['TypeScript', 'Python', 'Go'].includes(l.language))
      .reduce((n, l) => n + l.code, 0);
    expect(parseable).toBeGreaterThan(TREE_SITTER_MAX_LINES);
    expect(analysis.timings.treeSitterInit).toBeUndefined();
    expect(analysis.symbolExtractors).toMatchObject({ treeSitter: 0 });
    expect(analysis.symbols.length).toBeGreaterThan(100);
  });
});
