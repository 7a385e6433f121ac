// A corpus of malicious archives built here (yazl plus raw byte patches where yazl refuses) proving
// each is rejected with a clear message and that nothing lands outside the work folder.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { EngineError } from '../errors.ts';
import type { EngineContext, IngestLimits } from '../types.ts';
import { ingestZip } from './zip-ingest.ts';

interface Item {
  name: string;
  data?: Buffer | string;
  mode?: number;
  compress?: boolean;
  dir?: boolean;
}

async function buildZip(items: Item[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    if (item.dir) zip.addEmptyDirectory(item.name, item.mode === undefined ? {} : { mode: item.mode });
    else
      zip.addBuffer(Buffer.from(item.data ?? 'x'), item.name, {
        compress: item.compress ?? true,
        ...(item.mode === undefined ? {} : { mode: item.mode }),
      });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Calls `patch` with the offset of each central-directory record and its local header. */
function eachRecord(buf: Buffer, patch: (central: number, local: number, index: number) => void): Buffer {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let o = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const local = buf.readUInt32LE(o + 42);
    patch(o, local, i);
    o += 46 + buf.readUInt16LE(o + 28) + buf.readUInt16LE(o + 30) + buf.readUInt16LE(o + 32);
  }
  return buf;
}

/** Replaces a same-length placeholder name everywhere it is written (local and central headers). */
function rename(buf: Buffer, from: string, to: string): Buffer {
  expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  let at = buf.indexOf(a);
  expect(at).toBeGreaterThanOrEqual(0);
  while (at >= 0) {
    b.copy(buf, at);
    at = buf.indexOf(a, at + 1);
  }
  return buf;
}

const small: Partial<IngestLimits> = {
  maxUncompressedBytes: 1024 * 1024,
  maxEntries: 50,
  maxZipBytes: 512 * 1024,
  maxRatio: 100,
};

interface Case {
  title: string;
  build: () => Promise<Buffer>;
  message: RegExp;
  limits?: Partial<IngestLimits>;
}

const zeros = (n: number) => Buffer.alloc(n, 0x20);

const cases: Case[] = [
  {
    title: 'parent traversal',
    build: async () =>
      rename(await buildZip([{ name: 'AA/AA/AA/evil.txt' }]), 'AA/AA/AA/evil.txt', '../../../evil.txt'),
    message: /tries to leave the project folder/,
  },
  {
    title: 'traversal hidden mid-path',
    build: async () =>
      rename(
        await buildZip([{ name: 'ok/AA/AA/AA/evil.txt' }]),
        'ok/AA/AA/AA/evil.txt',
        'ok/../../../evil.txt',
      ),
    message: /tries to leave the project folder/,
  },
  {
    title: 'traversal as a directory entry',
    build: async () => rename(await buildZip([{ name: 'AA/AA/', dir: true }]), 'AA/AA/', '../../'),
    message: /tries to leave the project folder/,
  },
  {
    title: 'absolute path',
    build: async () => rename(await buildZip([{ name: 'xtmp/evil.txt' }]), 'xtmp/evil.txt', '/tmp/evil.txt'),
    message: /absolute path/,
  },
  {
    title: 'drive letter',
    build: async () => rename(await buildZip([{ name: 'xx/evil.txt' }]), 'xx/evil.txt', 'C:/evil.txt'),
    message: /drive letter/,
  },
  {
    title: 'backslash traversal',
    build: async () =>
      rename(await buildZip([{ name: 'AA/AA/AA/evil.txt' }]), 'AA/AA/AA/evil.txt', '..\\..\\..\\evil.txt'),
    message: /backslashes/,
  },
  {
    title: 'backslash separators',
    build: async () => rename(await buildZip([{ name: 'src/a.txt' }]), 'src/a.txt', 'src\\a.txt'),
    message: /backslashes/,
  },
  {
    title: 'NUL in name',
    build: async () => rename(await buildZip([{ name: 'evil.txtX.png' }]), 'evil.txtX.png', 'evil.txt\0.png'),
    message: /NUL character/,
  },
  {
    title: 'overlong name',
    build: () => buildZip([{ name: `${'a'.repeat(1100)}.txt` }]),
    message: /longer than 1024 characters/,
  },
  {
    title: 'symlink entry',
    build: () => buildZip([{ name: 'passwd', data: '/etc/passwd', mode: 0o120777 }]),
    message: /symbolic link/,
  },
  {
    title: 'symlink folder then write through it',
    build: () => buildZip([{ name: 'up', data: '../..', mode: 0o120755 }, { name: 'up2/evil.txt' }]),
    message: /symbolic link/,
  },
  {
    title: 'FIFO entry',
    build: () => buildZip([{ name: 'pipe', data: '', mode: 0o010644 }]),
    message: /special file/,
  },
  {
    title: 'encrypted entry',
    build: async () => {
      const buf = await buildZip([{ name: 'secret.txt', data: 'top secret' }]);
      return eachRecord(buf, (c, l) => {
        buf.writeUInt16LE(buf.readUInt16LE(c + 8) | 1, c + 8);
        buf.writeUInt16LE(buf.readUInt16LE(l + 6) | 1, l + 6);
      });
    },
    message: /encrypted/,
  },
  {
    title: 'exact duplicate names',
    build: () =>
      buildZip([
        { name: 'a.txt', data: 'one' },
        { name: 'a.txt', data: 'two' },
      ]),
    message: /contains "a.txt" twice/,
  },
  {
    title: 'case-insensitive collision',
    build: () => buildZip([{ name: 'README.md' }, { name: 'readme.md' }]),
    message: /collide on case-insensitive/,
  },
  // The same name in NFC and NFD (how macOS writes "café"): one file on APFS and NTFS, two on ext4.
  {
    title: 'Unicode normalisation collision',
    build: () =>
      buildZip([
        { name: 'caf\u00e9.txt', data: 'nfc' },
        { name: 'cafe\u0301.txt', data: 'nfd' },
      ]),
    message: /collide on case-insensitive or Unicode-normalising/,
  },
  {
    title: 'normalisation and case together',
    build: () => buildZip([{ name: 'src/\u00c9t\u00e9.md' }, { name: 'src/e\u0301te\u0301.md' }]),
    message: /collide/,
  },
  {
    title: 'file and folder with one name',
    build: () => buildZip([{ name: 'lib' }, { name: 'lib/x.js' }]),
    message: /both as a file and as a folder/,
  },
  {
    title: 'too many entries',
    build: () => buildZip(Array.from({ length: 60 }, (_, i) => ({ name: `f${i}.txt` }))),
    message: /more than the limit of 50/,
    limits: small,
  },
  {
    title: 'archive too large (compressed)',
    build: () =>
      buildZip([
        {
          name: 'noise.bin',
          data: Buffer.from(Array.from({ length: 700 * 1024 }, (_, i) => (i * 2654435761) >>> 24)),
          compress: false,
        },
      ]),
    message: /larger than the 0.5 MB limit/,
    limits: small,
  },
  {
    title: 'total uncompressed size',
    build: () =>
      buildZip([
        { name: 'a.txt', data: zeros(600 * 1024) },
        { name: 'b.txt', data: zeros(600 * 1024) },
      ]),
    message: /expands to more than 1 MB/,
    limits: { ...small, maxRatio: 100_000 },
  },
  {
    title: 'zip bomb by ratio',
    build: () => buildZip([{ name: 'bomb.txt', data: zeros(3 * 1024 * 1024) }]),
    message: /zip bomb/,
    limits: { maxRatio: 100 },
  },
  {
    title: 'lying size header (bomb hidden behind a small declared size)',
    build: async () => {
      const buf = await buildZip([{ name: 'bomb.txt', data: zeros(3 * 1024 * 1024) }]);
      return eachRecord(buf, (c) => buf.writeUInt32LE(1000, c + 24));
    },
    message: /more data than its header declares/,
  },
  {
    title: 'lying size header (declared larger than the data)',
    build: async () => {
      const buf = await buildZip([{ name: 'short.txt', data: 'hello world' }]);
      return eachRecord(buf, (c) => buf.writeUInt32LE(5000, c + 24));
    },
    message: /less data than its header declares/,
  },
  {
    title: 'unsupported compression method',
    build: async () => {
      const buf = await buildZip([{ name: 'a.txt', data: 'hello hello hello' }]);
      return eachRecord(buf, (c, l) => {
        buf.writeUInt16LE(12, c + 10);
        buf.writeUInt16LE(12, l + 8);
      });
    },
    message: /unsupported compression method/,
  },
  {
    title: 'not a ZIP at all',
    build: async () => Buffer.from('this is a text file, not an archive'.repeat(20)),
    message: /not a valid ZIP archive/,
  },
  {
    title: 'truncated archive',
    build: async () =>
      (await buildZip([{ name: 'a.txt', data: zeros(5000) }, { name: 'b.txt' }])).subarray(0, 60),
    message: /not a valid ZIP archive/,
  },
];

async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  return out.sort();
}

