// Decoded pdf.js images (its ImageKind layouts) as 8-bit samples, and as PNG files.
import { encodePng } from "../../images/png-encode";

/** pdf.js's decoded image: `kind` 1 = 1 bit gray packed in bytes (bit set = white), 2 = RGB, 3 = RGBA. */
export interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  /** The pixels; null while a plain JPEG is left undecoded (`deferred`). */
  data: Uint8Array | Uint8ClampedArray | null;
  /**
   * The picture's own JPEG bytes, when its pixels are exactly what they decode to (set in
   * pdf.js's worker by scripts/build-pdfjs.mjs's JPEG patch): stored as they are.
   */
  jpeg?: Uint8Array;
  /** pdf.js's token for a JPEG it sent undecoded, and its document: images.ts's withPixels decodes it. */
  deferred?: number;
  deferredDoc?: string;
}

export function decodedImageToPng(img: DecodedImage): Uint8Array | null {
  // Black and white stays 1 bit a pixel: pdf.js's rows are already PNG's (bit set = white, rows padded to a byte).
  if (img.kind === 1 && img.width > 0 && img.height > 0 && img.data && img.data.length >= ((img.width + 7) >> 3) * img.height) {
    return encodePng({ width: img.width, height: img.height, data: asBytes(img.data), channels: 1, depth: 1 });
  }
  const samples = decodedSamples(img);
  return samples && encodePng({ width: img.width, height: img.height, data: samples.data, channels: samples.channels });
}

/** The pixels of a decoded image as 8-bit samples, interleaved by channel (1 gray, 3 RGB, 4 RGBA); null for a layout it cannot be. */
export function decodedSamples(img: DecodedImage): { data: Uint8Array; channels: 1 | 3 | 4 } | null {
  const { width, height, kind } = img;
  if (!(width > 0 && height > 0) || !img.data) return null;
  const pixels = width * height;
  const data = asBytes(img.data);
  switch (kind) {
    case 1:
      return { data: unpackBits(data, width, height), channels: 1 };
    case 2:
      return data.length < pixels * 3 ? null : { data: data.subarray(0, pixels * 3), channels: 3 };
    case 3:
      return data.length < pixels * 4 ? null : { data: data.subarray(0, pixels * 4), channels: 4 };
    default:
      return null;
  }
}

const asBytes = (data: Uint8Array | Uint8ClampedArray) => (data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));

/** 1-bit rows (each padded to a byte) to one gray byte per pixel. */
function unpackBits(data: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const stride = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0, at = y * width; x < width; x += 8) {
      const byte = data[y * stride + (x >> 3)];
      for (let bit = 0, n = Math.min(8, width - x); bit < n; bit++) out[at + x + bit] = byte & (128 >> bit) ? 255 : 0;
    }
  }
  return out;
}
