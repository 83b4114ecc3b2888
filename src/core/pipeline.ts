// The one entry point of the core: bytes in, Document out (detect -> backend ->
// processors), used by the Worker's stages, the CLI and the tests alike.
import { detectFileType } from "./detect";
import { CoreError } from "./errors";
import type { Document, FileType, Page, Warning } from "./model";
import type { ParseOptions } from "./options";
import { openPdf, type PdfPage } from "./backends/pdf/open";
import { pageRuns, type PageRuns } from "./backends/pdf/runs";
import { scannedPageRuns } from "./backends/pdf/scan";
import { documentHasImageXObjects } from "./backends/pdf/images";
import { storePageImages, type PageImageContext } from "./images/pdf-page";
import { describeBudget, describeFigures } from "./images/describe";
import { figureTextBudget, readFigureText } from "./images/figure-text";
import { readOutline, type OutlineEntry } from "./backends/pdf/outline";
import { processDocument, processPage } from "./processors/index";
import { inspectOffice, isLegacyOfficeType, isOfficeType, legacyOfficeError, officeDocument } from "./backends/office/index";
import { imageDocument, inspectImage, isImageType } from "./backends/image/index";

const notYet = (type: FileType) =>
  new CoreError("format_not_implemented", `${type} files are recognised but not supported yet; send a PDF (parsing of images and Office files is on its way).`);

/** Type and page count, cheaply: what the API needs to accept a task and reserve pages. */
export async function inspectDocument(bytes: Uint8Array, fileName: string): Promise<{ fileType: FileType; pageCount: number }> {
  const fileType = detectFileType(bytes, fileName);
  if (isOfficeType(fileType)) return inspectOffice(bytes, fileType);
  if (isLegacyOfficeType(fileType)) throw legacyOfficeError(fileType, bytes);
  if (isImageType(fileType)) return inspectImage(bytes, fileType);
  if (fileType !== ".pdf") throw notYet(fileType);
  const doc = await openPdf(bytes);
  try {
    return { fileType, pageCount: doc.numPages };
  } finally {
    await doc.loadingTask.destroy();
  }
}

export async function parseDocument(bytes: Uint8Array, fileName: string, options: ParseOptions): Promise<Document> {
  const fileType = detectFileType(bytes, fileName);
  if (isOfficeType(fileType)) return officeDocument(bytes, fileName, fileType, options);
  if (isLegacyOfficeType(fileType)) throw legacyOfficeError(fileType, bytes);
  if (isImageType(fileType)) return imageDocument(bytes, fileName, fileType, options);
  if (fileType !== ".pdf") throw notYet(fileType);
  const pdf = await openPdf(bytes);
  try {
    const [start, end] = options.pageRange ?? [0, pdf.numPages];
    const pages: Page[] = [];
    // Page at a time: each page's pdf.js state is released before the next is read.
    const warnings: Warning[] = [];
    const tagged: OutlineEntry[] = [];
    const imageContext = options.images ? { sink: options.images.sink, hasImageXObjects: documentHasImageXObjects(bytes), keepSmall: options.features.enable_inline_image } : undefined;
    const describe = describeBudget();
    const figureText = figureTextBudget();
    for (let i = start; i < Math.min(end, pdf.numPages); i++) {
      // A damaged page costs that page, not the document: it stays, empty, with a warning.
      try {
        const page = await pdf.getPage(i + 1);
        try {
          const raw = await pageRuns(page);
          const scanned = await scannedPageRuns(page, raw);
          const imageBytes = imageContext && !scanned ? await pageImagesOrWarn(page, raw, i, imageContext, warnings) : undefined;
          const processed = processPage(i, scanned ?? raw);
          if (scanned) for (const block of processed.blocks) block.source = "ocr";
          if (imageBytes && options.features.enable_image_understanding) await describeFigures(processed.blocks, imageBytes, options.images?.describer, describe);
          if (imageBytes && options.features.enable_image_ocr) await readFigureText(processed.blocks, imageBytes, figureText);
          pages.push(processed);
          tagged.push(...(raw.headings ?? []));
        } finally {
          page.cleanup();
        }
      } catch (e) {
        // The OCR engine failing to start is the service's trouble, not the page's: the task is retried.
        if (e instanceof CoreError && e.retryable) throw e;
        warnings.push({ page: i, code: "page_unreadable", message: `Page ${i + 1} could not be read: ${e instanceof Error ? e.message : String(e)}` });
        pages.push({ index: i, width: 0, height: 0, blocks: [] });
      }
      options.onProgress?.(pages.length, end - start);
    }
    if (pages.length > 0 && warnings.length === pages.length) throw new CoreError("corrupt_file", `No page of the PDF could be read (${warnings[0].message}).`);
    processDocument(pages, options.features, { outline: await readOutline(pdf), tagged });
    const title = await documentTitle(pdf);
    return { source: { fileName, fileType, pageCount: pdf.numPages, title }, pages, warnings };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** A page whose images cannot be read keeps its text: a warning, no figures. */
async function pageImagesOrWarn(page: PdfPage, raw: PageRuns, index: number, ctx: PageImageContext, warnings: Warning[]): Promise<Map<string, Uint8Array> | undefined> {
  try {
    const stored = await storePageImages(page, raw, index, ctx);
    if (stored.undecoded) warnings.push({ page: index, code: "images_not_decoded", message: `${stored.undecoded} image(s) of page ${index + 1} could not be decoded and are left out.` });
    return stored.bytes;
  } catch (e) {
    warnings.push({ page: index, code: "page_images_unreadable", message: `The images of page ${index + 1} could not be read: ${e instanceof Error ? e.message : String(e)}` });
    return undefined;
  }
}

async function documentTitle(pdf: Awaited<ReturnType<typeof openPdf>>): Promise<string | undefined> {
  try {
    const meta = await pdf.getMetadata();
    const title = (meta.info as { Title?: unknown } | undefined)?.Title;
    return typeof title === "string" && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}