function ctxFor(workDir: string, limits?: Partial<IngestLimits>): EngineContext {
  return { workDir, now: () => new Date(0), onProgress: () => {}, ...(limits ? { limits } : {}) };
}

describe('ZIP ingest rejects malicious archives', () => {
  let parent: string;
  let before: string[];

  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    await fs.mkdir(path.join(parent, 'zips'));
    before = await listTree(parent);
  });
  afterAll(async () => {
    await fs.rm(parent, { recursive: true, force: true });
  });

  it('has a corpus of at least 20 distinct archives', () => {
    expect(new Set(cases.map((c) => c.title)).size).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.map((c, i) => [c.title, c, i] as const))('rejects: %s', async (_title, c, i) => {
    const zipPath = path.join(parent, 'zips', `case-${i}.zip`);
    await fs.writeFile(zipPath, await c.build());
    const workDir = path.join(parent, 'work', `case-${i}`);
    await fs.mkdir(workDir, { recursive: true });
    const error = await ingestZip(zipPath, ctxFor(workDir, c.limits)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('ingest');
    expect((error as EngineError).message).toMatch(c.message);
    // Whatever was refused, no "evil" file exists anywhere under the work folder either.
    expect((await listTree(workDir)).filter((p) => p.includes('evil'))).toEqual([]);
  });

  it('wrote nothing outside the work folder', async () => {
    const after = await listTree(parent);
    const added = after.filter((p) => !before.includes(p));
    const outside = added.filter(
      (p) => !p.startsWith(`work${path.sep}`) && p !== 'work' && !p.startsWith(`zips${path.sep}`),
    );
    expect(added.length).toBeGreaterThan(cases.length); // the zips and work folders really were written
    expect(outside).toEqual([]);
    // and nothing escaped to the temp root either
    await expect(fs.stat(path.join(os.tmpdir(), 'evil.txt'))).rejects.toThrow();
  });
});

