// Extracts an uploaded ZIP into `${workDir}/src` with every defence checked before bytes reach the
// disk: unsafe names, symlinks, encryption, duplicates, entry count, declared and actual sizes, ratio.

import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { EngineError, throwIfCancelled } from '../errors.ts';
import {
  DEFAULT_INGEST_LIMITS,
  type EngineContext,
  type IngestLimits,
  type SkippedEntry,
  type Workspace,
} from '../types.ts';
import { classifyDir } from './skip-rules.ts';
import { walkWorkspace } from './walk.ts';

/** Below this many inflated bytes the ratio is not checked: tiny repetitive files compress well legitimately. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const MAX_NAME_LENGTH = 1024;
/** Longest file or folder name (in bytes) the common file systems store (NAME_MAX on ext4, APFS, NTFS). */
export const MAX_SEGMENT_BYTES = 255;

/** Whether a relative path has a file or folder name longer than the file system can store. */
function hasOverlongSegment(rel: string): boolean {
  return rel.split('/').some((part) => Buffer.byteLength(part) > MAX_SEGMENT_BYTES);
}

export function resolveLimits(ctx: Pick<EngineContext, 'limits'>): IngestLimits {
  return { ...DEFAULT_INGEST_LIMITS, ...ctx.limits };
}

const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
const reject = (message: string, detail?: string) => new EngineError('ingest', message, { detail });

/** Returns a safe relative path with forward slashes, or throws a user-readable rejection. */
export function checkEntryName(name: string): string {
  const shown = JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);
  if (name.length === 0) throw reject('The archive contains an entry with an empty name.');
  if (name.length > MAX_NAME_LENGTH)
    throw reject(`The archive contains an entry whose name is longer than ${MAX_NAME_LENGTH} characters.`);
  if (name.includes('\0')) throw reject(`The archive entry ${shown} has a NUL character in its name.`);
  if (name.includes('\\'))
    throw reject(
      `The archive entry ${shown} uses backslashes in its path; only forward slashes are allowed.`,
    );
  if (/^[A-Za-z]:/.test(name))
    throw reject(`The archive entry ${shown} names a drive letter; only relative paths are allowed.`);
  if (name.startsWith('/'))
    throw reject(`The archive entry ${shown} has an absolute path; only relative paths are allowed.`);
  const parts = name.split('/');
  if (parts.includes('..'))
    throw reject(`The archive entry ${shown} tries to leave the project folder ("..").`);
  return parts.filter((p) => p !== '' && p !== '.').join('/');
}

interface PlannedEntry {
  entry: yauzl.Entry;
  name: string; // validated, before stripping the common top folder
  isDir: boolean;
}

function entryMode(entry: yauzl.Entry): number {
  return (entry.externalFileAttributes >>> 16) & 0o170000;
}

/** Counts inflated bytes as they stream and fails the moment any limit is passed (headers are not trusted). */
class ByteGuard extends Transform {
  private seen = 0;
  constructor(
    private readonly name: string,
    private readonly declared: number,
    private readonly compressed: number,
    private readonly limits: IngestLimits,
    private readonly total: { bytes: number },
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    this.total.bytes += chunk.length;
    if (this.seen > this.declared)
      return done(
        reject(
          `The archive entry "${this.name}" holds more data than its header declares; the archive is corrupt or malicious.`,
        ),
      );
    if (this.total.bytes > this.limits.maxUncompressedBytes)
      return done(
        reject(
          `The archive expands to more than ${mib(this.limits.maxUncompressedBytes)}, the limit for one project.`,
        ),
      );
    if (this.seen > RATIO_FLOOR_BYTES && this.seen / Math.max(this.compressed, 1) > this.limits.maxRatio) {
      return done(
        reject(
          `The archive entry "${this.name}" expands more than ${this.limits.maxRatio} times; it looks like a zip bomb.`,
        ),
      );
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.seen < this.declared)
      return done(
        reject(
          `The archive entry "${this.name}" holds less data than its header declares; the archive is corrupt.`,
        ),
      );
    done();
  }
}

