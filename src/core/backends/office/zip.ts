// The parts of an Office file (OOXML is a zip), read one at a time and under caps: the
// entry list is checked once (count, names, declared sizes), then only the parts a backend
// asks for are inflated, each into a buffer of its declared size, so a zip bomb that lies
// about its sizes cannot grow past them and one that tells the truth is refused up front.
import { unzipSync, type UnzipFileInfo } from "fflate";
import { CoreError } from "../../errors";
import { MAX_OFFICE_INFLATED_BYTES, MAX_OFFICE_PART_BYTES, MAX_OFFICE_ZIP_ENTRIES } from "../../limits";

const MB = 1024 * 1024;

export class OfficeZip {
  private readonly sizes = new Map<string, number>();
  private inflated = 0;

  constructor(private readonly bytes: Uint8Array) {
    try {
      unzipSync(bytes, {
        filter: (f) => {
          this.admit(f);
          return false;
        },
      });
    } catch (e) {
      if (e instanceof CoreError) throw e;
      throw new CoreError("corrupt_file", `The Office file is not a readable zip archive (${e instanceof Error ? e.message : String(e)}).`);
    }
  }

  private admit(f: UnzipFileInfo): void {
    if (this.sizes.size >= MAX_OFFICE_ZIP_ENTRIES) {
      throw new CoreError("limit_exceeded", `The Office file has more than ${MAX_OFFICE_ZIP_ENTRIES} zip entries.`);
    }
    if (!isSafePartName(f.name)) throw new CoreError("corrupt_file", `The Office file has an unsafe part name "${f.name.slice(0, 80)}" (absolute or climbing out of the package).`);
    this.sizes.set(f.name, f.originalSize);
  }

  has(name: string): boolean {
    return this.sizes.has(name);
  }

  names(): string[] {
    return [...this.sizes.keys()];
  }

  /** The part's bytes, or null when the package has no such part. */
  read(name: string): Uint8Array | null {
    const declared = this.sizes.get(name);
    if (declared === undefined) return null;
    if (declared > MAX_OFFICE_PART_BYTES) {
      throw new CoreError("limit_exceeded", `The part ${name} unpacks to ${Math.round(declared / MB)} MB, more than the ${MAX_OFFICE_PART_BYTES / MB} MB allowed for one part.`);
    }
    if (this.inflated + declared > MAX_OFFICE_INFLATED_BYTES) {
      throw new CoreError("limit_exceeded", `The Office file unpacks to more than ${MAX_OFFICE_INFLATED_BYTES / MB} MB.`);
    }
    this.inflated += declared;
    try {
      return unzipSync(this.bytes, { filter: (f) => f.name === name })[name] ?? null;
    } catch (e) {
      throw new CoreError("corrupt_file", `The part ${name} of the Office file cannot be unpacked (${e instanceof Error ? e.message : String(e)}).`);
    }
  }

  /** The part as text (OOXML parts are UTF-8; a BOM is dropped), or null when absent. */
  text(name: string): string | null {
    const bytes = this.read(name);
    if (!bytes) return null;
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new CoreError("corrupt_file", `The part ${name} of the Office file is not UTF-8 text.`);
    }
  }
}

/** Part names are relative paths inside the package; ".." or a leading slash would climb out. */
export function isSafePartName(name: string): boolean {
  if (!name || name.startsWith("/") || name.includes("\\") || name.includes("\0") || /^[A-Za-z]:/.test(name)) return false;
  return !name.split("/").some((seg) => seg === "..");
}
