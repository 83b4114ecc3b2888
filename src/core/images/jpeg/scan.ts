// Entropy-coded JPEG scans (Huffman; baseline, and progressive with its spectral selection
// and successive approximation) decoded into DCT coefficients, block by block. A port of
// the algorithms of the JPEG standard (ITU T.81, annexes F and G) as stb_image and pdf.js
// write them; the caller chooses which component's blocks it keeps.
import { CoreError } from "../../errors";
import { ZIGZAG, type Frame, type FrameComponent, type HuffmanTable, type Scan } from "./markers";

const damaged = (why: string) => new CoreError("corrupt_file", `The JPEG image is damaged and could not be decoded (${why}).`);

/** Bits of the entropy-coded data, with its stuffed zero bytes taken out; a marker ends it (zeros follow, as decoders do with a cut file). */
class Bits {
  private buffer = 0;
  private count = 0;
  /** Offset of the marker that ended the data, once met. */
  marker = -1;
  constructor(private readonly b: Uint8Array, public o: number) {}

  private fill(): void {
    while (this.count <= 24) {
      let byte = 0;
      if (this.marker < 0 && this.o < this.b.length) {
        byte = this.b[this.o];
        if (byte === 0xff) {
          const next = this.b[this.o + 1];
          if (next === 0x00) this.o += 2;
          else {
            this.marker = this.o;
            byte = 0;
          }
        } else this.o++;
      }
      this.buffer |= byte << (24 - this.count);
      this.count += 8;
    }
  }

  bit(): number {
    if (this.count < 1) this.fill();
    const bit = this.buffer >>> 31;
    this.buffer <<= 1;
    this.count--;
    return bit;
  }

  bits(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    const value = this.buffer >>> (32 - n);
    this.buffer <<= n;
    this.count -= n;
    return value;
  }

  /** The value `n` bits long, sign-extended as JPEG codes differences. */
  receive(n: number): number {
    const value = this.bits(n);
    return value < 1 << (n - 1) ? value - (1 << n) + 1 : value;
  }

  huffman(table: HuffmanTable | undefined): number {
    if (!table) throw damaged("a scan uses a Huffman table that was never defined");
    if (this.count < 16) this.fill();
    const fast = table.fast[this.buffer >>> 23];
    if (fast) {
      const length = fast >> 8;
      this.buffer <<= length;
      this.count -= length;
      return fast & 255;
    }
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | this.bit();
      if (code <= table.maxCode[length]) return table.values[table.valOffset[length] + code];
    }
    throw damaged("a Huffman code is not in its table");
  }

  /** At a restart: byte-aligned, past the RSTn marker. */
  restart(): void {
    this.buffer = 0;
    this.count = 0;
    if (this.marker < 0) {
      // A marker not yet reached: find it (padding bits are 1s, no more than a byte).
      while (this.o + 1 < this.b.length && !(this.b[this.o] === 0xff && this.b[this.o + 1] !== 0 && this.b[this.o + 1] !== 0xff)) this.o++;
      this.marker = this.o;
    }
    const next = this.b[this.marker + 1];
    if (next >= 0xd0 && next <= 0xd7) {
      this.o = this.marker + 2;
      this.marker = -1;
    }
  }

  /** Where the marker walk goes on after the data. */
  end(): number {
    return nextMarker(this.b, this.marker >= 0 ? this.marker : this.o);
  }
}

/** Offset of the first marker from `o` on that is not a restart (the end of a scan's data), or the file's end. */
export function nextMarker(b: Uint8Array, o: number): number {
  for (; o + 1 < b.length; o++) {
    if (b[o] !== 0xff) continue;
    const next = b[o + 1];
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return o;
  }
  return b.length;
}

/** Where a scan's blocks go: a component's coefficient block (natural order, 64 entries), or undefined to decode and drop it. */
export type BlockTarget = (component: FrameComponent, row: number, col: number) => Int16Array | Int32Array | undefined;