export interface ZipIngestOptions {
  /** Only extract this sub-folder (after the common top folder is stripped), e.g. from a GitHub /tree/ URL. */
  subdir?: string;
  name?: string;
  source?: Workspace['source'];
}

/** Reads the central directory, validates every entry, then extracts the survivors one at a time. */
export async function ingestZip(
  zipPath: string,
  ctx: EngineContext,
  options: ZipIngestOptions = {},
): Promise<Workspace> {
  throwIfCancelled(ctx.signal);
  const limits = resolveLimits(ctx);
  const stat = await fs.stat(zipPath).catch(() => null);
  if (!stat?.isFile()) throw reject('The uploaded archive could not be found.');
  if (stat.size > limits.maxZipBytes)
    throw reject(`The archive is ${mib(stat.size)}, larger than the ${mib(limits.maxZipBytes)} limit.`);

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (e) {
    throw new EngineError('ingest', 'The upload is not a valid ZIP archive.', {
      detail: String(e),
      cause: e,
    });
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw reject(`The archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`);
    const planned = await planEntries(zip, limits);
    return await extract(zip, planned, zipPath, limits, ctx, options);
  } finally {
    zip.close();
  }
}

async function planEntries(zip: yauzl.ZipFile, limits: IngestLimits): Promise<PlannedEntry[]> {
  const planned: PlannedEntry[] = [];
  const seen = new Map<string, string>(); // NFC, lower-cased name → name as written (macOS and Windows fold both)
  const fileNames = new Set<string>();
  const dirNames = new Set<string>();
  let declaredTotal = 0;
  let count = 0;
  for await (const entry of zip.eachEntry()) {
    if (++count > limits.maxEntries) throw reject(`The archive has more than ${limits.maxEntries} entries.`);
    const raw = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields ?? [],
      true,
    );
    const isDir = raw.endsWith('/');
    const name = checkEntryName(raw);
    if (name === '') continue; // "./" style root entries
    const shown = JSON.stringify(name);
    if (entry.isEncrypted())
      throw reject(`The archive entry ${shown} is encrypted; upload an archive without a password.`);
    const mode = entryMode(entry);
    if (mode === 0o120000)
      throw reject(`The archive entry ${shown} is a symbolic link; archives with links are not accepted.`);
    if (mode !== 0 && mode !== 0o100000 && mode !== 0o040000)
      throw reject(`The archive entry ${shown} is a special file (device, pipe or socket).`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw reject(
        `The archive entry ${shown} uses an unsupported compression method; re-create the archive with standard ZIP compression.`,
      );
    const key = name.normalize('NFC').toLowerCase();
    const prior = seen.get(key);
    if (prior !== undefined && !(isDir && dirNames.has(name))) {
      throw reject(
        prior === name
          ? `The archive contains ${shown} twice.`
          : `The archive contains both ${JSON.stringify(prior)} and ${shown}, which collide on case-insensitive or Unicode-normalising file systems.`,
      );
    }
    seen.set(key, name);
    if (isDir) {
      if (fileNames.has(name)) throw reject(`The archive uses ${shown} both as a file and as a folder.`);
      dirNames.add(name);
    } else {
      const parts = name.split('/');
      for (let i = 1; i < parts.length; i++) {
        const parent = parts.slice(0, i).join('/');
        if (fileNames.has(parent))
          throw reject(`The archive uses ${JSON.stringify(parent)} both as a file and as a folder.`);
        dirNames.add(parent);
      }
      if (dirNames.has(name)) throw reject(`The archive uses ${shown} both as a file and as a folder.`);
      fileNames.add(name);
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxUncompressedBytes)
        throw reject(
          `The archive expands to more than ${mib(limits.maxUncompressedBytes)}, the limit for one project.`,
        );
      if (
        entry.uncompressedSize > RATIO_FLOOR_BYTES &&
        entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio
      ) {
        throw reject(
          `The archive entry ${shown} expands more than ${limits.maxRatio} times; it looks like a zip bomb.`,
        );
      }
    }
    planned.push({ entry, name, isDir });
  }
  return planned;
}