describe('ZIP ingest of a good archive', () => {
  it('strips the common top folder, extracts under src/, and records what it skipped', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    try {
      const inner = await buildZip([{ name: 'x.txt' }]);
      const zip = await buildZip([
        { name: 'proj-abc123/', dir: true },
        { name: 'proj-abc123/.gitignore', data: 'secret-output/\n*.log\n' },
        { name: 'proj-abc123/src/index.ts', data: 'export const a = 1;\n' },
        { name: 'proj-abc123/src/.gitignore', data: 'generated.ts\n' },
        { name: 'proj-abc123/src/generated.ts', data: 'export const g = 1;\n' },
        { name: 'proj-abc123/debug.log', data: 'log\n' },
        { name: 'proj-abc123/secret-output/x.txt', data: 'x\n' },
        { name: 'proj-abc123/node_modules/left-pad/index.js', data: 'module.exports = 1;\n' },
        { name: 'proj-abc123/package-lock.json', data: '{}\n' },
        { name: 'proj-abc123/public/app.min.js', data: 'var a=1;' },
        { name: 'proj-abc123/public/bundle-like.js', data: `var x=${'1+'.repeat(5000)}1;` },
        { name: 'proj-abc123/assets/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]) },
        { name: 'proj-abc123/fixtures/inner.zip', data: inner },
        { name: 'proj-abc123/dist/out.js', data: 'built\n' },
        // names dist/ as the build's output
        { name: 'proj-abc123/package.json', data: '{ "main": "dist/out.js" }\n' },
      ]);
      const zipPath = path.join(parent, 'upload.zip');
      await fs.writeFile(zipPath, zip);
      const ws = await ingestZip(zipPath, ctxFor(path.join(parent, 'work')));
      expect(ws.root).toBe(path.join(parent, 'work', 'src'));
      expect(ws.name).toBe('proj-abc123');
      expect(ws.files.map((f) => f.path)).toEqual([
        '.gitignore',
        'package.json',
        'src/.gitignore',
        'src/index.ts',
      ]);
      const reasons = Object.fromEntries(ws.skipped.map((s) => [s.path, s.reason]));
      expect(reasons).toMatchObject({
        'debug.log': 'gitignore',
        'secret-output/': 'gitignore',
        'src/generated.ts': 'gitignore',
        'node_modules/': 'dependency-folder',
        'package-lock.json': 'generated',
        'public/app.min.js': 'minified',
        'public/bundle-like.js': 'minified',
        'assets/logo.png': 'binary',
        'fixtures/inner.zip': 'nested-archive',
        'dist/': 'generated',
      });
      // the nested archive is kept as a plain file, never expanded
      expect((await fs.stat(path.join(ws.root, 'fixtures/inner.zip'))).isFile()).toBe(true);
      await expect(fs.stat(path.join(ws.root, 'fixtures/inner'))).rejects.toThrow();
      // node_modules was never written to disk
      await expect(fs.stat(path.join(ws.root, 'node_modules'))).rejects.toThrow();
      expect(await fs.readFile(path.join(ws.root, 'src/index.ts'), 'utf8')).toBe('export const a = 1;\n');
    } finally {
      await fs.rm(parent, { recursive: true, force: true });
    }
  });
});

