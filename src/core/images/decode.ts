// One page of an image file, ready for the OCR engine: decoded to gray here where a small
// pure-JS decoder exists, handed over encoded where only Leptonica (inside the engine) reads
// it (WEBP). Sizes were checked on the header before this runs (probe.ts).
import { CoreError } from "../errors";
import type { FileType } from "../model";
import { MAX_OCR_PIXELS } from "../limits";
import { decodeBmp } from "./bmp";
import { decodeGif } from "./gif";
import { fitWithin, type GrayImage } from "./gray";
import { decodeJpeg } from "./jpeg";
import { decodePng } from "./png";
import { decodeTiffPage } from "./tiff";

export interface PageImage {
  /** An image file Leptonica reads: PGM from our decoders, or the upload itself. */
  bytes: Uint8Array;
  width: number;
  height: number;
  dpi?: number;
  /** The decoded pixels, when decoded here (not for WEBP): what a page read turned is turned from. */
  gray?: GrayImage;
}

export function decodePage(bytes: Uint8Array, fileType: FileType, page: number, size: { width: number; height: number }): PageImage {
  if (fileType === ".webp") return { bytes, ...size };
  let gray: GrayImage;
  try {
    gray = decodeGray(bytes, fileType, page);
  } catch (e) {
    if (e instanceof CoreError) throw e;
    // Decoders throw plain errors (or read past the end) on damaged data.
    throw new CoreError("corrupt_file", `The ${fileType.slice(1).toUpperCase()} image is damaged and could not be decoded (${e instanceof Error ? e.message : String(e)}).`);
  }
  const fitted = fitWithin(gray, MAX_OCR_PIXELS);
  return { bytes: fitted.pgm, width: fitted.width, height: fitted.height, dpi: fitted.dpi, gray: fitted };
}

function decodeGray(bytes: Uint8Array, fileType: FileType, page: number): GrayImage {
  switch (fileType) {
    case ".png": return decodePng(bytes);
    case ".jpg":
    case ".jpeg": return decodeJpeg(bytes);
    case ".gif": return decodeGif(bytes);
    case ".bmp": return decodeBmp(bytes);
    case ".tif":
    case ".tiff": return decodeTiffPage(bytes, page);
    default: throw new CoreError("unsupported_format", `${fileType} is not an image format.`);
  }
}
