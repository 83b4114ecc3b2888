// Image files (PNG, JPEG, BMP, TIFF with its pages, WEBP, GIF) -> a Document, through OCR
// and then the same processors as a PDF's text layer: a picture of a page yields the
// structure of the PDF of it.
import { CoreError } from "../../errors";
import type { FileType, Page, Warning } from "../../model";
import type { PagesPart } from "../../pipeline";
import type { ParseOptions } from "../../options";
import { processPage } from "../../processors/index";
import { recognizePage } from "../../ocr/recognize";
import { readPicture } from "../../ocr/read-picture";
import { ocrRuns } from "../../ocr/runs";
import { imageRulings } from "../../ocr/rulings";
import { pointsPerPixel } from "../../ocr/resolution";
import { noteReading } from "../../reading-confidence";
import { decodePage } from "./decode";
import { probeImage } from "./probe";

export const IMAGE_TYPES: readonly FileType[] = [".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".gif"];

export const isImageType = (t: FileType) => IMAGE_TYPES.includes(t);

/** Resolutions outside this range in a file's metadata are placeholders, not measurements. */
const PLAUSIBLE_DPI: [number, number] = [50, 1200];

export function inspectImage(bytes: Uint8Array, fileType: FileType): { fileType: FileType; pageCount: number } {
  return { fileType, pageCount: probeImage(bytes, fileType).pages.length };
}

/** The pages of an image file (options.pageRange of them), read by OCR; pipeline.ts finishes the document. */
export async function imagePages(bytes: Uint8Array, fileName: string, fileType: FileType, options: ParseOptions): Promise<PagesPart> {
  const { pages: sizes } = probeImage(bytes, fileType);
  const [start, end] = options.pageRange ?? [0, sizes.length];
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  let firstError: unknown;
  // Page at a time: one decoded page in memory at once.
  for (let i = start; i < Math.min(end, sizes.length); i++) {
    try {
      pages.push(await ocrPage(bytes, fileType, i, sizes[i], warnings));
    } catch (e) {
      // A damaged page of a multi-page scan costs that page; a single picture that cannot be read is an error.
      if (sizes.length === 1 || !(e instanceof CoreError) || e.retryable) throw e;
      firstError ??= e;
      warnings.push({ page: i, code: "page_unreadable", message: `Page ${i + 1} could not be read: ${e.message}` });
      pages.push({ index: i, width: 0, height: 0, blocks: [] });
    }
    options.onProgress?.(pages.length, Math.min(end, sizes.length) - start);
  }
  // Every page damaged: the first page's own error says best what is wrong. A part of a
  // longer file (read apart, see tasks/run.ts) leaves that verdict to the whole document.
  const wholeFile = start === 0 && end >= sizes.length;
  const unreadable = warnings.filter((w) => w.code === "page_unreadable").length;
  if (wholeFile && pages.length > 0 && unreadable === pages.length) throw firstError;
  return { source: { fileName, fileType, pageCount: sizes.length }, pages, warnings, hints: {} };
}

async function ocrPage(bytes: Uint8Array, fileType: FileType, index: number, size: { width: number; height: number }, warnings: Warning[]): Promise<Page> {
  const image = decodePage(bytes, fileType, index, size);
  const dpi = image.dpi && image.dpi >= PLAUSIBLE_DPI[0] && image.dpi <= PLAUSIBLE_DPI[1] ? image.dpi : undefined;
  // A picture taken sideways or upside down is read turned upright (WEBP, decoded only inside the engine, as it comes).
  const reading = image.gray ? await readPicture(image.gray, dpi) : { result: await recognizePage({ bytes: image.bytes, dpi }), turn: 0, image };
  const { words } = reading.result;
  const scale = pointsPerPixel(image.width, dpi);
  const [width, height] = reading.turn % 180 ? [image.height, image.width] : [image.width, image.height];
  const runs = ocrRuns({ words, scale: (scale * width) / reading.image.width, width: width * scale, height: height * scale });
  // The picture's ruling lines, for its tables (a WEBP is decoded inside the engine only: none).
  if ("pixels" in reading.image) runs.rulings = imageRulings(reading.image, (scale * width) / reading.image.width);
  const page = processPage(index, runs);
  noteReading(page, "ocr", runs.runs, reading.result.meanConfidence / 100, warnings);
  for (const block of page.blocks) block.source = "ocr";
  return reading.turn ? { ...page, turned: reading.turn } : page;
}