/** The single folder every entry sits in (GitHub archives have one), or "" when there is none. */
function commonTopFolder(planned: PlannedEntry[]): string {
  let top: string | null = null;
  for (const p of planned) {
    const slash = p.name.indexOf('/');
    if (slash < 0 && !p.isDir) return ''; // a file at the root
    const first = slash < 0 ? p.name : p.name.slice(0, slash);
    if (top === null) top = first;
    else if (top !== first) return '';
  }
  return top ?? '';
}

async function extract(
  zip: yauzl.ZipFile,
  planned: PlannedEntry[],
  zipPath: string,
  limits: IngestLimits,
  ctx: EngineContext,
  options: ZipIngestOptions,
): Promise<Workspace> {
  const root = path.resolve(ctx.workDir, 'src');
  await fs.mkdir(root, { recursive: true });
  const top = commonTopFolder(planned);
  const subdir = options.subdir ? checkEntryName(options.subdir) : '';
  const prefix = [top, subdir].filter(Boolean).join('/');
  const skipped: SkippedEntry[] = [];
  const skippedDirs = new Set<string>();
  const total = { bytes: 0 };
  let written = 0;
  const files = planned.filter((p) => !p.isDir);

  for (const p of files) {
    throwIfCancelled(ctx.signal);
    if (prefix && !p.name.startsWith(`${prefix}/`)) continue;
    const rel = prefix ? p.name.slice(prefix.length + 1) : p.name;
    // Dependency folders and VCS internals are never analysed: do not spend disk on them.
    const parts = rel.split('/');
    const dirIndex = parts
      .slice(0, -1)
      .findIndex((part) => classifyDir(part) === 'dependency-folder' || part === '.git');
    if (dirIndex >= 0) {
      const dir = `${parts.slice(0, dirIndex + 1).join('/')}/`;
      if (!skippedDirs.has(dir)) {
        skippedDirs.add(dir);
        skipped.push({ path: dir, reason: parts[dirIndex] === '.git' ? 'other' : 'dependency-folder' });
      }
      continue;
    }
    if (p.entry.uncompressedSize > limits.maxFileBytes) {
      skipped.push({ path: rel, reason: 'too-large' });
      continue;
    }
    // A name no file system can store is skipped (and listed), not a reason to fail the whole report.
    if (hasOverlongSegment(rel)) {
      skipped.push({ path: rel, reason: 'name-too-long' });
      continue;
    }
    const dest = path.resolve(root, rel);
    if (!dest.startsWith(root + path.sep))
      throw reject(`The archive entry "${p.name}" tries to leave the project folder.`);
    try {
      await fs.mkdir(path.dirname(dest), { recursive: true });
      const stream = await zip.openReadStreamPromise(p.entry);
      const guard = new ByteGuard(p.name, p.entry.uncompressedSize, p.entry.compressedSize, limits, total);
      // 'wx' refuses to write through anything already at that path.
      await pipeline(stream, guard, createWriteStream(dest, { flags: 'wx' }));
    } catch (e) {
      await fs.rm(dest, { force: true }).catch(() => {});
      if (e instanceof EngineError) throw e;
      if ((e as NodeJS.ErrnoException).code === 'ENAMETOOLONG') {
        skipped.push({ path: rel, reason: 'name-too-long' });
        continue;
      }
      throw new EngineError(
        'ingest',
        `The archive entry "${p.name}" could not be extracted; the archive is corrupt.`,
        { detail: String(e), cause: e },
      );
    }
    written++;
    if (written % 200 === 0)
      await ctx.onProgress(
        'initializing',
        Math.min(90, Math.round((written / files.length) * 90)),
        `Extracted ${written} files`,
      );
  }
  if (subdir && written === 0)
    throw reject(`The folder "${subdir}" does not exist in the repository or is empty.`);

  const walked = await walkWorkspace(root, limits, ctx.signal);
  const archiveName = path.basename(zipPath).replace(/\.zip$/i, '');
  return {
    root,
    name: options.name ?? (top || archiveName),
    files: walked.files,
    skipped: [...skipped, ...walked.skipped].sort((a, b) => (a.path < b.path ? -1 : 1)),
    source: options.source ?? { kind: 'zip' },
  };
}
