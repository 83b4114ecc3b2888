// A PNG file from 8-bit samples (gray, RGB or RGBA rows) or from 1-bit gray rows, each row
// unfiltered (filter 0, as fast-png writes them), deflated in one go by the core's zlib
// (src/core/zlib.ts). It
// replaces fast-png's encoder, which copies every sample through a growing buffer one byte
// at a time (a quarter of a picture's encoding time before deflate).
import { zlibCompress } from "../zlib";

export interface Samples {
  width: number;
  height: number;
  /** Interleaved samples, row after row: width × height × channels bytes. */
  data: Uint8Array;
  channels: 1 | 3 | 4;
  /**
   * Bits per sample: 8, or 1 for black and white (gray only, bit set = white, each row padded
   * to a whole byte). A bilevel scan kept at 1 bit deflates an eighth of the bytes.
   */
  depth?: 1 | 8;
}

/** PNG colour type of 1, 3 and 4 channels: greyscale, truecolour, truecolour with alpha. */
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * zlib level of every PNG the core writes: photos re-encoded from JPEG barely shrink past
 * level 4, drawings compress well at any level, and the encoder's time grows quickly above
 * it (a page's time matters more than a few percent of bytes).
 */
const DEFLATE_LEVEL = 4;

export function encodePng({ width, height, data, channels, depth = 8 }: Samples): Uint8Array {
  if (depth === 1 && channels !== 1) throw new RangeError("encodePng: 1-bit samples are gray only");
  const rowBytes = depth === 1 ? (width + 7) >> 3 : width * channels;
  if (!(width > 0 && height > 0) || data.length < rowBytes * height) throw new RangeError(`encodePng: ${data.length} bytes cannot be ${width} × ${height} × ${channels} at ${depth} bits`);
  const rows = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) rows.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const idat = zlibCompress(rows, DEFLATE_LEVEL);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([depth, COLOR_TYPE[channels], 0, 0, 0], 8); // no interlace
  const out = new Uint8Array(8 + 25 + 12 + idat.length + 12);
  out.set(SIGNATURE, 0);
  let at = writeChunk(out, 8, "IHDR", header);
  at = writeChunk(out, at, "IDAT", idat);
  writeChunk(out, at, "IEND", new Uint8Array(0));
  return out;
}

/** Length, type, data and CRC of one chunk written at `at`; where the next one starts. */
function writeChunk(out: Uint8Array, at: number, type: string, body: Uint8Array): number {
  const view = new DataView(out.buffer, out.byteOffset);
  view.setUint32(at, body.length);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
  out.set(body, at + 8);
  view.setUint32(at + 8 + body.length, crc32(out, at + 4, at + 8 + body.length));
  return at + 12 + body.length;
}

let table: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG uses) of out[from, to). */
function crc32(out: Uint8Array, from: number, to: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = table[(crc ^ out[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
