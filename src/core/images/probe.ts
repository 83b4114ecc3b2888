// Size of an image read from its header alone, before any pixel is decoded, so the caps
// on dimensions and pixel count (decompression bombs) hold before memory is spent.
import { CoreError } from "../errors";
import type { FileType } from "../model";
import { isInterlacedPng } from "./png";
import { MAX_IMAGE_DIMENSION, MAX_IMAGE_PIXELS, MAX_SHRUNK_IMAGE_PIXELS, MAX_PARSE_PAGES } from "../limits";

export interface ImageSize {
  width: number;
  height: number;
  /** A TIFF page of one bit per pixel (a fax or archive scan): decoded packed, eight pixels a byte, and shrunk as it is turned to gray. */
  bilevel?: boolean;
}

export interface ImageProbe {
  /** One entry per page (a TIFF may hold many; other formats one). */
  pages: ImageSize[];
}

const truncated = (what: string) => new CoreError("corrupt_file", `The ${what} image is truncated or damaged: its header could not be read.`);

const u16be = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u16le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32be = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
const u32le = (b: Uint8Array, o: number) => ((b[o + 3] << 24) >>> 0) + ((b[o + 2] << 16) | (b[o + 1] << 8) | b[o]);

export function probeImage(bytes: Uint8Array, fileType: FileType): ImageProbe {
  const pages = readSizes(bytes, fileType);
  if (pages.length === 0) throw new CoreError("corrupt_file", "The image holds no picture.");
  // Sizes are checked on the pages that will be read; a count past the page limit is refused by the caller.
  // JPEGs and PNGs not interlaced are decoded shrunk as they come (jpeg.ts, png.ts); the others whole.
  const shrunk = fileType === ".jpg" || fileType === ".jpeg" || (fileType === ".png" && !isInterlacedPng(bytes));
  const maxPixels = shrunk ? MAX_SHRUNK_IMAGE_PIXELS : MAX_IMAGE_PIXELS;
  pages.slice(0, MAX_PARSE_PAGES).forEach((size, page) => checkSize(size, page, size.bilevel ? MAX_SHRUNK_IMAGE_PIXELS : maxPixels));
  return { pages };
}

export function checkSize({ width, height }: ImageSize, page = 0, maxPixels = MAX_IMAGE_PIXELS): void {
  if (!(width > 0 && height > 0)) throw new CoreError("corrupt_file", `The image${page ? ` (page ${page + 1})` : ""} declares an empty size (${width} × ${height}).`);
  if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION) {
    throw new CoreError("limit_exceeded", `The image is ${width} × ${height} pixels; each side may be at most ${MAX_IMAGE_DIMENSION} pixels.`);
  }
  if (width * height > maxPixels) {
    throw new CoreError("limit_exceeded", `The image has ${(width * height / 1e6).toFixed(1)} million pixels; at most ${maxPixels / 1e6} million are read (scan at 300 dpi or send a smaller picture).`);
  }
}

function readSizes(b: Uint8Array, fileType: FileType): ImageSize[] {
  switch (fileType) {
    case ".png":
      if (b.length < 24 || String.fromCharCode(...b.subarray(12, 16)) !== "IHDR") throw truncated("PNG");
      return [{ width: u32be(b, 16), height: u32be(b, 20) }];
    case ".jpg":
    case ".jpeg":
      return [jpegSize(b)];
    case ".gif":
      if (b.length < 13) throw truncated("GIF");
      return [{ width: u16le(b, 6), height: u16le(b, 8) }];
    case ".bmp": {
      if (b.length < 26) throw truncated("BMP");
      const dibSize = u32le(b, 14);
      // The old OS/2 header stores 16-bit sizes; every later one 32-bit, the height signed (negative: top-down).
      if (dibSize === 12) return [{ width: u16le(b, 18), height: u16le(b, 20) }];
      return [{ width: u32le(b, 18) | 0, height: Math.abs(u32le(b, 22) | 0) }];
    }
    case ".tif":
    case ".tiff":
      return tiffSizes(b);
    case ".webp":
      return [webpSize(b)];
    default:
      throw new CoreError("unsupported_format", `${fileType} is not an image format.`);
  }
}

