// Helpers shared by the analysis tests: temp trees on disk and a plain directory walk.

import { mkdtemp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EngineContext, Workspace, WorkspaceFile } from '../types.ts';

export async function writeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, text);
  }
  return root;
}

/** Every file below root except .git and dependency folders, roughly as ingest would keep them. */
export async function listFiles(root: string, rel = ''): Promise<WorkspaceFile[]> {
  const out: WorkspaceFile[] = [];
  for (const e of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (e.name === 'node_modules' || e.name === '.git' || e.name === 'dist') continue;
      out.push(...(await listFiles(root, p)));
    } else if (e.isFile()) {
      out.push({ path: p, size: (await stat(path.join(root, p))).size });
    }
  }
  return out;
}

export async function workspaceOf(root: string, name = 'demo'): Promise<Workspace> {
  return { root, name, files: await listFiles(root), skipped: [], source: { kind: 'directory' } };
}

export function testContext(progress: [string, number][] = []): EngineContext {
  return {
    workDir: os.tmpdir(),
    now: () => new Date('2026-01-02T03:04:05Z'),
    onProgress: (step, pct) => {
      progress.push([step, pct]);
    },
  };
}
