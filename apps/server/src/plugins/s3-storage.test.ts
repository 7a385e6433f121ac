// One behavioural suite for both storage drivers: the local folder and an S3 bucket, the latter served by a
// loopback stand-in that speaks the path-style S3 REST calls the AWS SDK makes (objects kept in a Map).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import {
  createLocalStorage,
  createStorage,
  StorageLimitError,
  StorageNotFoundError,
  type Storage,
} from './storage.ts';

const BUCKET = 'atr-test';
const ACCESS_KEY_ID = 'AKIATESTATR0001';
const SECRET = 'test-secret-never-sent-0123456789abcdef';
const MiB = 1024 * 1024;

interface FakeS3 {
  url: string;
  objects: Map<string, Buffer>;
  uploads: Map<string, Map<number, Buffer>>;
  calls: string[];
  authorizations: string[];
  headerDump: string[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/** A minimal S3: PUT/GET/HEAD objects, multipart initiate/part/complete/abort, ListObjectsV2, DeleteObjects. */
async function startFakeS3(pageSize = 2): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const calls: string[] = [];
  const authorizations: string[] = [];
  const headerDump: string[] = [];
  let nextUpload = 1;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    authorizations.push(String(req.headers.authorization));
    headerDump.push(JSON.stringify(req.headers), body.toString('latin1'));
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const send = (status: number, text = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    const notFound = (code: string) =>
      send(404, xml(`<Error><Code>${code}</Code><Message>not found</Message><Key>${key}</Key></Error>`));
    if (bucket !== BUCKET) return notFound('NoSuchBucket');
    if (req.headers['content-encoding']?.includes('aws-chunked'))
      return send(501, xml('<Error><Code>NotImplemented</Code></Error>'));

    if (!key) {
      if (req.method === 'GET' && q.get('list-type') === '2') {
        calls.push('ListObjectsV2');
        const prefix = q.get('prefix') ?? '';
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const after = q.get('continuation-token');
        const from = after ? all.findIndex((k) => k > after) : 0;
        const page = from < 0 ? [] : all.slice(from, from + pageSize);
        const truncated = from >= 0 && from + pageSize < all.length;
        const contents = page
          .map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)?.length}</Size></Contents>`)
          .join('');
        return send(
          200,
          xml(
            `<ListBucketResult><Name>${BUCKET}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
              `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ''}` +
              `${contents}</ListBucketResult>`,
          ),
        );
      }
      if (req.method === 'POST' && q.has('delete')) {
        calls.push('DeleteObjects');
        const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
        for (const k of keys) objects.delete(k);
        return send(
          200,
          xml(
            `<DeleteResult>${keys.map((k) => `<Deleted><Key>${k}</Key></Deleted>`).join('')}</DeleteResult>`,
          ),
        );
      }
      return send(400, xml('<Error><Code>InvalidRequest</Code></Error>'));
    }

    const uploadId = q.get('uploadId');
    if (req.method === 'POST' && q.has('uploads')) {
      calls.push('CreateMultipartUpload');
      const id = `up-${nextUpload++}`;
      uploads.set(id, new Map());
      return send(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === 'PUT' && uploadId) {
      calls.push('UploadPart');
      const parts = uploads.get(uploadId);
      if (!parts) return notFound('NoSuchUpload');
      parts.set(Number(q.get('partNumber')), body);
      return send(200, '', { etag: `"part-${q.get('partNumber')}"` });
    }
    if (req.method === 'POST' && uploadId) {
      calls.push('CompleteMultipartUpload');
      const parts = uploads.get(uploadId);
      if (!parts) return notFound('NoSuchUpload');
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
        Number(m[1]),
      );
      objects.set(key, Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0))));
      uploads.delete(uploadId);
      return send(
        200,
        xml(
          `<CompleteMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === 'DELETE' && uploadId) {
      calls.push('AbortMultipartUpload');
      uploads.delete(uploadId);
      return send(204);
    }
    if (req.method === 'PUT') {
      calls.push('PutObject');
      objects.set(key, body);
      return send(200, '', { etag: '"put"' });
    }
    const obj = objects.get(key);
    if (req.method === 'HEAD') {
      calls.push('HeadObject');
      if (!obj) return send(404);
      return send(200, '', {
        'content-length': String(obj.length),
        'content-type': 'application/octet-stream',
      });
    }
    if (req.method === 'GET') {
      calls.push('GetObject');
      if (!obj) return notFound('NoSuchKey');
      res.writeHead(200, {
        'content-length': String(obj.length),
        'content-type': 'application/octet-stream',
      });
      return res.end(obj);
    }
    return send(405);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    calls,
    authorizations,
    headerDump,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(async () => {
  await fake.close();
});

const s3Options = () => ({
  bucket: BUCKET,
  endpoint: fake.url,
  region: 'us-east-1',
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET,
  forcePathStyle: true,
});

/** Chunks of `size` bytes in `chunk`-sized pieces, each filled with its index so order errors show. */
function chunked(size: number, chunk = 64 * 1024): { stream: Readable; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  const pieces: Buffer[] = [];
  for (let o = 0; o < size; o += chunk) pieces.push(bytes.subarray(o, o + chunk));
  return { stream: Readable.from(pieces), bytes };
}

async function collect(r: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of r) out.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(out);
}

let counter = 0;
const drivers: [string, () => Promise<Storage>][] = [
  ['local', async () => createLocalStorage(await fs.mkdtemp(path.join(os.tmpdir(), 'atr-')))],
  // A fresh prefix per test isolates tests that share the one fake bucket.
  ['s3', async () => createS3Storage({ ...s3Options(), prefix: `install-${++counter}` })],
  // What STORAGE_DRIVER=s3 gives the app: the same driver behind a wrapper that loads the SDK on first use.
  [
    's3 as configured',
    async () => {
      const o = s3Options();
      return createStorage({
        dataDir: os.tmpdir(),
        STORAGE_DRIVER: 's3',
        S3_BUCKET: o.bucket,
        S3_ENDPOINT: o.endpoint,
        S3_REGION: o.region,
        S3_ACCESS_KEY_ID: o.accessKeyId,
        S3_SECRET_ACCESS_KEY: o.secretAccessKey,
        S3_FORCE_PATH_STYLE: o.forcePathStyle,
        S3_PREFIX: `configured-${++counter}`,
      });
    },
  ],
];

describe.each(drivers)('storage driver: %s', (_name, make) => {
  it('puts, reads, streams and stats an object', async () => {
    const s = await make();
    expect(await s.put('reports/r1/report.docx', Buffer.from('hello world'))).toEqual({ size: 11 });
    expect((await s.read('reports/r1/report.docx')).toString()).toBe('hello world');
    expect((await collect(await s.get('reports/r1/report.docx'))).toString()).toBe('hello world');
    expect(await s.stat('reports/r1/report.docx')).toEqual({ size: 11 });
    expect(await s.stat('reports/r1/missing.docx')).toBeNull();
    // A second put replaces the object.
    await s.put('reports/r1/report.docx', Readable.from([Buffer.from('v2')]));
    expect((await s.read('reports/r1/report.docx')).toString()).toBe('v2');
  });

  it('streams a body larger than one multipart part intact', async () => {
    const s = await make();
    const { stream, bytes } = chunked(6 * MiB + 123);
    expect(await s.put('big/blob.bin', stream, { maxBytes: 7 * MiB })).toEqual({ size: bytes.length });
    expect((await s.read('big/blob.bin')).equals(bytes)).toBe(true);
    expect(await s.stat('big/blob.bin')).toEqual({ size: bytes.length });
  });

  it('lists keys relative to its root, with folder semantics for the prefix', async () => {
    const s = await make();
    for (const k of [
      'reports/a/x.txt',
      'reports/a/y/z.txt',
      'reports/ab/w.txt',
      'reports/ab.txt',
      'other/q.txt',
    ]) {
      await s.put(k, Buffer.from(k));
    }
    expect(await s.list('reports/a/')).toEqual(['reports/a/x.txt', 'reports/a/y/z.txt']);
    expect(await s.list('reports/a')).toEqual(['reports/a/x.txt', 'reports/a/y/z.txt']);
    expect(await s.list('reports/ab.txt')).toEqual(['reports/ab.txt']);
    expect(await s.list('reports/')).toEqual([
      'reports/a/x.txt',
      'reports/a/y/z.txt',
      'reports/ab.txt',
      'reports/ab/w.txt',
    ]);
    expect(await s.list('nothing/')).toEqual([]);
  });

  it('deletes one key, or a folder and everything under it, and nothing beside', async () => {
    const s = await make();
    for (const k of ['r/a/1', 'r/a/2', 'r/a/3', 'r/a/d/4', 'r/a/d/5', 'r/ab/6', 'r/k'])
      await s.put(k, Buffer.from(k));
    await s.delete('r/k');
    expect(await s.stat('r/k')).toBeNull();
    await s.delete('r/a');
    expect(await s.list('r/')).toEqual(['r/ab/6']);
    await s.delete('r/');
    expect(await s.list('r/')).toEqual([]);
    await s.delete('r/never-there/'); // deleting nothing is not an error
  });

  it('refuses an over-limit put and leaves nothing behind', async () => {
    const s = await make();
    await expect(s.put('up/exact.bin', chunked(1000, 100).stream, { maxBytes: 1000 })).resolves.toEqual({
      size: 1000,
    });
    await expect(s.put('up/small.bin', chunked(1001, 100).stream, { maxBytes: 1000 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    await expect(s.put('up/buf.bin', Buffer.alloc(2000), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    // Past the first 5 MiB part: the S3 driver has already started a multipart upload and must abort it.
    await expect(
      s.put('up/large.bin', chunked(12 * MiB).stream, { maxBytes: 6 * MiB }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    for (const k of ['up/small.bin', 'up/buf.bin', 'up/large.bin']) expect(await s.stat(k)).toBeNull();
    expect(await s.list('up/')).toEqual(['up/exact.bin']);
  });

  it('throws StorageNotFoundError for a missing key', async () => {
    const s = await make();
    await expect(s.get('nope/missing.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(s.read('nope/missing.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('rejects unsafe keys on every operation', async () => {
    const s = await make();
    for (const key of ['../escape', '/abs/path', 'a/../b', 'a\\b', '', 'a//b', './a', 'sp ace']) {
      await expect(s.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(s.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(s.read(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(s.stat(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(s.delete(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(s.list(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('S3 driver against the loopback S3', () => {
  it('stores under S3_PREFIX, signs with SigV4 and the configured key id, never sends the secret', async () => {
    const s = createS3Storage({ ...s3Options(), prefix: '/tenant-a/' });
    const before = fake.authorizations.length;
    await s.put('reports/r9/report.pdf', Buffer.from('%PDF'));
    expect(fake.objects.get('tenant-a/reports/r9/report.pdf')?.toString()).toBe('%PDF');
    expect(await s.list('reports/')).toEqual(['reports/r9/report.pdf']);
    await s.delete('reports/');
    expect([...fake.objects.keys()].filter((k) => k.startsWith('tenant-a/'))).toEqual([]);

    const auths = fake.authorizations.slice(before);
    expect(auths.length).toBeGreaterThanOrEqual(3);
    for (const a of auths) {
      expect(a).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/us-east-1/s3/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
        ),
      );
    }
    expect(fake.headerDump.some((h) => h.includes(SECRET))).toBe(false);
  });

  it('aborts the multipart upload of an over-limit stream and deletes in pages', async () => {
    const s = createS3Storage({ ...s3Options(), prefix: 'paging' });
    const start = fake.calls.length;
    await expect(s.put('big.bin', chunked(12 * MiB).stream, { maxBytes: 6 * MiB })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    const calls = fake.calls.slice(start);
    expect(calls).toContain('CreateMultipartUpload');
    expect(calls).toContain('AbortMultipartUpload');
    expect(calls).not.toContain('CompleteMultipartUpload');
    expect(fake.uploads.size).toBe(0);
    expect(fake.objects.has('paging/big.bin')).toBe(false);

    // The stand-in returns two keys per listing page: five keys take three pages and three DeleteObjects.
    for (let i = 0; i < 5; i++) await s.put(`many/${i}.txt`, Buffer.from(String(i)));
    const mark = fake.calls.length;
    await s.delete('many/');
    expect(fake.calls.slice(mark).filter((c) => c === 'DeleteObjects')).toHaveLength(3);
    expect(await s.list('many/')).toEqual([]);
  });
});

describe('STORAGE_DRIVER configuration', () => {
  it('refuses s3 without a bucket or keys, naming each variable', () => {
    let message = '';
    try {
      loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: ACCESS_KEY_ID });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(message).toMatch(/S3_SECRET_ACCESS_KEY: required when STORAGE_DRIVER=s3/);
    expect(message).not.toMatch(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
  });

  it('builds a working S3 storage from the environment', async () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'from-env',
    });
    expect(config.S3_REGION).toBe('us-east-1');
    const s = createStorage(config);
    await s.put('t.txt', Buffer.from('env'));
    expect(fake.objects.get('from-env/t.txt')?.toString()).toBe('env');
  });
});
