// Excel 97-2003 workbooks (.xls, BIFF8 records in the compound file's Workbook stream):
// the sheets' names and visibility, the shared strings, the number formats, and each
// worksheet's cells (strings, numbers, RK numbers, cached formula results, booleans,
// errors) and merged ranges, as the same SheetCells the .xlsx reader gives, so the tables
// come out the same way. Numbers are shown through their format as Excel shows them.
import { CoreError } from "../../../errors";
import { builtinFormat, formatNumber } from "../xlsx/number-format";
import type { MergedRange, SheetCells } from "../xlsx/sheet";

const BOF = 0x0809;
const EOF = 0x000a;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const FORMAT = 0x041e;
const XF = 0x00e0;
const DATEMODE = 0x0022;
const FILEPASS = 0x002f;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const MERGEDCELLS = 0x00e5;
const ERRORS: Record<number, string> = { 0x00: "#NULL!", 0x07: "#DIV/0!", 0x0f: "#VALUE!", 0x17: "#REF!", 0x1d: "#NAME?", 0x24: "#NUM!", 0x2a: "#N/A" };

export interface XlsSheet {
  name: string;
  visible: boolean;
  /** Offset of the sheet's BOF record in the stream. */
  offset: number;
}

export interface XlsBook {
  sheets: XlsSheet[];
  strings: string[];
  /** Number format code of each XF (cell format) index. */
  xfFormats: (string | undefined)[];
  date1904: boolean;
}

interface RecordAt {
  type: number;
  data: Uint8Array;
  /** Offset of the next record. */
  next: number;
}

function recordAt(stream: Uint8Array, at: number): RecordAt | null {
  if (at + 4 > stream.length) return null;
  const type = stream[at] | (stream[at + 1] << 8);
  const length = stream[at + 2] | (stream[at + 3] << 8);
  const end = Math.min(stream.length, at + 4 + length);
  return { type, data: stream.subarray(at + 4, end), next: at + 4 + length };
}

export function readXlsBook(stream: Uint8Array): XlsBook {
  const first = recordAt(stream, 0);
  if (!first || first.type !== BOF) throw new CoreError("corrupt_file", "The Excel file's workbook stream does not start with a BIFF record.");
  if (u16(first.data, 0) !== 0x0600) throw new CoreError("format_not_implemented", "This .xls is from Excel 95 or older (BIFF5 or earlier), which is not supported; save it from Excel as .xlsx or .xls (97-2003) and send that.");
  const book: XlsBook = { sheets: [], strings: [], xfFormats: [], date1904: false };
  const formats = new Map<number, string>();
  const xfFormatIds: number[] = [];
  for (let at = first.next; ; ) {
    const rec = recordAt(stream, at);
    if (!rec || rec.type === EOF) break;
    at = rec.next;
    switch (rec.type) {
      case FILEPASS:
        throw new CoreError("password_protected", "The Excel file is encrypted and needs a password; remove the password and send it again.");
      case BOUNDSHEET: {
        // hsState 0 visible; dt 0 worksheet (charts, macros and dialogs hold no cells).
        const name = shortString(rec.data, 6);
        book.sheets.push({ name, visible: rec.data[4] === 0 && rec.data[5] === 0, offset: u32(rec.data, 0) });
        break;
      }
      case SST: {
        const chunks = [rec.data];
        for (let c = recordAt(stream, at); c && c.type === CONTINUE; c = recordAt(stream, at)) {
          chunks.push(c.data);
          at = c.next;
        }
        book.strings = sharedStrings(chunks);
        break;
      }
      case FORMAT:
        formats.set(u16(rec.data, 0), longString(new ChunkReader([rec.data], 2)));
        break;
      case XF:
        xfFormatIds.push(u16(rec.data, 2));
        break;
      case DATEMODE:
        book.date1904 = u16(rec.data, 0) === 1;
        break;
    }
  }
  book.xfFormats = xfFormatIds.map((id) => formats.get(id) ?? builtinFormat(id));
  return book;
}

