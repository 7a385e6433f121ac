// The image normaliser every upload goes through: damaged PNGs and decompression bombs are refused
// (without decoding a bomb's pixels), real images come back re-encoded, upright and bounded in size.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PNG_BAD_FILTER, PNG_CORRUPT_ZLIB, PNG_VALID_4PX, pngBomb } from '../test/hostile-images.ts';
import { ImageError, normaliseImage } from './images.ts';

const problem = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof ImageError ? e.problem : `threw ${String(e)}`),
  );

describe('normaliseImage', () => {
  it('refuses damaged PNGs, text and other formats', async () => {
    expect(await problem(normaliseImage(PNG_CORRUPT_ZLIB))).toBe('damaged');
    expect(await problem(normaliseImage(PNG_BAD_FILTER))).toBe('damaged');
    expect(await problem(normaliseImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe(
      'not-image',
    );
    expect(await problem(normaliseImage(Buffer.alloc(0)))).toBe('not-image');
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await problem(normaliseImage(gif))).toBe('not-image');
    // A PNG cut in the middle of its pixel data.
    const png = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(await problem(normaliseImage(png.subarray(0, png.length >> 1)))).toBe('damaged');
  });

  it('refuses a 16000 × 16000 decompression bomb from its header, naming its size', async () => {
    const bomb = await pngBomb();
    const before = process.memoryUsage().rss;
    const error = await normaliseImage(bomb).then(
      () => null,
      (e: unknown) => e as ImageError,
    );
    expect(error?.problem).toBe('too-many-pixels');
    expect(error?.dimensions).toEqual({ width: 16_000, height: 16_000 });
    // Decoding it would take 1 GB; refusing it takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('re-encodes real images: PNG stays PNG with its alpha, JPEG stays JPEG, EXIF orientation applied, size bounded', async () => {
    expect(await normaliseImage(PNG_VALID_4PX)).toMatchObject({ mime: 'image/png', width: 4, height: 4 });
    // Stored landscape, tagged "rotate 90°": comes back upright (portrait) with no EXIF left.
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await normaliseImage(rotated);
    expect([upright.mime, upright.width, upright.height]).toEqual(['image/jpeg', 20, 40]);
    expect((await sharp(upright.bytes).metadata()).orientation).toBeUndefined();
    const wide = await sharp({
      create: { width: 5000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const bounded = await normaliseImage(wide);
    expect([bounded.width, bounded.height]).toEqual([3000, 600]);
    expect((await sharp(bounded.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('applies the configured pixel limit', async () => {
    expect(await problem(normaliseImage(PNG_VALID_4PX, { maxPixels: 15 }))).toBe('too-many-pixels');
    expect(await problem(normaliseImage(PNG_VALID_4PX, { maxPixels: 16 }))).toBe('accepted');
  });
});
