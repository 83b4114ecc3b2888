// Office inputs (.docx, .pptx, .xlsx and .xls, and OpenDocument .odt, .ods, .odp) read natively from their
// zipped XML parts: the entry the pipeline calls (pipeline/office.ts). Each format's reader
// gives pages of blocks already structured (headings, lists, tables), so none of the PDF
// processors run on them.
import { CoreError } from "../../errors";
import type { Document, FileType } from "../../model";
import type { ImageSink } from "../../ports";
import { parseDocx, type OfficeParse } from "./docx/index";
import { parseOds } from "./odf/sheet";
import { parseOdt } from "./odf/text";
import { parseOdp } from "./odf/presentation";
import { parseXls, xlsSheetCount } from "./xls/index";
import { parsePptx } from "./pptx/index";
import { parseXlsx, visibleSheetCount } from "./xlsx/index";
import { OfficeZip } from "./zip";
import { dropPictures, storePictures, type PicturesAtHand } from "./store-pictures";

export type { OfficeParse };
export type OfficeType = ".docx" | ".pptx" | ".xlsx" | ".xls" | ".odt" | ".ods" | ".odp";

/** Binary Office formats (OLE2): recognised, refused with the formats we do read. */
export const isLegacyOfficeType = (t: FileType) => t === ".doc" || t === ".ppt";

/** "EncryptedPackage" as an OLE2 directory entry name (UTF-16LE). */
const ENCRYPTED_PACKAGE = [..."EncryptedPackage"].flatMap((c) => [c.charCodeAt(0), 0]);
/** The OLE2 directory of a small encrypted package sits near the start; large ones are looked at both ends. */
const DIRECTORY_WINDOW = 1024 * 1024;

/** A password-protected .docx/.xlsx/.pptx is an OLE2 file holding an EncryptedPackage stream. */
function isEncryptedOoxml(bytes: Uint8Array): boolean {
  const windows = bytes.length <= 2 * DIRECTORY_WINDOW ? [bytes] : [bytes.subarray(0, DIRECTORY_WINDOW), bytes.subarray(bytes.length - DIRECTORY_WINDOW)];
  return windows.some((w) => {
    const first = ENCRYPTED_PACKAGE[0];
    for (let i = w.indexOf(first); i >= 0 && i + ENCRYPTED_PACKAGE.length <= w.length; i = w.indexOf(first, i + 1)) {
      if (ENCRYPTED_PACKAGE.every((b, k) => w[i + k] === b)) return true;
    }
    return false;
  });
}

/** The error for an OLE2 Office file: an encrypted modern package needs its password, a binary one is refused. */
export const legacyOfficeError = (t: FileType, bytes: Uint8Array) =>
  isEncryptedOoxml(bytes)
    ? new CoreError("password_protected", "The Office file is encrypted and needs a password; remove the password and send it again.")
    : new CoreError("format_not_implemented", `${t} is the legacy binary Office format, which is not supported; save it as ${t}x (Word, PowerPoint and Excel all can) or as PDF and send that.`);

export const isOfficeType = (t: FileType): t is OfficeType => t === ".docx" || t === ".pptx" || t === ".xlsx" || t === ".xls" || t === ".odt" || t === ".ods" || t === ".odp";

export function parseOffice(bytes: Uint8Array, type: OfficeType): OfficeParse {
  // Excel 97-2003 is a compound file, not a zip.
  return type === ".xls" ? parseXls(bytes) : parseOfficeZip(new OfficeZip(bytes), type);
}

function parseOfficeZip(zip: OfficeZip, type: Exclude<OfficeType, ".xls">): OfficeParse {
  if (zip.has("EncryptedPackage")) throw new CoreError("password_protected", "The Office file is encrypted and needs a password.");
  switch (type) {
    case ".docx":
      return parseDocx(zip);
    case ".xlsx":
      return parseXlsx(zip);
    case ".pptx":
      return parsePptx(zip);
    case ".odt":
      return parseOdt(zip);
    case ".ods":
      return parseOds(zip);
    case ".odp":
      return parseOdp(zip);
  }
}

/** Type and page count for the API to reserve pages: the same reading the parse does, so the two agree. */
export function inspectOffice(bytes: Uint8Array, type: OfficeType): { fileType: OfficeType; pageCount: number } {
  // A workbook's pages are its visible sheets: counted without reading a cell.
  if (type === ".xlsx") return { fileType: type, pageCount: visibleSheetCount(new OfficeZip(bytes)) };
  if (type === ".xls") return { fileType: type, pageCount: xlsSheetCount(bytes) };
  return { fileType: type, pageCount: parseOffice(bytes, type).pageCount };
}

/** What an Office file's reading is asked for. */
export interface OfficeReadOptions {
  /** Read only pages [start, end) (0-based); all when absent. */
  pageRange?: [number, number];
  /** Where the kept pages' pictures go; without it no picture is read and the picture blocks are left out. */
  sink?: ImageSink;
  /** Called page by page with the page's blocks and the bytes of its pictures, while they are at hand (image understanding, figure text). */
  picturesAtHand?: PicturesAtHand;
}

export async function readOfficeDocument(bytes: Uint8Array, fileName: string, type: OfficeType, options: OfficeReadOptions): Promise<Document> {
  const zip = type === ".xls" ? undefined : new OfficeZip(bytes);
  const parsed = zip ? parseOfficeZip(zip, type as Exclude<OfficeType, ".xls">) : parseXls(bytes);
  const [start, end] = options.pageRange ?? [0, parsed.pages.length];
  const pages = parsed.pages.filter((p) => p.index >= start && p.index < end);
  const warnings = [...parsed.warnings];
  // Pictures are read only for the pages kept, after the text: the parse itself holds no image bytes.
  if (zip && parsed.pictures?.size) {
    if (options.sink) warnings.push(...(await storePictures(zip, pages, parsed.pictures, options.sink, options.picturesAtHand)));
    else dropPictures(pages, parsed.pictures);
  }
  return { source: { fileName, fileType: type, pageCount: parsed.pageCount, title: parsed.title }, pages, warnings };
}
