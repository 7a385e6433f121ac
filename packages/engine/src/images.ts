// Uploaded images (logo, figures) are untrusted bytes: they are decoded by a maintained decoder
// (libvips through sharp, off the event loop) under a pixel cap, and re-encoded, so every writer is
// handed an image it can embed without decoding surprises: a damaged PNG, a decompression bomb or a
// file that only starts like an image never reaches them.
import sharp from 'sharp';

/** 40 megapixels: a 6000 × 6000 photo passes, a 16000 × 16000 decompression bomb does not. */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
/** Longest side after normalising: sharp enough for a full-width figure, small enough for a report. */
export const MAX_IMAGE_EDGE = 3000;

export type ImageProblem = 'not-image' | 'too-many-pixels' | 'damaged';

export class ImageError extends Error {
  constructor(
    readonly problem: ImageProblem,
    message: string,
    readonly dimensions?: { width: number; height: number },
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

export interface NormalisedImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface NormaliseOptions {
  maxPixels?: number;
  maxEdge?: number;
}

/**
 * Decodes a PNG or JPEG, refuses it when it is not one, is damaged, or has more pixels than allowed,
 * and returns it re-encoded (EXIF orientation applied, metadata dropped, longest side bounded).
 * Never throws anything but an ImageError for a bad image.
 */
export async function normaliseImage(
  input: Uint8Array,
  options: NormaliseOptions = {},
): Promise<NormalisedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  const maxEdge = options.maxEdge ?? MAX_IMAGE_EDGE;
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // The header alone: the size is known before a single pixel is decoded.
    const meta = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new ImageError('not-image', 'not a readable image');
  }
  if (format !== 'png' && format !== 'jpeg')
    throw new ImageError('not-image', `a ${format ?? 'unknown'} file, not a PNG or JPEG image`);
  if (width < 1 || height < 1) throw new ImageError('damaged', 'an image without size');
  if (width * height > maxPixels) {
    throw new ImageError(
      'too-many-pixels',
      `${width} × ${height} pixels is more than ${formatPixels(maxPixels)}`,
      { width, height },
    );
  }
  try {
    const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    const { data, info } =
      format === 'png'
        ? await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      mime: format === 'png' ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new ImageError('damaged', 'a damaged image that cannot be decoded');
  }
}

export function formatPixels(pixels: number): string {
  return `${Math.round(pixels / 100_000) / 10} megapixels`;
}