/** A worksheet's cells, up to `budget` of them. */
export function readXlsSheet(stream: Uint8Array, book: XlsBook, sheet: XlsSheet, budget: number): SheetCells {
  const cells = new Map<number, Map<number, string>>();
  const merges: MergedRange[] = [];
  let count = 0;
  let truncated = false;
  const put = (row: number, col: number, text: string) => {
    if (!text) return;
    if (count >= budget) {
      truncated = true;
      return;
    }
    let r = cells.get(row);
    if (!r) cells.set(row, (r = new Map()));
    if (!r.has(col)) count++;
    r.set(col, text);
  };
  const number = (v: number, xf: number) => formatNumber(v, book.xfFormats[xf], book.date1904);
  const bof = recordAt(stream, sheet.offset);
  if (!bof || bof.type !== BOF) throw new CoreError("corrupt_file", `The Excel file's sheet "${sheet.name}" cannot be found in its workbook stream.`);
  let pendingString: [number, number] | undefined;
  for (let at = bof.next; ; ) {
    const rec = recordAt(stream, at);
    if (!rec || rec.type === EOF || truncated) break;
    at = rec.next;
    const d = rec.data;
    switch (rec.type) {
      case LABELSST:
        put(u16(d, 0), u16(d, 2), book.strings[u32(d, 6)] ?? "");
        break;
      case LABEL:
      case RSTRING:
        put(u16(d, 0), u16(d, 2), longString(new ChunkReader([d], 6)));
        break;
      case NUMBER:
        put(u16(d, 0), u16(d, 2), number(f64(d, 6), u16(d, 4)));
        break;
      case RK:
        put(u16(d, 0), u16(d, 2), number(rkNumber(u32(d, 6)), u16(d, 4)));
        break;
      case MULRK: {
        const row = u16(d, 0);
        const firstCol = u16(d, 2);
        for (let i = 0, off = 4; off + 6 <= d.length - 2; i++, off += 6) put(row, firstCol + i, number(rkNumber(u32(d, off + 2)), u16(d, off)));
        break;
      }
      case FORMULA: {
        const [row, col, xf] = [u16(d, 0), u16(d, 2), u16(d, 4)];
        // A cached result: a number, or (0xFFFF in its last two bytes) a string in the next STRING record, a boolean, an error.
        if (u16(d, 12) !== 0xffff) put(row, col, number(f64(d, 6), xf));
        else if (d[6] === 0) pendingString = [row, col];
        else if (d[6] === 1) put(row, col, d[8] ? "TRUE" : "FALSE");
        else if (d[6] === 2) put(row, col, ERRORS[d[8]] ?? "#ERROR");
        break;
      }
      case STRING:
        if (pendingString) put(pendingString[0], pendingString[1], longString(new ChunkReader([d], 0)));
        pendingString = undefined;
        break;
      case BOOLERR:
        put(u16(d, 0), u16(d, 2), d[7] ? (ERRORS[d[6]] ?? "#ERROR") : d[6] ? "TRUE" : "FALSE");
        break;
      case MERGEDCELLS:
        for (let i = 0, n = u16(d, 0); i < n && 2 + i * 8 + 8 <= d.length; i++) {
          const o = 2 + i * 8;
          merges.push({ top: u16(d, o), bottom: u16(d, o + 2), left: u16(d, o + 4), right: u16(d, o + 6) });
        }
        break;
    }
  }
  return { cells, merges, truncated, count };
}

/** An RK number: a 30-bit integer or the high bits of a double, maybe divided by 100. */
function rkNumber(rk: number): number {
  const v = rk & 2 ? rk >> 2 : new DataView(new Uint32Array([0, rk & 0xfffffffc]).buffer).getFloat64(0, true);
  return rk & 1 ? v / 100 : v;
}

/**
 * The shared string table, read across the CONTINUE records it spills into: a string's
 * characters may break at a record boundary, where a new option byte says whether the
 * rest is one or two bytes a character.
 */
function sharedStrings(chunks: Uint8Array[]): string[] {
  const reader = new ChunkReader(chunks, 8);
  const unique = u32(chunks[0], 4);
  const out: string[] = [];
  for (let i = 0; i < unique && !reader.done(); i++) out.push(longString(reader));
  return out;
}

/** XLUnicodeRichExtendedString / XLUnicodeString: a 16-bit length, option flags, characters, rich-text runs and extension skipped. */
function longString(r: ChunkReader): string {
  const length = r.u16();
  const flags = r.u8();
  const runs = flags & 0x08 ? r.u16() : 0;
  const ext = flags & 0x04 ? r.u32() : 0;
  const text = r.chars(length, (flags & 0x01) === 1);
  r.skip(runs * 4 + ext);
  return text;
}

/** ShortXLUnicodeString: an 8-bit length, an option byte, characters. */
function shortString(d: Uint8Array, at: number): string {
  return new ChunkReader([d], at + 2).chars(d[at], (d[at + 1] & 1) === 1);
}

class ChunkReader {
  private chunk = 0;
  constructor(
    private readonly chunks: Uint8Array[],
    private pos: number,
  ) {}

  done(): boolean {
    return this.chunk >= this.chunks.length || (this.chunk === this.chunks.length - 1 && this.pos >= this.chunks[this.chunk].length);
  }

  private byte(): number {
    while (this.chunk < this.chunks.length && this.pos >= this.chunks[this.chunk].length) {
      this.chunk++;
      this.pos = 0;
    }
    if (this.chunk >= this.chunks.length) throw new CoreError("corrupt_file", "The Excel file's string table ends in the middle of a string.");
    return this.chunks[this.chunk][this.pos++];
  }

  u8 = () => this.byte();
  u16 = () => this.byte() | (this.byte() << 8);
  u32 = () => (this.u16() | (this.u16() << 16)) >>> 0;

  skip(n: number): void {
    for (let i = 0; i < n; i++) this.byte();
  }

  /** `count` characters, one or two bytes each; at a record boundary a new option byte sets the width for the rest. */
  chars(count: number, wide: boolean): string {
    let out = "";
    for (let i = 0; i < count; i++) {
      if (this.chunk < this.chunks.length && this.pos >= this.chunks[this.chunk].length && this.chunk + 1 < this.chunks.length) {
        this.chunk++;
        this.pos = 0;
        wide = (this.byte() & 1) === 1;
      }
      out += String.fromCharCode(wide ? this.u16() : this.byte());
    }
    return out;
  }
}

const u16 = (d: Uint8Array, at: number) => (at + 2 <= d.length ? d[at] | (d[at + 1] << 8) : 0);
const u32 = (d: Uint8Array, at: number) => (at + 4 <= d.length ? (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0 : 0);
const f64 = (d: Uint8Array, at: number) => (at + 8 <= d.length ? new DataView(d.buffer, d.byteOffset + at, 8).getFloat64(0, true) : 0);
