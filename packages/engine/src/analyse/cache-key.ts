// The content hash an analysis is cached under: everything analyse() reads (the kept files' bytes,
// the skipped list, the project name, the size limit, the git HEAD) and the analyser's own version,
// so equal keys mean equal analyses.

import { createHash, type Hash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwIfCancelled } from '../errors.ts';
import type { Workspace } from '../types.ts';
import type { Analysis } from './types.ts';

/**
 * Bump when the analysis changes in a way the source fingerprint below cannot see (e.g. a grammar
 * package upgrade), so analyses cached by an older engine are not reused.
 */
export const ANALYSIS_CACHE_VERSION = 1;
/** Version of the analysis.json format; typed so a new `Analysis.version` must be reflected here. */
export const ANALYSIS_FORMAT_VERSION: Analysis['version'] = 1;

// Small files are read whole (one syscall beats a stream's set-up); larger ones are streamed so a
// big file never sits in memory. A few reads at a time keep the disk busy without flooding it.
const STREAM_ABOVE_BYTES = 1024 * 1024;
const CONCURRENCY = 16;

async function hashFile(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  if (size <= STREAM_ABOVE_BYTES) {
    hash.update(await fs.readFile(file));
  } else {
    await new Promise<void>((resolve, reject) => {
      createReadStream(file, { highWaterMark: 1024 * 1024 })
        .on('data', (chunk) => hash.update(chunk))
        .on('error', reject)
        .on('end', resolve);
    });
  }
  return hash.digest('hex');
}

async function readOptional(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').then(
    (t) => t.trim(),
    () => null,
  );
}

/**
 * What git history the analysis would see: whether `.git` exists and what HEAD points at (the
 * commit, resolved through loose or packed refs). A folder that is not a real repository still
 * hashes its HEAD text, so any change to it changes the key.
 */
export async function gitState(root: string): Promise<string> {
  const dotGit = path.join(root, '.git');
  const stat = await fs.stat(dotGit).catch(() => null);
  if (!stat) return 'no-git';
  // A worktree's `.git` is a file naming the real git dir; its text changes when it moves.
  if (!stat.isDirectory()) return `gitfile:${(await readOptional(dotGit)) ?? ''}`;
  const head = (await readOptional(path.join(dotGit, 'HEAD'))) ?? '';
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || ref.includes('..')) return `head:${head}`;
  const loose = await readOptional(path.join(dotGit, ...ref.split('/')));
  if (loose) return `head:${head}:${loose}`;
  const packed = (await readOptional(path.join(dotGit, 'packed-refs'))) ?? '';
  const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
  return `head:${head}:${line?.split(' ')[0] ?? 'unborn'}`;
}

let fingerprint: Promise<string> | undefined;

/**
 * A hash of the analysis passes' own source (this folder's modules and its subfolders', such as
 * the identity layer's), so a changed pass invalidates
 * every cached analysis without anyone remembering to bump a version. Where the sources are not on
 * disk (a bundled build) it falls back to the versions alone.
 */
export function analyserFingerprint(): Promise<string> {
  fingerprint ??= sourceFingerprint(path.dirname(fileURLToPath(import.meta.url)));
  return fingerprint;
}

/** A hash of the non-test modules below `dir` (subfolders included), or 'unknown' when there are none. */
export async function sourceFingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    const names = (await fs.readdir(dir, { recursive: true }))
      .filter((n) => /\.[cm]?[jt]s$/.test(n) && !/\.test\.[cm]?[jt]s$/.test(n))
      .sort();
    for (const name of names)
      feed(
        hash,
        name.split(path.sep).join('/'),
        createHash('sha256')
          .update(await fs.readFile(path.join(dir, name)))
          .digest('hex'),
      );
    return names.length > 0 ? hash.digest('hex') : 'unknown';
  } catch {
    return 'unknown';
  }
}

function feed(hash: Hash, ...fields: (string | number)[]): void {
  // NUL cannot occur in a path, so fields cannot run into each other
  for (const f of fields) hash.update(`${f}\0`);
  hash.update('\n');
}

/**
 * The key of a workspace's analysis: sha256 over the versions, the options that change the result,
 * the project name, the git state, the skipped entries and every kept file's (path, size, sha256),
 * sorted so the order files were found in does not matter.
 */
export async function analysisCacheKey(
  workspace: Workspace,
  options: { maxFileBytes?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<string> {
  const files = [...workspace.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const digests: string[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      throwIfCancelled(options.signal);
      const f = files[i]!;
      digests[i] = await hashFile(path.join(workspace.root, f.path), f.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));

  const hash = createHash('sha256');
  feed(
    hash,
    'atr-analysis',
    ANALYSIS_CACHE_VERSION,
    ANALYSIS_FORMAT_VERSION,
    await analyserFingerprint(),
    options.maxFileBytes ?? 'default',
  );
  feed(hash, 'name', workspace.name);
  feed(hash, 'git', await gitState(workspace.root));
  const skipped = workspace.skipped.map((s) => `${s.reason}:${s.path}`).sort();
  for (const s of skipped) feed(hash, 'skipped', s);
  // the size is what ingest recorded; the digest is of the bytes on disk now
  files.forEach((f, i) => feed(hash, 'file', f.path, f.size, digests[i]!));
  return hash.digest('hex');
}
