// PNG to gray, row by row: the compressed rows are inflated as a stream (fflate), each row
// unfiltered against the one before it, turned to gray and shrunk as it comes
// (ShrinkingGray), so a PNG of any size allowed costs the picture OCR reads and two rows,
// never the whole picture (a 600 dpi scan is 35 million pixels, 105 MB as RGB). Any bit
// depth, palettes, alpha over white. Interlaced PNGs, whose rows come in seven passes, are
// decoded whole by fast-png (pure JS, MIT), within the smaller cap probe.ts gives them.
import { decode } from "fast-png";
import { Unzlib } from "fflate";
import { MAX_OCR_PIXELS } from "../limits";
import { grayFromSamples, luma, newGrayImage, overWhite, ShrinkingGray, type GrayImage } from "./gray";

const METRES_PER_INCH = 0.0254;
/** Samples per pixel of each colour type: gray, RGB, palette, gray + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PALETTE = 3;

interface Header {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  interlaced: boolean;
}

/** Whether the PNG's rows come interlaced (Adam7): read from its header (probe.ts has checked it is there). */
export const isInterlacedPng = (bytes: Uint8Array) => bytes[28] === 1;

export function decodePng(bytes: Uint8Array): GrayImage {
  if (isInterlacedPng(bytes)) return decodeWhole(bytes);
  let header: Header | undefined;
  let palette: number[] | undefined;
  let transparency: Uint8Array | undefined;
  let dpi: number | undefined;
  let rows: RowReader | undefined;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length < length) throw new Error(`the ${type} chunk is cut short`);
    if (type === "IHDR") header = { width: u32(data, 0), height: u32(data, 4), depth: data[8], colourType: data[9], interlaced: data[12] === 1 };
    else if (type === "PLTE") palette = Array.from({ length: Math.floor(length / 3) }, (_, i) => luma(data[3 * i], data[3 * i + 1], data[3 * i + 2]));
    else if (type === "tRNS") transparency = data;
    else if (type === "pHYs" && data[8] === 1) dpi = Math.round(u32(data, 0) * METRES_PER_INCH);
    else if (type === "IDAT") {
      if (!header) throw new Error("image data before the header");
      rows ??= new RowReader(header, grayOfPalette(palette, transparency), dpi);
      rows.push(data);
    } else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!rows) throw new Error("no image data");
  return rows.finish();
}

/** The palette's entries as gray over white (transparent ones too), when the picture has one. */
function grayOfPalette(palette: number[] | undefined, transparency: ArrayLike<number> | undefined): number[] | undefined {
  return palette?.map((gray, i) => (transparency && i < transparency.length ? overWhite(gray, transparency[i]) : gray));
}

/** Inflates the image data as it comes and hands each unfiltered row, as gray, to the shrinking picture. */
class RowReader {
  private readonly out: ShrinkingGray;
  private readonly inflate: Unzlib;
  private readonly rowBytes: number;
  /** Bytes per complete pixel, at least one: how far back the filters look. */
  private readonly step: number;
  private current: Uint8Array;
  private previous: Uint8Array;
  private filled = 0;
  private rowsDone = 0;
  private readonly gray: Uint8Array;

  constructor(private readonly header: Header, private readonly palette: number[] | undefined, dpi: number | undefined) {
    const channels = CHANNELS[header.colourType];
    if (!channels || ![1, 2, 4, 8, 16].includes(header.depth)) throw new Error(`colour type ${header.colourType} at ${header.depth} bits is not a PNG's`);
    this.rowBytes = Math.ceil((header.width * channels * header.depth) / 8);
    this.step = Math.max(1, (channels * header.depth) >> 3);
    // A filter byte, then the row.
    this.current = new Uint8Array(1 + this.rowBytes);
    this.previous = new Uint8Array(1 + this.rowBytes);
    this.gray = new Uint8Array(header.width);
    this.out = new ShrinkingGray(header.width, header.height, MAX_OCR_PIXELS, dpi);
    this.inflate = new Unzlib((chunk) => this.take(chunk));
  }

  push(data: Uint8Array): void {
    this.inflate.push(data);
  }

  finish(): GrayImage {
    if (this.rowsDone < this.header.height) this.inflate.push(new Uint8Array(0), true);
    if (this.rowsDone < this.header.height) throw new Error(`the image data ends after ${this.rowsDone} of ${this.header.height} rows`);
    return this.out.image;
  }

