// The OLE2 compound file (Compound File Binary) of the legacy Office formats: a little FAT
// file system of fixed-size sectors. Only what reading a stream by name needs: the header,
// the FAT (through the DIFAT), the directory, the mini stream for small streams. Chains are
// walked with a step limit and every offset is checked, so a damaged or hostile file fails
// with a clear error, never a hang or a read past its end.
import { CoreError } from "../../errors";

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY = 128;
const STREAM = 2;
const ROOT = 5;
/** A stream read whole is at most this large: the isolate holds it next to what is parsed from it. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;

export interface CompoundFile {
  /** Names of the streams and storages (any depth), as written. */
  names(): string[];
  /** A stream's bytes by name (case-insensitive); null when there is none. */
  stream(name: string): Uint8Array | null;
}

export const isCompoundFile = (bytes: Uint8Array) => bytes.length >= 512 && SIGNATURE.every((b, i) => bytes[i] === b);

export function readCompoundFile(bytes: Uint8Array): CompoundFile {
  if (!isCompoundFile(bytes)) throw damaged("it has no compound-file header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(0x1e, true);
  const miniShift = view.getUint16(0x20, true);
  if (sectorShift !== 9 && sectorShift !== 12) throw damaged(`its sector size 2^${sectorShift} is not one Office writes`);
  const sectorSize = 1 << sectorShift;
  const miniSize = 1 << miniShift;
  // Sectors after the header (the header fills sector -1); the last may be cut short.
  const sectors = Math.ceil((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => {
    if (n >= sectors) throw damaged(`a sector (${n}) lies past the end of the file`);
    const at = (n + 1) * sectorSize;
    return bytes.subarray(at, Math.min(bytes.length, at + sectorSize));
  };
  const u32s = (sector: Uint8Array) => {
    const dv = new DataView(sector.buffer, sector.byteOffset, sector.byteLength);
    return Array.from({ length: sector.byteLength >> 2 }, (_, i) => dv.getUint32(i * 4, true));
  };

  // FAT sectors: the header's DIFAT entries, then the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  for (let next = view.getUint32(0x44, true), steps = 0; next !== END_OF_CHAIN && next !== FREE; steps++) {
    if (steps > sectors) throw damaged("its DIFAT chain loops");
    const entries = u32s(sectorAt(next));
    fatSectors.push(...entries.slice(0, -1));
    next = entries[entries.length - 1];
  }
  const fat = fatSectors.filter((s) => s !== FREE && s !== END_OF_CHAIN).flatMap((s) => u32s(sectorAt(s)));

  const chain = (start: number, table: number[], limit: number): number[] => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN && s !== FREE; s = table[s]) {
      if (s >= table.length || out.length > limit) throw damaged("a sector chain runs off its table or loops");
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size: number) => {
    const parts = chain(start, fat, sectors).map(sectorAt);
    const out = new Uint8Array(parts.length * sectorSize);
    parts.forEach((p, i) => out.set(p, i * sectorSize));
    return size >= 0 ? out.subarray(0, Math.min(size, out.length)) : out;
  };

  // The directory: 128-byte entries in the directory chain.
  const directory = readChain(view.getUint32(0x30, true), -1);
  const dirView = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const entries: { name: string; type: number; start: number; size: number }[] = [];
  for (let at = 0; at + DIRECTORY_ENTRY <= directory.length; at += DIRECTORY_ENTRY) {
    const nameBytes = Math.min(64, dirView.getUint16(at + 0x40, true));
    const name = new TextDecoder("utf-16le").decode(directory.subarray(at, at + Math.max(0, nameBytes - 2)));
    entries.push({ name, type: directory[at + 0x42], start: dirView.getUint32(at + 0x74, true), size: dirView.getUint32(at + 0x78, true) });
  }
  const root = entries.find((e) => e.type === ROOT);
  const cutoff = view.getUint32(0x38, true);
  let mini: { stream: Uint8Array; fat: number[] } | undefined;
  const miniParts = () => {
    if (!root) throw damaged("it has no root entry");
    mini ??= { stream: readChain(root.start, root.size), fat: chain(view.getUint32(0x3c, true), fat, sectors).flatMap((s) => u32s(sectorAt(s))) };
    return mini;
  };

  return {
    names: () => entries.filter((e) => e.type === STREAM || e.type === 1).map((e) => e.name),
    stream(name) {
      const entry = entries.find((e) => e.type === STREAM && e.name.toLowerCase() === name.toLowerCase());
      if (!entry) return null;
      if (entry.size > MAX_STREAM_BYTES) throw new CoreError("limit_exceeded", `The file's ${entry.name} stream is over ${MAX_STREAM_BYTES / 1048576} MB.`);
      if (entry.size >= cutoff) return readChain(entry.start, entry.size);
      // Small streams live in the mini stream, in 64-byte mini sectors with their own FAT.
      const { stream, fat: miniFat } = miniParts();
      const out = new Uint8Array(entry.size);
      let written = 0;
      for (const s of chain(entry.start, miniFat, stream.length / miniSize + 1)) {
        const part = stream.subarray(s * miniSize, s * miniSize + miniSize);
        out.set(part.subarray(0, Math.min(part.length, entry.size - written)), written);
        written += part.length;
        if (written >= entry.size) break;
      }
      return out;
    },
  };
}

const damaged = (why: string) => new CoreError("corrupt_file", `The Office file cannot be read: ${why}.`);
