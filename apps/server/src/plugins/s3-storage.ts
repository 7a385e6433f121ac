// Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), selected by STORAGE_DRIVER=s3.
// Same contract as the local folder: keys are relative to S3_PREFIX, and a failed or over-limit put leaves
// nothing behind (a streamed multipart upload is aborted, a small one is never sent).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { trimChars } from '@atr/shared';
import { Readable } from 'node:stream';
import { assertSafeKey, StorageLimitError, StorageNotFoundError, type Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Origin of an S3-compatible service; unset means AWS S3 in `region`. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Folder-like prefix inside the bucket under which every key lives ("atr" or "atr/"). */
  prefix?: string;
}

/** Streamed puts go up in parts of this size; smaller bodies are one PutObject. 5 MiB is S3's minimum part. */
const PART_SIZE = 5 * 1024 * 1024;

function isNotFound(e: unknown): boolean {
  if (!(e instanceof S3ServiceException)) return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const base = trimChars(options.prefix ?? '', '/');
  if (base) assertSafeKey(base);
  const root = base ? `${base}/` : '';

  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Explicit keys: never fall back to the ambient AWS credential chain of the host.
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible stores reject the newer default CRC checksums on every request; send them only
    // where the API demands one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const full = (key: string) => {
    assertSafeKey(key);
    return root + key;
  };

  /** Every full key under `prefix` with the local folder's meaning: "a/" is a folder, "a/b" is that key or folder. */
  async function* keysUnder(prefix: string): AsyncGenerator<string[]> {
    const p = full(prefix);
    const prefixes = p.endsWith('/') ? [p] : [p, `${p}/`];
    for (const Prefix of prefixes) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix, ContinuationToken }),
        );
        const keys = (page.Contents ?? [])
          .map((o) => o.Key)
          .filter((k): k is string => k !== undefined && (Prefix !== p || p.endsWith('/') || k === p));
        if (keys.length) yield keys;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    }
  }

  async function getBody(key: string) {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
      if (!res.Body) throw new StorageNotFoundError(key);
      return res.Body;
    } catch (e) {
      if (isNotFound(e)) throw new StorageNotFoundError(key);
      throw e;
    }
  }

  return {
    async put(key, body, opts = {}) {
      const Key = full(key);
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      const max = opts.maxBytes;
      let size = 0;
      let overflow: StorageLimitError | undefined;
      // Count bytes on their way to the SDK. Past the limit the stream fails, and Upload aborts a multipart
      // upload it has started before done() rejects (calling upload.abort() instead would settle done() first).
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of source) {
            const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            size += buf.length;
            if (max !== undefined && size > max) {
              overflow = new StorageLimitError(max);
              throw overflow;
            }
            yield buf;
          }
        })(),
      );
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: counted },
        partSize: PART_SIZE,
        queueSize: 2,
        // Default, stated because the contract depends on it: a failed multipart upload is aborted.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (e) {
        throw overflow ?? e;
      }
      return { size };
    },
    async get(key) {
      const body = await getBody(key);
      return body instanceof Readable ? body : Readable.from(Buffer.from(await body.transformToByteArray()));
    },
    async read(key) {
      const body = await getBody(key);
      return Buffer.from(await body.transformToByteArray());
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }));
        return { size: res.ContentLength ?? 0 };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(prefix) {
      for await (const keys of keysUnder(prefix)) {
        // A listing page holds at most 1000 keys, which is also DeleteObjects' limit.
        const res = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (res.Errors?.length) {
          const first = res.Errors[0];
          throw new Error(
            `Could not delete ${res.Errors.length} object(s), first ${first?.Key}: ${first?.Code}`,
          );
        }
      }
    },
    async list(prefix) {
      const out: string[] = [];
      for await (const keys of keysUnder(prefix)) out.push(...keys.map((k) => k.slice(root.length)));
      return out.sort();
    },
  };
}
