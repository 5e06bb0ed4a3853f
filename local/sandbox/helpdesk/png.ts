// A small valid PNG drawn in code (a woven-looking square with a dark hole), so the sandbox helpdesk
// can serve a customer's "photo" without a binary file in the repository or a download.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit RGB PNG of `size`×`size` pixels: a two-tone weave with a dark round hole off its centre. */
export function photoPng(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const row = 1 + size * 3;
  const pixels = Buffer.alloc(row * size);
  const hole = { x: size * 0.6, y: size * 0.4, r: size * 0.15 };
  for (let y = 0; y < size; y++) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const inHole = (x - hole.x) ** 2 + (y - hole.y) ** 2 <= hole.r ** 2;
      const weave = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 === 0;
      const rgb = inHole ? [40, 32, 28] : weave ? [196, 164, 132] : [176, 142, 110];
      pixels.set(rgb, y * row + 1 + x * 3);
    }
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
