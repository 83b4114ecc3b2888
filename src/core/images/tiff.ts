// TIFF pages to gray with UTIF (pure JS, MIT: CCITT G3/G4, LZW, Deflate, PackBits, JPEG).
// Only after probe.ts has checked the file's directories: UTIF trusts their offsets.
/// <reference path="./modules.d.ts" />
import UTIF from "utif";
import { CoreError } from "../errors";
import { MAX_OCR_PIXELS } from "../limits";
import { grayFromSamples, ShrinkingGray, type GrayImage } from "./gray";

const WHITE_IS_ZERO = 0;
const BLACK_IS_ZERO = 1;
/** ResolutionUnit 3: centimetres. */
const CENTIMETRE = 3;

export function decodeTiffPage(bytes: Uint8Array, page: number): GrayImage {
  // UTIF reads offsets from the start of the buffer: hand it one that starts with the file.
  const buffer = (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
  const ifds = UTIF.decode(buffer);
  const ifd = ifds[page];
  if (!ifd) throw new CoreError("corrupt_file", `The TIFF has no page ${page + 1}.`);
  UTIF.decodeImage(buffer, ifd, ifds);
  const { width, height, data } = ifd;
  if (!width || !height || !data?.length) throw new CoreError("corrupt_file", `Page ${page + 1} of the TIFF could not be decoded.`);
  const photometric = ifd.t262?.[0] ?? BLACK_IS_ZERO;
  const bits = ifd.t258?.[0] ?? 1;
  const samples = ifd.t277?.[0] ?? 1;
  const xres = ifd.t282?.[0];
  const dpi = xres ? Math.round(ifd.t296?.[0] === CENTIMETRE ? xres * 2.54 : xres) : undefined;
  if (samples === 1 && (bits === 1 || bits === 8) && (photometric === WHITE_IS_ZERO || photometric === BLACK_IS_ZERO)) {
    // Bi-level scans and gray pages straight to gray, row by row and shrunk as they come:
    // no 4-byte-per-pixel detour, and a 600 dpi bi-level scan never whole at a byte a pixel.
    const out = new ShrinkingGray(width, height, MAX_OCR_PIXELS, dpi);
    const row = new Uint8Array(width);
    const rowBytes = Math.ceil((width * bits) / 8);
    const invert = photometric === WHITE_IS_ZERO;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = bits === 8 ? data[y * rowBytes + x] : ((data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1) * 255;
        row[x] = invert ? 255 - value : value;
      }
      out.push(row);
    }
    return out.image;
  }
  return grayFromSamples(width, height, UTIF.toRGBA8(ifd), 4, dpi);
}
