import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid, fully decodable PNG of `width` × `height` white pixels at one bit per pixel: a
 * 59-megapixel one is about 7 KB (what a hostile upload looks like), made in milliseconds.
 */
export function sparsePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of random pixels, so about `bytes` long whatever the compression: a large upload. */
export function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
