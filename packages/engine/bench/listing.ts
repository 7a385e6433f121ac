// A folder as a ZIP of it would list it: every file under one top folder, with its size. What the
// upload form sends for its estimate, for benchmarks and tests that start from a folder.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ListedFile } from '../src/llm/estimate.ts';

export async function listingOf(dir: string): Promise<ListedFile[]> {
  const out: ListedFile[] = [];
  const top = path.basename(dir);
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.push({ path: `${top}/${path.relative(dir, full)}`, size: (await fs.stat(full)).size });
  }
  return out;
}
