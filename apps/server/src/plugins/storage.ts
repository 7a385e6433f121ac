// File storage behind one interface: a local folder under DATA_DIR, or an S3-compatible bucket (s3-storage.ts).
// Keys are relative, slash-separated paths ("reports/<id>/report.docx"); an implementation never lets a
// key escape its root.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3StorageOptions } from './s3-storage.ts';

export interface StoredObject {
  size: number;
}

export interface PutOptions {
  /** Stop and fail with StorageLimitError once more than this many bytes arrive. */
  maxBytes?: number;
}

export interface Storage {
  /** Writes a whole object; a failed or over-limit write leaves nothing under the key. */
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<StoredObject>;
  /** A stream of the object's bytes; throws StorageNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /** The whole object in memory (small objects: templates, previews). */
  read(key: string): Promise<Buffer>;
  stat(key: string): Promise<StoredObject | null>;
  /** Deletes every object whose key starts with `prefix` (a folder-like prefix ending in "/", or one key). */
  delete(prefix: string): Promise<void>;
  /** Keys under a prefix, for tests and sweeps. */
  list(prefix: string): Promise<string[]>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

const KEY_RE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/;

/** Rejects keys that are empty, absolute, contain "..", backslashes or characters outside a safe set. */
export function assertSafeKey(key: string): void {
  if (!KEY_RE.test(key) || key.split('/').some((p) => p === '.' || p === '..')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Counts bytes passing through and fails the stream past `max`. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) cb(new StorageLimitError(max));
      else cb(null, chunk);
    },
  });
}

export function createLocalStorage(root: string): Storage {
  const abs = (key: string) => {
    assertSafeKey(key);
    const p = path.resolve(root, key);
    if (p !== root && !p.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return p;
  };

  async function walk(dir: string): Promise<string[]> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) out.push(...(await walk(p)));
      else if (e.isFile()) out.push(p);
    }
    return out;
  }

  return {
    async put(key, body, options = {}) {
      const target = abs(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a reader never sees half an object.
      const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        if (options.maxBytes !== undefined)
          await pipeline(source, byteLimit(options.maxBytes), createWriteStream(tmp));
        else await pipeline(source, createWriteStream(tmp));
        await fs.rename(tmp, target);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
      const st = await fs.stat(target);
      return { size: st.size };
    },
    async get(key) {
      const p = abs(key);
      const st = await fs.stat(p).catch(() => null);
      if (!st?.isFile()) throw new StorageNotFoundError(key);
      return createReadStream(p);
    },
    async read(key) {
      const p = abs(key);
      try {
        return await fs.readFile(p);
      } catch {
        throw new StorageNotFoundError(key);
      }
    },
    async stat(key) {
      const st = await fs.stat(abs(key)).catch(() => null);
      return st?.isFile() ? { size: st.size } : null;
    },
    async delete(prefix) {
      const p = abs(prefix);
      await fs.rm(p, { recursive: true, force: true });
    },
    async list(prefix) {
      const p = abs(prefix);
      const st = await fs.stat(p).catch(() => null);
      if (!st) return [];
      const files = st.isDirectory() ? await walk(p) : [p];
      return files
        .map((f) => path.relative(root, f).split(path.sep).join('/'))
        .filter((k) => !k.endsWith('.part'))
        .sort();
    },
  };
}

export interface StorageConfig {
  dataDir: string;
  STORAGE_DRIVER?: 'local' | 's3';
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_PREFIX?: string;
}

/**
 * The storage settings alone, for the report's own process: it writes the run's files and needs the
 * bucket's keys, and none of the server's other secrets.
 */
export function storageConfigOf(config: StorageConfig): StorageConfig {
  return {
    dataDir: config.dataDir,
    STORAGE_DRIVER: config.STORAGE_DRIVER,
    S3_BUCKET: config.S3_BUCKET,
    S3_ENDPOINT: config.S3_ENDPOINT,
    S3_REGION: config.S3_REGION,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE,
    S3_PREFIX: config.S3_PREFIX,
  };
}

/** S3 storage whose SDK is loaded on first use, so the local default never pays its start-up time. */
function lazyS3Storage(options: S3StorageOptions): Storage {
  let loaded: Promise<Storage> | undefined;
  const s3 = () => (loaded ??= import('./s3-storage.ts').then((m) => m.createS3Storage(options)));
  return {
    put: async (key, body, putOptions) => (await s3()).put(key, body, putOptions),
    get: async (key) => (await s3()).get(key),
    read: async (key) => (await s3()).read(key),
    stat: async (key) => (await s3()).stat(key),
    delete: async (prefix) => (await s3()).delete(prefix),
    list: async (prefix) => (await s3()).list(prefix),
  };
}

/** The storage the config selects: STORAGE_DRIVER=local (DATA_DIR/files, the default) or s3. */
export function createStorage(config: StorageConfig): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    const {
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    } = config;
    // loadConfig already refuses this; the check keeps a hand-built config from reaching the SDK half-set.
    if (!bucket || !accessKeyId || !secretAccessKey) {
      throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    return lazyS3Storage({
      bucket,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
      prefix: config.S3_PREFIX,
    });
  }
  return createLocalStorage(path.resolve(config.dataDir, 'files'));
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}
