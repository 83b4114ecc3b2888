// An image file's pages (options.pageRange of them), each read by OCR in the image backend
// and processed as a PDF page is; finishDocument finishes the document.
import { CoreError } from "../errors";
import type { FileType, Page, Warning } from "../model";
import type { ParseOptions } from "../options";
import { imagePagePicture, imagePageSizes, readImagePage } from "../backends/image/index";
import { processPage } from "../processors/index";
import { noteNothingRead, noteReading } from "./reading-confidence";
import { transcribeDoubtedPage } from "./transcribe";
import { modelsOfCodes } from "../ocr/languages";
import type { PagesPart } from "./part";

export async function imagePages(bytes: Uint8Array, fileName: string, fileType: FileType, options: ParseOptions): Promise<PagesPart> {
  const sizes = imagePageSizes(bytes, fileType);
  const [start, end] = options.pageRange ?? [0, sizes.length];
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  let firstError: unknown;
  // Page at a time: one decoded page in memory at once.
  for (let i = start; i < Math.min(end, sizes.length); i++) {
    try {
      const read = await readImagePage(bytes, fileType, i, sizes[i], modelsOfCodes(options.features.ocr_languages));
      const page = processPage(i, read.runs);
      noteReading(page, "ocr", read.runs.runs, read.confidence, warnings, read.ocr);
      if (!page.reading) noteNothingRead(page, warnings);
      for (const block of page.blocks) block.source = "ocr";
      await transcribeDoubtedPage(page, async () => imagePagePicture(bytes, fileType, i, sizes[i]), options.transcriber, warnings);
      pages.push(read.turned ? { ...page, turned: read.turned } : page);
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
