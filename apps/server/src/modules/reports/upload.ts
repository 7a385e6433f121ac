// Reads POST /api/generate's multipart body (spec §7), streaming each file into storage under
// reports/<id>/input/ while enforcing the configured limits. Throws AppErrors; the caller deletes the
// report's prefix on any failure so nothing half-written stays behind.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { findControlChar, formatLimit, messages, uploadMessages } from '@atr/shared';
import { ImageError, formatPixels, normaliseImage, type NormalisedImage } from '@atr/engine';
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

export const mb = formatLimit;

/** A file name safe as a storage key segment, keeping the extension readable. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || fallback;
}

/** A multipart field's value or a file's name with a control character is refused, naming the field. */
function refuseControlChars(field: string, value: string) {
  const char = findControlChar(value);
  if (char) throw errors.validation(messages.validation.controlCharacter(`"${field.slice(0, 64)}"`, char));
}

const IMAGE_MAGIC: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

interface ImageTexts {
  notImage: string;
  damaged: string;
  tooManyPixels: (width: number, height: number, limit: string) => string;
}

const LOGO_TEXTS: ImageTexts = {
  notImage: uploadMessages.logoNotImage,
  damaged: uploadMessages.logoDamaged,
  tooManyPixels: uploadMessages.logoTooManyPixels,
};

function imageTexts(fileName: string): ImageTexts {
  const name = fileName.slice(0, 100);
  return {
    notImage: uploadMessages.imageNotImage(name),
    damaged: uploadMessages.imageDamaged(name),
    tooManyPixels: (width, height, limit) => uploadMessages.imageTooManyPixels(name, width, height, limit),
  };
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
  return (
    Math.max(
      config.UPLOAD_MAX_ZIP_BYTES,
      config.UPLOAD_MAX_TEMPLATE_BYTES,
      config.UPLOAD_MAX_IMAGE_BYTES,
      config.UPLOAD_MAX_LOGO_BYTES,
    ) + 1024
  );
}

/**
 * `bytesLeft`: what the owner's storage quota still allows; a ZIP above it is cut off while streaming
 * with the quota's message instead of the size limit's.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  config: Config,
  reportId: string,
  bytesLeft = Infinity,
): Promise<ReceivedUpload> {
  const prefix = `reports/${reportId}/input`;
  const out: ReceivedUpload = { fields: {}, images: [], skippedImages: 0 };

  const store = async (
    part: MultipartFile,
    key: string,
    max: number,
    tooLarge: string,
  ): Promise<StoredInputFile> => {
    try {
      const { size } = await storage.put(key, part.file, { maxBytes: max });
      if (part.file.truncated) throw errors.payloadTooLarge(tooLarge);
      return { key, name: part.filename, mime: part.mimetype, size };
    } catch (e) {
      if (e instanceof StorageLimitError) {
        part.file.resume();
        throw errors.payloadTooLarge(tooLarge);
      }
      throw e;
    }
  };

  // Images are decoded here, under the pixel cap, and stored re-encoded: the writers only ever see
  // images this server produced (a damaged PNG or a decompression bomb is refused before it is stored).
  const storeImage = async (
    part: MultipartFile,
    key: string,
    max: number,
    tooLarge: string,
    text: ImageTexts,
  ): Promise<StoredInputFile> => {
    const bytes = await readLimited(part, max, tooLarge);
    if (part.file.truncated) throw errors.payloadTooLarge(tooLarge);
    if (!IMAGE_MAGIC.some(([, sig]) => sig.every((byte, i) => bytes[i] === byte)))
      throw errors.validation(text.notImage);
    let image: NormalisedImage;
    try {
      image = await normaliseImage(bytes, { maxPixels: config.IMAGE_MAX_PIXELS });
    } catch (e) {
      if (!(e instanceof ImageError)) throw e;
      if (e.problem === 'too-many-pixels' && e.dimensions) {
        throw errors.validation(
          text.tooManyPixels(e.dimensions.width, e.dimensions.height, formatPixels(config.IMAGE_MAX_PIXELS)),
        );
      }
      throw errors.validation(e.problem === 'not-image' ? text.notImage : text.damaged);
    }
    const stored = key.replace(/\.(png|jpe?g)$/i, '') + (image.mime === 'image/png' ? '.png' : '.jpg');
    const { size } = await storage.put(stored, image.bytes);
    return { key: stored, name: part.filename, mime: image.mime, size };
  };

  for await (const part of request.parts()) {
    if (part.type === 'field') {
      // busboy cuts an over-long value short without an error; a cut value must not be accepted.
      if (part.valueTruncated)
        throw errors.payloadTooLarge(`The field "${part.fieldname.slice(0, 64)}" is too long.`);
      if (typeof part.value === 'string') {
        refuseControlChars(part.fieldname, part.value);
        out.fields[part.fieldname] = part.value;
      }
      continue;
    }
    refuseControlChars(part.fieldname, part.filename);
    // Browsers send an empty part for a file input left empty.
    if (!part.filename) {
      await drain(part);
      continue;
    }
    switch (part.fieldname) {
      case 'codebase':
        if (out.codebase) throw errors.validation('Please upload one ZIP file.');
        out.codebase =
          bytesLeft < config.UPLOAD_MAX_ZIP_BYTES
            ? await store(
                part,
                `${prefix}/codebase.zip`,
                bytesLeft,
                uploadMessages.overStorageLeft(mb(bytesLeft)),
              )
            : await store(
                part,
                `${prefix}/codebase.zip`,
                config.UPLOAD_MAX_ZIP_BYTES,
                uploadMessages.zipTooLarge(mb(config.UPLOAD_MAX_ZIP_BYTES)),
              );
        break;
      case 'template': {
        if (out.template) throw errors.validation('Please upload one YAML template.');
        const bytes = await readLimited(
          part,
          config.UPLOAD_MAX_TEMPLATE_BYTES,
          uploadMessages.templateTooLarge(mb(config.UPLOAD_MAX_TEMPLATE_BYTES)),
        );
        out.template = { name: part.filename, text: bytes.toString('utf8'), size: bytes.length };
        break;
      }
      case 'images':
        if (!part.mimetype.startsWith('image/')) {
          out.skippedImages++;
          await drain(part);
          break;
        }
        if (out.images.length >= config.UPLOAD_MAX_IMAGES)
          throw errors.validation(uploadMessages.tooManyImages(config.UPLOAD_MAX_IMAGES));
        out.images.push(
          await storeImage(
            part,
            `${prefix}/images/${out.images.length}-${safeName(part.filename, 'image')}`,
            config.UPLOAD_MAX_IMAGE_BYTES,
            uploadMessages.imageTooLarge(part.filename, mb(config.UPLOAD_MAX_IMAGE_BYTES)),
            imageTexts(part.filename),
          ),
        );
        break;
      case 'company_logo':
        if (!part.mimetype.startsWith('image/')) throw errors.validation(messages.validation.logoType);
        if (out.logo) throw errors.validation('Please upload one logo.');
        out.logo = await storeImage(
          part,
          `${prefix}/logo-${safeName(part.filename, 'logo')}`,
          config.UPLOAD_MAX_LOGO_BYTES,
          uploadMessages.logoTooLarge(mb(config.UPLOAD_MAX_LOGO_BYTES)),
          LOGO_TEXTS,
        );
        break;
      default:
        await drain(part);
    }
  }
  return out;
}