  private take(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && this.rowsDone < this.header.height; ) {
      const n = Math.min(chunk.length - i, this.current.length - this.filled);
      this.current.set(chunk.subarray(i, i + n), this.filled);
      this.filled += n;
      i += n;
      if (this.filled < this.current.length) return;
      unfilter(this.current, this.previous, this.step);
      this.out.push(this.toGray(this.current));
      [this.previous, this.current] = [this.current, this.previous];
      this.filled = 0;
      this.rowsDone++;
    }
  }

  /** One unfiltered row (after its filter byte) as gray: as grayFromSamples and the packed-sample reading of a whole picture do. */
  private toGray(row: Uint8Array): Uint8Array {
    const { width, depth, colourType } = this.header;
    const channels = CHANNELS[colourType];
    const gray = this.gray;
    if (depth >= 8 && colourType !== PALETTE) {
      const bytes = depth >> 3;
      const sample = (x: number, c: number) => row[1 + (x * channels + c) * bytes];
      for (let x = 0; x < width; x++) {
        const value = channels >= 3 ? luma(sample(x, 0), sample(x, 1), sample(x, 2)) : sample(x, 0);
        gray[x] = channels === 2 || channels === 4 ? overWhite(value, sample(x, channels - 1)) : value;
      }
      return gray;
    }
    // Packed samples (1, 2 or 4 bits) or palette indices.
    const max = (1 << depth) - 1;
    for (let x = 0; x < width; x++) {
      const value = depth === 8 ? row[1 + x] : (row[1 + ((x * depth) >> 3)] >> (8 - depth - ((x * depth) & 7))) & max;
      gray[x] = this.palette ? this.palette[value] ?? 255 : Math.round((value * 255) / max);
    }
    return gray;
  }
}

/** Undoes a row's filter (its first byte) in place, against the row above (zeros above the first). */
function unfilter(row: Uint8Array, above: Uint8Array, step: number): void {
  const filter = row[0];
  const n = row.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = 1 + step; i < n; i++) row[i] = (row[i] + row[i - step]) & 255;
      return;
    case 2:
      for (let i = 1; i < n; i++) row[i] = (row[i] + above[i]) & 255;
      return;
    case 3:
      for (let i = 1; i < n; i++) row[i] = (row[i] + ((( i > step ? row[i - step] : 0) + above[i]) >> 1)) & 255;
      return;
    case 4:
      for (let i = 1; i < n; i++) {
        const a = i > step ? row[i - step] : 0;
        const b = above[i];
        const c = i > step ? above[i - step] : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        row[i] = (row[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
      return;
    default:
      throw new Error(`unknown row filter ${filter}`);
  }
}

const u32 = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);

/** An interlaced PNG, decoded whole by fast-png. */
function decodeWhole(bytes: Uint8Array): GrayImage {
  const png = decode(bytes);
  const dpi = png.resolution?.unit === 1 ? Math.round(png.resolution.x * METRES_PER_INCH) : undefined;
  const { width, height, depth, channels } = png;
  if (depth === 8 && !png.palette) return grayFromSamples(width, height, png.data, channels, dpi);
  if (depth === 16) {
    // High byte of each 16-bit sample.
    const samples = new Uint8Array(png.data.length);
    for (let i = 0; i < samples.length; i++) samples[i] = png.data[i] >> 8;
    return grayFromSamples(width, height, samples, channels, dpi);
  }
  // Packed rows (1, 2 or 4 bits) or palette indices: unpack sample by sample.
  const image = newGrayImage(width, height, dpi);
  const rowBytes = Math.ceil((width * depth * channels) / 8);
  const max = (1 << depth) - 1;
  const palette = grayOfPalette(png.palette?.map(([r, g, b, a]) => (a === undefined ? luma(r, g, b) : overWhite(luma(r, g, b), a))), png.transparency);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = depth === 8 ? png.data[y * rowBytes + x] : (png.data[y * rowBytes + ((x * depth) >> 3)] >> (8 - depth - ((x * depth) & 7))) & max;
      image.pixels[y * width + x] = palette ? palette[value] ?? 255 : Math.round((value * 255) / max);
    }
  }
  return image;
}
