// The analysis cache key: stable for an unchanged tree, different after any change analyse() would see.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { ingestDirectory } from '../ingest/index.ts';
import type { EngineContext, Workspace } from '../types.ts';
import { analyserFingerprint, analysisCacheKey, gitState, sourceFingerprint } from './cache-key.ts';
import { writeTree } from './test-helpers.ts';

let base: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

let seq = 0;
async function tree(files: Record<string, string | Buffer>, name = `proj${++seq}`): Promise<string> {
  const root = path.join(base, name);
  for (const [rel, data] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), data);
  }
  return root;
}

const ctx = (): EngineContext => ({ workDir: base, now: () => new Date(0), onProgress() {} });
const workspaceOf = (root: string): Promise<Workspace> => ingestDirectory(root, ctx());
const FILES = {
  'src/index.ts': 'export const a = 1;\n',
  'src/util.py': 'def f():\n    return 2\n',
  'README.md': '# Demo\n',
};

describe('analysisCacheKey', () => {
  it('is the same for the same tree read twice, and for the same content in another folder of the same name', async () => {
    const root = await tree(FILES, 'same/demo');
    const a = await analysisCacheKey(await workspaceOf(root));
    const b = await analysisCacheKey(await workspaceOf(root));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    const copy = await tree(FILES, 'copy/demo');
    expect(await analysisCacheKey(await workspaceOf(copy))).toBe(a);
  });

  it('does not depend on the order ingest listed the files in', async () => {
    const ws = await workspaceOf(await tree(FILES));
    const reversed: Workspace = { ...ws, files: [...ws.files].reverse(), skipped: [...ws.skipped].reverse() };
    expect(await analysisCacheKey(reversed)).toBe(await analysisCacheKey(ws));
  });

  it('changes when one byte of one file changes (same size)', async () => {
    const root = await tree(FILES, 'byte/demo');
    const before = await analysisCacheKey(await workspaceOf(root));
    await fs.writeFile(path.join(root, 'src/index.ts'), 'export const a = 2;\n');
    expect(await analysisCacheKey(await workspaceOf(root))).not.toBe(before);
  });

  it('changes when a file is added, renamed or newly skipped, and with the project name or size limit', async () => {
    const root = await tree(FILES, 'shape/demo');
    const ws = await workspaceOf(root);
    const key = await analysisCacheKey(ws);
    await fs.writeFile(path.join(root, 'extra.ts'), 'x');
    expect(await analysisCacheKey(await workspaceOf(root))).not.toBe(key);
    await fs.rm(path.join(root, 'extra.ts'));
    await fs.rename(path.join(root, 'README.md'), path.join(root, 'README.txt'));
    expect(await analysisCacheKey(await workspaceOf(root))).not.toBe(key);
    await fs.rename(path.join(root, 'README.txt'), path.join(root, 'README.md'));
    expect(await analysisCacheKey(await workspaceOf(root))).toBe(key);
    expect(await analysisCacheKey({ ...ws, name: 'other' })).not.toBe(key);
    expect(
      await analysisCacheKey({ ...ws, skipped: [...ws.skipped, { path: 'dist/', reason: 'generated' }] }),
    ).not.toBe(key);
    expect(await analysisCacheKey(ws, { maxFileBytes: 1000 })).not.toBe(key);
  });

  it('hashes large files by streaming them, to their last chunk', async () => {
    const big = Buffer.from('select 1;\n'.repeat(300_000));
    const root = await tree({ 'data/big.sql': big }, 'big/demo');
    const ws = await workspaceOf(root);
    expect(ws.files.map((f) => f.path)).toEqual(['data/big.sql']);
    const key = await analysisCacheKey(ws);
    big[big.length - 2] = 0x3a; // a byte in the last chunk
    await fs.writeFile(path.join(root, 'data/big.sql'), big);
    expect(await analysisCacheKey(ws)).not.toBe(key);
  });

  it('follows the git HEAD, since the git history is analysed', async () => {
    const root = await tree(
      { ...FILES, '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': 'a'.repeat(40) + '\n' },
      'git/demo',
    );
    const ws = await workspaceOf(root);
    expect(ws.files.some((f) => f.path.startsWith('.git'))).toBe(false);
    const key = await analysisCacheKey(ws);
    expect(await gitState(root)).toBe(`head:ref: refs/heads/main:${'a'.repeat(40)}`);
    await fs.writeFile(path.join(root, '.git/refs/heads/main'), 'b'.repeat(40) + '\n');
    const moved = await analysisCacheKey(ws);
    expect(moved).not.toBe(key);
    // a packed ref is followed too
    await fs.rm(path.join(root, '.git/refs/heads/main'));
    await fs.writeFile(
      path.join(root, '.git/packed-refs'),
      `# pack-refs\n${'c'.repeat(40)} refs/heads/main\n`,
    );
    expect(await gitState(root)).toBe(`head:ref: refs/heads/main:${'c'.repeat(40)}`);
    await fs.rm(path.join(root, '.git'), { recursive: true });
    const none = await analysisCacheKey(ws);
    expect(new Set([key, moved, none]).size).toBe(3);
    expect(await gitState(root)).toBe('no-git');
  });

  it('includes a fingerprint of the analysis passes, read from their source', async () => {
    const fp = await analyserFingerprint();
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(await analyserFingerprint()).toBe(fp);
  });

  it('changes when a pass in a subfolder changes, not when a test does', async () => {
    const root = await writeTree({
      'a.ts': 'export const a = 1;\n',
      'identity/b.ts': 'export const b = 1;\n',
      'identity/b.test.ts': 'test\n',
    });
    const before = await sourceFingerprint(root);
    await fs.writeFile(path.join(root, 'identity/b.test.ts'), 'changed test\n');
    expect(await sourceFingerprint(root)).toBe(before);
    await fs.writeFile(path.join(root, 'identity/b.ts'), 'export const b = 2;\n');
    expect(await sourceFingerprint(root)).not.toBe(before);
  });

  it('stops with the cancellation error when the signal fires', async () => {
    const ws = await workspaceOf(await tree(FILES));
    const controller = new AbortController();
    controller.abort();
    const error = await analysisCacheKey(ws, { signal: controller.signal }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('cancelled');
  });
});
