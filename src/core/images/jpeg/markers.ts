// A JPEG file's markers read into what its scans need: the frame (size, components and
// their sampling), quantisation and Huffman tables, the restart interval, and where each
// scan's entropy-coded data begins. Only Huffman-coded frames (baseline, extended and
// progressive) are read; arithmetic coding and lossless JPEG are refused.
import { CoreError } from "../../errors";

export interface FrameComponent {
  id: number;
  h: number;
  v: number;
  /** Quantisation table index. */
  tq: number;
  /** Blocks across and down that the component's samples cover (what is drawn). */
  blocksX: number;
  blocksY: number;
  /** Blocks across and down including the padding of whole MCUs (what is coded). */
  codedX: number;
  codedY: number;
}

export interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: FrameComponent[];
  maxH: number;
  maxV: number;
  mcusX: number;
  mcusY: number;
}

export interface HuffmanTable {
  /** For each code length 1..16: the first code, the number of codes and the index of its first value. */
  maxCode: Int32Array;
  valOffset: Int32Array;
  values: Uint8Array;
  /** 9-bit lookahead: (length << 8 | value) of codes up to 9 bits, 0 when longer. */
  fast: Uint16Array;
}

export interface Scan {
  components: FrameComponent[];
  /** Table selectors, per scan component. */
  dc: number[];
  ac: number[];
  /** Spectral selection and successive approximation (progressive). */
  ss: number;
  se: number;
  ah: number;
  al: number;
  /** Offset of the entropy-coded data. */
  offset: number;
}

export interface JpegHeader {
  frame: Frame;
  quant: Int32Array[];
  restartInterval: number;
  /** Adobe APP14 colour transform, when given (0: none, RGB or CMYK; 1: YCbCr; 2: YCCK). */
  adobeTransform?: number;
  /** Resolution from APP0 JFIF, when it names a unit. */
  dpi?: number;
}

/** Natural (row-major) position of the k-th coefficient in zigzag order. */
export const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29,
  22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

const damaged = (why: string) => new CoreError("corrupt_file", `The JPEG image is damaged and could not be decoded (${why}).`);

/**
 * Walks the markers in order, calling `onScan` at each start of scan with the tables in force
 * then (tables may change between scans); answers the offset past the scan's data, where the
 * walk goes on.
 */
export function walkJpeg(b: Uint8Array, onHeader: (header: JpegHeader) => void, onScan: (scan: Scan, huffman: { dc: HuffmanTable[]; ac: HuffmanTable[] }) => number): void {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw damaged("no start-of-image marker");
  const quant: Int32Array[] = [];
  const dc: HuffmanTable[] = [];
  const ac: HuffmanTable[] = [];
  const header: Partial<JpegHeader> & { quant: Int32Array[]; restartInterval: number } = { quant, restartInterval: 0 };
  let frame: Frame | undefined;
  let o = 2;
  for (;;) {
    if (o + 4 > b.length) {
      if (frame) return; // a file cut after its last scan: what was read stands
      throw damaged("it ends before its first picture");
    }
    if (b[o] !== 0xff) {
      o++; // stray bytes between segments, as some writers leave
      continue;
    }
    const marker = b[o + 1];
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      o += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9) return; // end of image
    const length = (b[o + 2] << 8) | b[o + 3];
    const body = b.subarray(o + 4, o + 2 + length);
    if (body.length !== length - 2) throw damaged("a segment runs past the end of the file");
    switch (marker) {
      case 0xdb: readQuant(body, quant); break;
      case 0xc4: readHuffman(body, dc, ac); break;
      case 0xdd: header.restartInterval = (body[0] << 8) | body[1]; break;
      case 0xe0: header.dpi ??= jfifDpi(body); break;
      case 0xee: if (String.fromCharCode(...body.subarray(0, 5)) === "Adobe") header.adobeTransform = body[11]; break;
      case 0xc0: case 0xc1: case 0xc2:
        if (frame) throw damaged("more than one frame");
        frame = readFrame(body, marker === 0xc2);
        onHeader({ ...header, frame } as JpegHeader);
        break;
      case 0xc3: case 0xc5: case 0xc6: case 0xc7: case 0xc9: case 0xca: case 0xcb: case 0xcd: case 0xce: case 0xcf:
        throw new CoreError("unsupported_format", "The JPEG image uses lossless, hierarchical or arithmetic coding, which is not read; save it as an ordinary (baseline or progressive) JPEG or as PNG.");
      case 0xda: {
        if (!frame) throw damaged("a scan before the frame");
        const scan = readScan(body, frame, o + 2 + length);
        o = onScan(scan, { dc, ac });
        continue;
      }
    }
    o += 2 + length;
  }
}