describe('ZIP ingest of names the file system cannot store', () => {
  it('skips entries with a path segment over 255 bytes and records why, instead of failing', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    try {
      const longFile = `src/${'a'.repeat(300)}.ts`;
      const longDir = `${'d'.repeat(300)}/x.ts`;
      const multibyte = `src/${'é'.repeat(130)}.ts`; // 130 characters, 260 bytes
      const zip = await buildZip([
        { name: 'proj/src/ok.ts', data: 'export const ok = 1;\n' },
        { name: `proj/${longFile}`, data: 'export const a = 1;\n' },
        { name: `proj/${longDir}`, data: 'export const d = 1;\n' },
        { name: `proj/${multibyte}`, data: 'export const e = 1;\n' },
      ]);
      const zipPath = path.join(parent, 'upload.zip');
      await fs.writeFile(zipPath, zip);
      const ws = await ingestZip(zipPath, ctxFor(path.join(parent, 'work')));
      expect(ws.files.map((f) => f.path)).toEqual(['src/ok.ts']);
      const reasons = Object.fromEntries(ws.skipped.map((s) => [s.path, s.reason]));
      expect(reasons).toEqual({
        [longFile]: 'name-too-long',
        [longDir]: 'name-too-long',
        [multibyte]: 'name-too-long',
      });
    } finally {
      await fs.rm(parent, { recursive: true, force: true });
    }
  });
});
