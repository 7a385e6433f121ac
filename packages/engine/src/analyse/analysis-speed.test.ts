// Analysis cost on a mid-sized tree: the regex extractors instead of tree-sitter's grammar load and
// WASM parsing, and (when cloc is installed) no slower than cloc on the same files.

import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate-tree.ts';
import { analyse, TREE_SITTER_MAX_LINES } from './index.ts';
import { testContext, workspaceOf } from './test-helpers.ts';

const run = promisify(execFile);
const haveCloc = await run('cloc', ['--version']).then(
  () => true,
  () => false,
);
if (!haveCloc && process.env.CI) throw new Error('cloc is required under CI (apt-get install cloc)');
if (!haveCloc) console.warn('cloc is not installed: skipping the analysis-vs-cloc timing check');

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  await generateTree(path.join(dir, 'tree'), 20_000);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('analysis speed on a 20k-line tree', () => {
  it('uses the regex extractors without loading tree-sitter, and is no slower than cloc', async () => {
    const root = path.join(dir, 'tree');
    const workspace = await workspaceOf(root);
    await analyse(workspace, testContext()); // warm the module and file caches, as cloc's are warm below
    const t0 = performance.now();
    const analysis = await analyse(workspace, testContext());
    const ours = performance.now() - t0;
    const parseable = analysis.languages.filter((l) => ['TypeScript', 'Python', 'Go'].includes(l.language)).reduce((n, l) => n + l.code, 0);
    expect(parseable).toBeGreaterThan(TREE_SITTER_MAX_LINES);
    expect(analysis.timings.treeSitterInit).toBeUndefined();
    expect(analysis.symbolExtractors).toMatchObject({ treeSitter: 0 });
    expect(analysis.symbols.length).toBeGreaterThan(100);
    if (!haveCloc) return;
    const list = path.join(dir, 'list.txt');
    await fs.writeFile(list, analysis.files.map((f) => path.join(root, f.path)).join('\n'));
    const c0 = performance.now();
    await run('cloc', ['--json', '--quiet', `--list-file=${list}`], { maxBuffer: 64 << 20 });
    const cloc = performance.now() - c0;
    // equal cost is the target (the benchmark records it); the slack absorbs a shared machine's noise
    expect(ours, `analysis ${Math.round(ours)} ms, cloc ${Math.round(cloc)} ms`).toBeLessThan(cloc * 2);
  });
});
