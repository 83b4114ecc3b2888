// What kind of file this is: magic bytes first, then the container's contents (the streams
// of an OLE2 .doc/.xls/.ppt, the parts of OOXML and ODF zips); the file name only where
// those say nothing.
import { CoreError } from "../errors";
import type { FileType } from "../model";
import { readCompoundFile } from "../backends/office/cfb";

const ACCEPTED = "PDF, images (PNG, JPEG, BMP, TIFF, WEBP, GIF), Word (.docx/.doc), PowerPoint (.pptx/.ppt) or Excel (.xlsx/.xls)";

/** pdf.js, like Acrobat, accepts a %PDF- header anywhere in the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

function extension(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  return m ? `.${m[1].toLowerCase()}` : "";
}

export function detectFileType(bytes: Uint8Array, fileName: string): FileType {
  const ext = extension(fileName);
  if (ascii(bytes, 0, PDF_HEADER_WINDOW).includes("%PDF-")) return ".pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ".png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ext === ".jpeg" ? ".jpeg" : ".jpg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return ".gif";
  if (ascii(bytes, 0, 2) === "BM" && bytes.length > 26) return ".bmp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return ext === ".tif" ? ".tif" : ".tiff";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return ".webp";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundFileType(bytes, ext);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const zipType = zipDocumentType(bytes);
    if (zipType) return zipType;
  }
  throw new CoreError("unsupported_format", `This file is not a document we can read (recognised by content). Send a ${ACCEPTED}.`);
}

/** A compound (OLE2) file by the stream its application writes; by its name when that cannot be read (or it is an encrypted OOXML package). */
function compoundFileType(bytes: Uint8Array, ext: string): FileType {
  const byName = ext === ".xls" || ext === ".ppt" ? ext : ".doc";
  try {
    const names = readCompoundFile(bytes).names().map((n) => n.toLowerCase());
    if (names.includes("workbook") || names.includes("book")) return ".xls";
    if (names.includes("powerpoint document")) return ".ppt";
    if (names.includes("worddocument")) return ".doc";
    return byName;
  } catch {
    return byName;
  }
}

/** OOXML by its part names, ODF by its mimetype entry (stored first and uncompressed). */
function zipDocumentType(bytes: Uint8Array): FileType | null {
  const head = ascii(bytes, 30, 120);
  if (head.startsWith("mimetype")) {
    if (head.includes("opendocument.text")) return ".odt";
    if (head.includes("opendocument.presentation")) return ".odp";
    if (head.includes("opendocument.spreadsheet")) return ".ods";
  }
  // Part names sit in the local headers and the central directory as plain ASCII.
  const names = new TextDecoder("latin1").decode(bytes.length > 4_000_000 ? bytes.subarray(bytes.length - 2_000_000) : bytes);
  if (!names.includes("[Content_Types].xml")) return null;
  if (names.includes("word/document")) return ".docx";
  if (names.includes("ppt/presentation")) return ".pptx";
  if (names.includes("xl/workbook")) return ".xlsx";
  return null;
}
