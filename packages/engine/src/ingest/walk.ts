// Walks an extracted or local tree and splits it into files kept for analysis and files skipped
// (with the reason), honouring every .gitignore on the way down, never following symlinks.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { IngestLimits, SkippedEntry, WorkspaceFile } from '../types.ts';
import {
  OUTPUT_CONFIG,
  SNIFF_BYTES,
  classifyContent,
  classifyDir,
  classifyFileName,
  type Siblings,
} from './skip-rules.ts';

interface IgnoreScope {
  base: string; // directory of the .gitignore, relative to the root ("" for the root)
  rules: Ignore;
}

export interface WalkResult {
  files: WorkspaceFile[];
  skipped: SkippedEntry[];
  hasGit: boolean;
}

/** Like git: deeper .gitignore files win, so a nested `!pattern` re-includes what a parent ignored. */
function ignoredBy(scopes: IgnoreScope[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const scope of scopes) {
    const local = scope.base === '' ? rel : rel.slice(scope.base.length + 1);
    const verdict = scope.rules.test(isDir ? `${local}/` : local);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

async function readHead(abs: string): Promise<Uint8Array> {
  const handle = await fs.open(abs, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The files of a folder, with the text of the build configs that say whether `build/` is output. */
async function siblingsOf(absDir: string, entries: { name: string; isFile(): boolean }[]): Promise<Siblings> {
  const files = entries.filter((e) => e.isFile());
  const texts = new Map<string, string>();
  for (const e of files) {
    if (!OUTPUT_CONFIG.test(e.name)) continue;
    const abs = path.join(absDir, e.name);
    // a config is small; a huge one is no config and is not read
    if ((await fs.stat(abs)).size <= 256 * 1024) texts.set(e.name, await fs.readFile(abs, 'utf8'));
  }
  return { names: new Set(files.map((e) => e.name)), text: (n) => texts.get(n) ?? null };
}

/** Lists `root` recursively; `signal` is checked between directories so a huge tree can be cancelled. */
export async function walkWorkspace(
  root: string,
  limits: Pick<IngestLimits, 'maxFileBytes'>,
  signal?: AbortSignal,
): Promise<WalkResult> {
  const files: WorkspaceFile[] = [];
  const skipped: SkippedEntry[] = [];
  let hasGit = false;

  async function visit(relDir: string, scopes: IgnoreScope[]): Promise<void> {
    if (signal?.aborted) return;
    const absDir = relDir === '' ? root : path.join(root, relDir);
    const entries = await fs.readdir(absDir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let here = scopes;
    const gi = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gi) {
      const text = await fs.readFile(path.join(absDir, '.gitignore'), 'utf8');
      here = [...scopes, { base: relDir, rules: ignore().add(text) }];
    }
    let siblings: Siblings | undefined;
    for (const entry of entries) {
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        // the link is never followed; a target inside the tree is noted, so a root README that
        // links to a package's README can still be read as the project's
        const target = await fs.readlink(path.join(absDir, entry.name)).catch(() => null);
        const inside = target == null || path.isAbsolute(target) ? null : path.posix.join(relDir, target);
        skipped.push({
          path: rel,
          reason: 'other',
          ...(inside && !inside.startsWith('..') ? { linkTo: inside } : {}),
        });
        continue;
      }
      if (entry.isDirectory()) {
        if (entry.name === '.git') hasGit = true;
        siblings ??= await siblingsOf(absDir, entries);
        const verdict = classifyDir(entry.name, siblings);
        if (verdict) skipped.push({ path: `${rel}/`, reason: verdict });
        else if (ignoredBy(here, rel, true)) skipped.push({ path: `${rel}/`, reason: 'gitignore' });
        else await visit(rel, here);
        continue;
      }
      if (!entry.isFile()) {
        skipped.push({ path: rel, reason: 'other' });
        continue;
      }
      if (ignoredBy(here, rel, false)) {
        skipped.push({ path: rel, reason: 'gitignore' });
        continue;
      }
      const abs = path.join(absDir, entry.name);
      const byName = classifyFileName(entry.name);
      if (byName) {
        skipped.push({ path: rel, reason: byName });
        continue;
      }
      const { size } = await fs.stat(abs);
      if (size > limits.maxFileBytes) {
        skipped.push({ path: rel, reason: 'too-large' });
        continue;
      }
      const byContent = size === 0 ? null : classifyContent(await readHead(abs), size, entry.name);
      if (byContent) {
        skipped.push({ path: rel, reason: byContent });
        continue;
      }
      files.push({ path: rel, size });
    }
  }

  await visit('', []);
  return { files, skipped, hasGit };
}
