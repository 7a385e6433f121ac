// Hostile images for the security tests and the health benchmark: valid PNG framing (signature,
// chunks, CRCs) around contents a decoder must refuse or that would cost gigabytes to decode.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of the given size around the given (already compressed) IDAT bytes. */
export function pngWith(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 4 × 4 pixels whose IDAT is not a zlib stream (78 bytes in all). */
export const PNG_CORRUPT_ZLIB = pngWith(4, 4, Buffer.from('78da0000deadbeef0000', 'hex'));

/** 4 × 4 pixels whose first row names filter type 9 (there are five, 0-4). */
export const PNG_BAD_FILTER = (() => {
  const rows = Buffer.alloc((4 * 4 + 1) * 4);
  rows[0] = 9;
  return pngWith(4, 4, zlib.deflateSync(rows));
})();

/** A well-formed 4 × 4 PNG, to show the framing above is right. */
export const PNG_VALID_4PX = pngWith(4, 4, zlib.deflateSync(Buffer.alloc((4 * 4 + 1) * 4)));

/**
 * A decompression bomb: `side` × `side` RGBA pixels of zeros (16000 → a 995 KB file that decodes to
 * 1 GB). Streamed through deflate a row at a time, so making it never holds the decoded image.
 */
export async function pngBomb(side = 16_000): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(side * 4 + 1);
  for (let y = 0; y < side; y++)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return pngWith(side, side, Buffer.concat(parts));
}