function readQuant(body: Uint8Array, quant: Int32Array[]): void {
  for (let o = 0; o < body.length; ) {
    const precision = body[o] >> 4;
    const table = new Int32Array(64);
    for (let k = 0; k < 64; k++) table[ZIGZAG[k]] = precision ? (body[o + 1 + 2 * k] << 8) | body[o + 2 + 2 * k] : body[o + 1 + k];
    quant[body[o] & 15] = table;
    o += 1 + (precision ? 128 : 64);
  }
}

function readHuffman(body: Uint8Array, dc: HuffmanTable[], ac: HuffmanTable[]): void {
  for (let o = 0; o < body.length; ) {
    const kind = body[o] >> 4;
    const id = body[o] & 15;
    const counts = body.subarray(o + 1, o + 17);
    const total = counts.reduce((s, n) => s + n, 0);
    const values = body.slice(o + 17, o + 17 + total);
    if (values.length !== total) throw damaged("a Huffman table is cut short");
    (kind ? ac : dc)[id] = buildHuffman(counts, values);
    o += 17 + total;
  }
}

function buildHuffman(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const maxCode = new Int32Array(18).fill(-1);
  const valOffset = new Int32Array(18);
  const fast = new Uint16Array(512);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    valOffset[length] = k - code;
    for (let i = 0; i < counts[length - 1]; i++, k++, code++) {
      if (length <= 9) {
        // Every 9-bit lookahead that starts with this code.
        const shift = 9 - length;
        for (let fill = 0; fill < 1 << shift; fill++) fast[(code << shift) | fill] = (length << 8) | values[k];
      }
    }
    maxCode[length] = counts[length - 1] ? code - 1 : -1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  return { maxCode, valOffset, values, fast };
}

function readFrame(body: Uint8Array, progressive: boolean): Frame {
  if (body[0] !== 8) throw new CoreError("unsupported_format", `The JPEG image has ${body[0]}-bit samples; only 8-bit JPEG is read.`);
  const height = (body[1] << 8) | body[2];
  const width = (body[3] << 8) | body[4];
  const count = body[5];
  if (!width || !height) throw damaged("its size is not given in the frame (DNL), which is not read");
  const raw = Array.from({ length: count }, (_, i) => ({ id: body[6 + 3 * i], h: body[7 + 3 * i] >> 4, v: body[7 + 3 * i] & 15, tq: body[8 + 3 * i] }));
  if (raw.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw damaged("a component's sampling factor is out of range");
  const maxH = Math.max(...raw.map((c) => c.h));
  const maxV = Math.max(...raw.map((c) => c.v));
  const mcusX = Math.ceil(width / (8 * maxH));
  const mcusY = Math.ceil(height / (8 * maxV));
  const components = raw.map((c) => ({
    ...c,
    blocksX: Math.ceil(Math.ceil((width * c.h) / maxH) / 8),
    blocksY: Math.ceil(Math.ceil((height * c.v) / maxV) / 8),
    codedX: mcusX * c.h,
    codedY: mcusY * c.v,
  }));
  return { width, height, progressive, components, maxH, maxV, mcusX, mcusY };
}

function readScan(body: Uint8Array, frame: Frame, offset: number): Scan {
  const count = body[0];
  const components: FrameComponent[] = [];
  const dc: number[] = [];
  const ac: number[] = [];
  for (let i = 0; i < count; i++) {
    const component = frame.components.find((c) => c.id === body[1 + 2 * i]);
    if (!component) throw damaged("a scan names a component the frame does not have");
    components.push(component);
    dc.push(body[2 + 2 * i] >> 4);
    ac.push(body[2 + 2 * i] & 15);
  }
  const o = 1 + 2 * count;
  return { components, dc, ac, ss: body[o], se: body[o + 1], ah: body[o + 2] >> 4, al: body[o + 2] & 15, offset };
}

/** JFIF density units: 1 dots per inch, 2 dots per centimetre. */
function jfifDpi(body: Uint8Array): number | undefined {
  if (String.fromCharCode(...body.subarray(0, 4)) !== "JFIF") return undefined;
  const perUnit = ({ 1: 1, 2: 2.54 } as Record<number, number>)[body[7]];
  const density = (body[8] << 8) | body[9];
  return perUnit && density ? Math.round(density * perUnit) : undefined;
}
