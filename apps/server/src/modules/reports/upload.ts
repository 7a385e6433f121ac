// Reads POST /api/generate's multipart body (spec §7), streaming each file into storage under
// reports/<id>/input/ while enforcing the configured limits. Throws AppErrors; the caller deletes the
// report's prefix on any failure so nothing half-written stays behind.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { messages } from '@atr/shared';
import type { Config } from '../../config.ts';
import { errors } from '../../errors.ts';
import { StorageLimitError, type Storage } from '../../plugins/storage.ts';
import type { StoredInputFile } from './repository.ts';

export interface ReceivedUpload {
  fields: Record<string, string>;
  codebase?: StoredInputFile;
  template?: { name: string; text: string; size: number };
  images: StoredInputFile[];
  skippedImages: number;
  logo?: StoredInputFile;
}

const mb = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`);

/** A file name safe as a storage key segment, keeping the extension readable. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-100);
  return cleaned || fallback;
}

const IMAGE_MAGIC: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/**
 * The real type of an uploaded image, read from its first bytes (the part's declared type and name are
 * the client's word), and a stream that still yields every byte. The report embeds only PNG and JPEG,
 * so anything else (an SVG with script, HTML named .png) is refused here, before anything is stored.
 */
export async function sniffImage(file: Readable): Promise<{ mime: string | null; stream: Readable }> {
  const it = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < 8) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    head.push(r.value);
    size += r.value.length;
  }
  const first = Buffer.concat(head);
  const mime = IMAGE_MAGIC.find(([, sig]) => sig.every((byte, i) => first[i] === byte))?.[0] ?? null;
  const stream = Readable.from(
    (async function* () {
      if (first.length > 0) yield first;
      if (done) return;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    })(),
  );
  return { mime, stream };
}

async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    if (part.file.readableEnded) resolve();
    else part.file.once('end', () => resolve()).once('error', () => resolve());
  });
}

async function readLimited(part: MultipartFile, max: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      part.file.resume();
      throw errors.payloadTooLarge(tooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Upper bound for busboy's own per-file cut-off: above every per-field limit so ours fire first. */
export function multipartFileCeiling(config: Config): number {
  return Math.max(config.UPLOAD_MAX_ZIP_BYTES, config.UPLOAD_MAX_TEMPLATE_BYTES, config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_LOGO_BYTES) + 1024;
}

export async function receiveUpload(request: FastifyRequest, storage: Storage, config: Config, reportId: string): Promise<ReceivedUpload> {
  const prefix = `reports/${reportId}/input`;
  const out: ReceivedUpload = { fields: {}, images: [], skippedImages: 0 };

  const store = async (part: MultipartFile, key: string, max: number, tooLarge: string, notImage?: string): Promise<StoredInputFile> => {
    try {
      let body: Readable = part.file;
      let mime = part.mimetype;
      if (notImage !== undefined) {
        const sniffed = await sniffImage(part.file);
        if (!sniffed.mime) {
          part.file.resume();
          throw errors.validation(notImage);
        }
        body = sniffed.stream;
        mime = sniffed.mime;
      }
      const { size } = await storage.put(key, body, { maxBytes: max });
      if (part.file.truncated) throw errors.payloadTooLarge(tooLarge);
      return { key, name: part.filename, mime, size };
    } catch (e) {
      if (e instanceof StorageLimitError) {
        part.file.resume();
        throw errors.payloadTooLarge(tooLarge);
      }
      throw e;
    }
  };

  for await (const part of request.parts()) {
    if (part.type === 'field') {
      // busboy cuts an over-long value short without an error; a cut value must not be accepted.
      if (part.valueTruncated) throw errors.payloadTooLarge(`The field "${part.fieldname.slice(0, 64)}" is too long.`);
      if (typeof part.value === 'string') out.fields[part.fieldname] = part.value;
      continue;
    }
    // Browsers send an empty part for a file input left empty.
    if (!part.filename) {
      await drain(part);
      continue;
    }
    switch (part.fieldname) {
      case 'codebase':
        if (out.codebase) throw errors.validation('Please upload one ZIP file.');
        out.codebase = await store(part, `${prefix}/codebase.zip`, config.UPLOAD_MAX_ZIP_BYTES, `The ZIP file is larger than ${mb(config.UPLOAD_MAX_ZIP_BYTES)}.`);
        break;
      case 'template': {
        if (out.template) throw errors.validation('Please upload one YAML template.');
        const bytes = await readLimited(part, config.UPLOAD_MAX_TEMPLATE_BYTES, `The template file is larger than ${mb(config.UPLOAD_MAX_TEMPLATE_BYTES)}.`);
        out.template = { name: part.filename, text: bytes.toString('utf8'), size: bytes.length };
        break;
      }
      case 'images':
        if (!part.mimetype.startsWith('image/')) {
          out.skippedImages++;
          await drain(part);
          break;
        }
        if (out.images.length >= config.UPLOAD_MAX_IMAGES) throw errors.validation(`You can upload at most ${config.UPLOAD_MAX_IMAGES} images.`);
        out.images.push(
          await store(
            part,
            `${prefix}/images/${out.images.length}-${safeName(part.filename, 'image')}`,
            config.UPLOAD_MAX_IMAGE_BYTES,
            `The image "${part.filename}" is larger than ${mb(config.UPLOAD_MAX_IMAGE_BYTES)}.`,
            `The image "${part.filename}" is not a PNG or JPEG image.`,
          ),
        );
        break;
      case 'company_logo':
        if (!part.mimetype.startsWith('image/')) throw errors.validation(messages.validation.logoType);
        if (out.logo) throw errors.validation('Please upload one logo.');
        out.logo = await store(part, `${prefix}/logo-${safeName(part.filename, 'logo')}`, config.UPLOAD_MAX_LOGO_BYTES, `The logo is larger than ${mb(config.UPLOAD_MAX_LOGO_BYTES)}.`, 'The logo must be a PNG or JPEG image.');
        break;
      default:
        await drain(part);
    }
  }
  return out;
}