/** Decodes one scan; `done(component, row, col, block)` hears of each block of a baseline scan once complete. Answers the offset after the scan. */
export function decodeScan(bytes: Uint8Array, frame: Frame, scan: Scan, tables: { dc: HuffmanTable[]; ac: HuffmanTable[] }, restartInterval: number, target: BlockTarget, done?: (component: FrameComponent, row: number, col: number, block: Int16Array | Int32Array) => void): number {
  const bits = new Bits(bytes, scan.offset);
  const scratch = new Int32Array(64);
  const predictors = new Int32Array(scan.components.length);
  let eobrun = 0;
  const progressive = frame.progressive;
  const decodeBlock = (ci: number, block: Int16Array | Int32Array) => {
    if (!progressive) baseline(ci, block);
    else if (scan.ss === 0) dcProgressive(ci, block);
    else if (scan.ah === 0) acFirst(ci, block);
    else acRefine(block);
  };
  const baseline = (ci: number, block: Int16Array | Int32Array) => {
    const t = bits.huffman(tables.dc[scan.dc[ci]]);
    predictors[ci] += t ? bits.receive(t) : 0;
    block[0] = predictors[ci];
    const ac = tables.ac[scan.ac[ci]];
    for (let k = 1; k < 64; ) {
      const rs = bits.huffman(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) break;
        k += 16;
        continue;
      }
      k += r;
      if (k > 63) break;
      block[ZIGZAG[k++]] = bits.receive(s);
    }
  };
  const dcProgressive = (ci: number, block: Int16Array | Int32Array) => {
    if (scan.ah === 0) {
      const t = bits.huffman(tables.dc[scan.dc[ci]]);
      predictors[ci] += t ? bits.receive(t) : 0;
      block[0] = predictors[ci] * (1 << scan.al);
    } else if (bits.bit()) block[0] |= 1 << scan.al;
  };
  const acFirst = (ci: number, block: Int16Array | Int32Array) => {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    const ac = tables.ac[scan.ac[ci]];
    for (let k = scan.ss; k <= scan.se; ) {
      const rs = bits.huffman(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1 + (r ? bits.bits(r) : 0);
          break;
        }
        k += 16;
        continue;
      }
      k += r;
      if (k > 63) break;
      block[ZIGZAG[k++]] = bits.receive(s) * (1 << scan.al);
    }
  };
  const refine = (block: Int16Array | Int32Array, z: number, p1: number) => {
    if (bits.bit() && (block[z] & p1) === 0) block[z] += block[z] >= 0 ? p1 : -p1;
  };
  const acRefine = (block: Int16Array | Int32Array) => {
    const p1 = 1 << scan.al;
    let k = scan.ss;
    if (eobrun > 0) {
      eobrun--;
      for (; k <= scan.se; k++) if (block[ZIGZAG[k]] !== 0) refine(block, ZIGZAG[k], p1);
      return;
    }
    const ac = tables.ac[scan.ac[0]];
    while (k <= scan.se) {
      const rs = bits.huffman(ac);
      let s = rs & 15;
      let r = rs >> 4;
      if (s === 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1 + (r ? bits.bits(r) : 0);
          r = 64; // the rest of the band: refine what is there, then stop
        }
      } else s = bits.bit() ? p1 : -p1;
      while (k <= scan.se) {
        const z = ZIGZAG[k++];
        if (block[z] !== 0) refine(block, z, p1);
        else {
          if (r === 0) {
            if (s) block[z] = s;
            break;
          }
          r--;
        }
      }
    }
  };

  const visit = (component: FrameComponent, ci: number, row: number, col: number) => {
    const kept = target(component, row, col);
    const block = kept ?? scratch;
    if (!kept || !progressive) block.fill(0);
    decodeBlock(ci, block);
    if (kept && done) done(component, row, col, kept);
  };
  const single = scan.components.length === 1;
  const units = single ? scan.components[0].blocksX * scan.components[0].blocksY : frame.mcusX * frame.mcusY;
  for (let unit = 0; unit < units; unit++) {
    if (restartInterval && unit > 0 && unit % restartInterval === 0) {
      bits.restart();
      predictors.fill(0);
      eobrun = 0;
    }
    if (single) {
      const c = scan.components[0];
      visit(c, 0, Math.floor(unit / c.blocksX), unit % c.blocksX);
    } else {
      const mcuY = Math.floor(unit / frame.mcusX);
      const mcuX = unit % frame.mcusX;
      scan.components.forEach((c, ci) => {
        for (let v = 0; v < c.v; v++) for (let h = 0; h < c.h; h++) visit(c, ci, mcuY * c.v + v, mcuX * c.h + h);
      });
    }
  }
  return bits.end();
}