/** The first start-of-frame marker carries the size; markers before it are skipped by their lengths. */
function jpegSize(b: Uint8Array): ImageSize {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) throw truncated("JPEG");
    const marker = b[o + 1];
    if (marker === 0xff) { o++; continue; } // fill byte
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: u16be(b, o + 7), height: u16be(b, o + 5) };
    o += 2 + u16be(b, o + 2);
  }
  throw truncated("JPEG");
}

function webpSize(b: Uint8Array): ImageSize {
  if (b.length < 30) throw truncated("WEBP");
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === "VP8X") return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
  if (chunk === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = u32le(b, 21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  throw truncated("WEBP");
}

const TIFF_WIDTH = 256;
const TIFF_HEIGHT = 257;
const TIFF_BITS_PER_SAMPLE = 258;
const TIFF_SAMPLES_PER_PIXEL = 277;
/** Tags whose value points at further directories (sub-images, EXIF), which decoders follow too. */
const TIFF_SUB_DIRECTORIES = new Set([330, 34665]);
/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE, UNDEFINED, SSHORT, SLONG, SRATIONAL, FLOAT, DOUBLE). */
const TIFF_TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];
/** Nesting of sub-directories followed; real files use one level. */
const TIFF_MAX_DEPTH = 3;

/**
 * Walks the chain of image directories (one per page) and checks every entry's values lie
 * inside the file: TIFF decoders trust these offsets and counts, and a loop in the chain or a
 * count of billions would hang them.
 */
function tiffSizes(b: Uint8Array): ImageSize[] {
  if (b.length < 8) throw truncated("TIFF");
  const le = b[0] === 0x49;
  const u16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const u32 = (o: number) => (le ? u32le(b, o) : u32be(b, o));
  const seen = new Set<number>();
  /** Checks one directory and those it points to; answers its size and where the next page's directory is. */
  const directory = (ifd: number, depth: number): ImageSize & { next: number } => {
    if (seen.has(ifd) || ifd < 8 || ifd + 2 > b.length || depth > TIFF_MAX_DEPTH) throw truncated("TIFF");
    seen.add(ifd);
    const count = u16(ifd);
    if (ifd + 2 + count * 12 + 4 > b.length) throw truncated("TIFF");
    const size = { width: 0, height: 0, next: u32(ifd + 2 + count * 12) };
    // TIFF's defaults: one sample of one bit.
    let bits = 1;
    let samples = 1;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const values = u32(entry + 4);
      const bytes = values * (TIFF_TYPE_SIZE[type] ?? 0);
      if (bytes > 4 && u32(entry + 8) + bytes > b.length) throw truncated("TIFF");
      // SHORT or LONG, the first value (held in the entry itself for one value; BitsPerSample's first of several is at the offset).
      const first = () => (bytes > 4 ? (type === 3 ? u16(u32(entry + 8)) : u32(u32(entry + 8))) : type === 3 ? u16(entry + 8) : u32(entry + 8));
      if (tag === TIFF_WIDTH) size.width = first();
      else if (tag === TIFF_HEIGHT) size.height = first();
      else if (tag === TIFF_BITS_PER_SAMPLE) bits = first();
      else if (tag === TIFF_SAMPLES_PER_PIXEL) samples = first();
      if (TIFF_SUB_DIRECTORIES.has(tag) && (type === 4 || type === 13)) {
        for (let v = 0; v < Math.min(values, 16); v++) directory(values > 1 ? u32(u32(entry + 8) + 4 * v) : u32(entry + 8), depth + 1);
      }
    }
    return bits === 1 && samples === 1 ? { ...size, bilevel: true } : size;
  };
  const pages: ImageSize[] = [];
  for (let ifd = u32(4); ifd !== 0; ) {
    // Past the page limit the count is enough to refuse the file: no need to read on.
    if (pages.length > MAX_PARSE_PAGES) break;
    const { next, ...size } = directory(ifd, 0);
    pages.push(size);
    ifd = next;
  }
  return pages;
}
