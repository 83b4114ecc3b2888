// A PDF's pages through the backend and the processors, one page at a time: the text layer
// (with the drawing's rules where the text may hold a table), OCR where the layer cannot be
// trusted or is missing, pictures to the sink, then the page's processing and the steps on
// its figures.
import type { RegionRenderer } from "../ports";
import type { OutlineEntry, PageRuns } from "../runs";
import { CoreError } from "../errors";
import type { Page, Warning } from "../model";
import type { ParseOptions } from "../options";
import { checkLimits, openPdf, type PdfPage } from "../backends/pdf/open";
import { pageRuns, withDrawnRules } from "../backends/pdf/runs";
import { scanCoverage, scannedPageRuns, type PageRenderer } from "../backends/pdf/scan";
import { withOutlinedText } from "../backends/pdf/outlined-text";
import { withGarbledTextRead, type RegionPicture } from "../backends/pdf/garbled-text";
import { pageDrawing } from "../backends/pdf/drawing";
import { colorRuns } from "../backends/pdf/text-colors";
import { documentHasImageXObjects } from "../backends/pdf/images";
import { readOutline } from "../backends/pdf/outline";
import { grayFromSamples } from "../images/gray";
import { decode as decodePng } from "fast-png";
import { REGION_DPI, regionPixelSize } from "../raster/region";
import { processPage } from "../processors/index";
import { isOcrLayer } from "../processors/ocr-layer";
import { mayHoldTable } from "../processors/tables/hints";
import { storePageImages, type PageImageContext } from "./pdf-page-images";
import { describeBudget, describeFigures, type DescribeBudget } from "./describe";
import { figureTextBudget, readFigureText } from "./figure-text";
import { renderPendingRegions, type PendingRegion } from "./drawn-regions";
import { coverageConfidence, noteNothingRead, noteReading } from "./reading-confidence";
import { transcribeDoubtedPage, type PagePicture } from "./transcribe";
import { heldBudget, type PagesPart } from "./part";
import { modelsOfCodes } from "../ocr/languages";

/** The pages of a PDF (options.pageRange of them), read and processed one at a time; finishDocument finishes the document. */
export async function pdfPages(bytes: Uint8Array, fileName: string, options: ParseOptions): Promise<PagesPart> {
  const pdf = await openPdf(bytes);
  try {
    const [start, end] = options.pageRange ?? [0, pdf.numPages];
    const pages: Page[] = [];
    // Page at a time: each page's pdf.js state is released before the next is read.
    const warnings: Warning[] = [];
    const tagged: OutlineEntry[] = [];
    const renderer = options.renderer;
    const imageContext = options.images ? { sink: options.images.sink, hasImageXObjects: documentHasImageXObjects(bytes), keepSmall: options.features.enable_inline_image, drawnFigures: !!renderer } : undefined;
    const pending: PendingRegion[] = [];
    const describe = describeBudget();
    const figureText = figureTextBudget();
    const held = heldBudget(options.heldBudgetBytes);
    const ocrLanguages = modelsOfCodes(options.features.ocr_languages);
    for (let i = start; i < Math.min(end, pdf.numPages); i++) {
      // A damaged page costs that page, not the document: it stays, empty, with a warning.
      try {
        const page = await pdf.getPage(i + 1);
        try {
          const raw = await pdfPageRuns(page);
          // Conversions redraw the page: its text keeps its colours too.
          if (options.drawing) await colorRuns(page, raw.runs);
          const scan = await scannedPageRuns(page, raw, renderer && pageForOcr(renderer, i, raw), ocrLanguages);
          const read = scan && "runs" in scan ? scan : undefined;
          const scanned = read?.runs;
          if (read?.fault) warnings.push({ page: i, code: "text_layer_unusable", message: `The text layer of page ${i + 1} is ${read.fault === "garbled" ? "garbled (glyph codes without their letters)" : "an implausible OCR layer"}: the page was read by OCR instead.` });
          const imageBytes = imageContext && !scanned ? await pageImagesOrWarn(page, raw, i, imageContext, warnings) : undefined;
          // Text in a font without a usable Unicode map, and text drawn as outlines, are read
          // from the page drawn by the renderer and join the text layer's.
          const text = scanned ?? (renderer ? await withOutlinedText(await layerWithGarbledFontsRead(raw, regionForOcr(renderer, i, raw), i, warnings), pageForOcr(renderer, i, raw)) : raw);
          const processed = processPage(i, text);
          // An OCR layer is judged by its words and by how much of its scan's print they cover.
          const ocrLayer = !scanned && isOcrLayer(raw.runs);
          const coverage = ocrLayer ? await scanCoverage(page, raw) : undefined;
          noteReading(processed, scanned ? "ocr" : ocrLayer ? "ocr-layer" : "text-layer", text.runs, read?.confidence ?? coverageConfidence(coverage), warnings, read?.ocr);
          // A picture of the page read as no text at all: said so, not passed off as an empty page.
          if (scan && "nothingRead" in scan && !processed.reading) noteNothingRead(processed, warnings);
          if (scanned) for (const block of processed.blocks) block.source = "ocr";
          else if (options.drawing) processed.drawing = await pageDrawing(page, raw.rotation);
          if (renderer) await transcribeDoubtedPage(processed, () => pagePicture(renderer, i, raw), options.transcriber, warnings);
          if (renderer && imageContext && !scanned) pending.push(...regionsToDraw(processed, raw.turned ?? 0, options.images?.tableImages ?? false));
          if (imageBytes && options.features.enable_image_understanding) await describeFigures(processed.blocks, imageBytes, options.images?.describer, describe);
          if (imageBytes && options.features.enable_image_ocr) await readFigureText(processed.blocks, imageBytes, figureText);
          held.add(processed, i);
          pages.push(processed);
          tagged.push(...(raw.headings ?? []));
        } finally {
          page.cleanup();
        }
      } catch (e) {
        // The OCR engine failing to start is the service's trouble, not the page's: the task is
        // retried. A document past a limit fails as a whole.
        if (e instanceof CoreError && (e.retryable || e.code === "limit_exceeded")) throw e;
        warnings.push({ page: i, code: "page_unreadable", message: `Page ${i + 1} could not be read: ${e instanceof Error ? e.message : String(e)}` });
        pages.push({ index: i, width: 0, height: 0, blocks: [] });
      }
      // A decompression bomb is the document's: it fails as a whole, not as an empty page.
      checkLimits(pdf);
      options.onProgress?.(pages.length, end - start);
    }
    if (renderer && pending.length) await finishDrawnRegions(pending, renderer, options, warnings, describe);
    // The outline is the whole document's: the part that starts it carries it.
    const outline = start === 0 ? await readOutline(pdf) : [];
    const title = await documentTitle(pdf);
    return { source: { fileName, fileType: ".pdf", pageCount: pdf.numPages, title }, pages, warnings, hints: { outline, tagged } };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** A PDF page's runs, with its drawing's rules where its text may hold a table or sets formulas. */
export async function pdfPageRuns(page: PdfPage): Promise<PageRuns> {
  const text = await pageRuns(page);
  return withDrawnRules(page, text, mayHoldTable(text.runs, text.width));
}

/** The page's runs with the text of its garbled fonts read by OCR, and a warning naming those fonts. */
async function layerWithGarbledFontsRead(raw: PageRuns, draw: RegionPicture, index: number, warnings: Warning[]): Promise<PageRuns> {
  const { page, fonts } = await withGarbledTextRead(raw, draw);
  if (fonts.length) warnings.push({ page: index, code: "text_layer_unusable", message: `On page ${index + 1}, the text in ${fonts.length === 1 ? "font" : "fonts"} ${fonts.join(", ")} is garbled (glyph codes without their letters): it was read by OCR instead.` });
  return page;
}

/** Resolution a page is drawn at to be read by OCR (the scans Tesseract reads best are 200-300 dpi). */
const OCR_RENDER_DPI = 200;

/** The page drawn in gray by the renderer, for OCR when its text layer cannot be trusted. */
function pageForOcr(renderer: RegionRenderer, index: number, raw: PageRuns): PageRenderer {
  const draw = regionForOcr(renderer, index, raw);
  return () => draw([0, 0, raw.width, raw.height], OCR_RENDER_DPI);
}

/** Resolution a page is drawn at for a vision model (which sees about 2 megapixels: a letter page at 150 dpi). */
const TRANSCRIPTION_DPI = 150;

/** The whole page in colour, in its frame as read, for a vision model to transcribe. */
async function pagePicture(renderer: RegionRenderer, index: number, raw: PageRuns): Promise<PagePicture | undefined> {
  const [drawn] = await renderer.render([{ page: index, bbox: [0, 0, raw.width, raw.height], turn: raw.turned ?? 0, dpi: TRANSCRIPTION_DPI }]);
  return drawn ? { bytes: drawn.png, mime: "image/png" } : undefined;
}

/** A region of the page, in its frame as read, drawn in gray by the renderer for OCR. */
function regionForOcr(renderer: RegionRenderer, index: number, raw: PageRuns): RegionPicture {
  return async (bbox, dpi) => {
    const [drawn] = await renderer.render([{ page: index, bbox, turn: raw.turned ?? 0, dpi, gray: true }]);
    if (!drawn) return undefined;
    const png = decodePng(drawn.png);
    return grayFromSamples(png.width, png.height, png.data as Uint8Array, png.channels as 1);
  };
}

/** The page's pictures to draw: its vector figures, and its tables when they are asked for as images. */
function regionsToDraw(page: Page, turn: number, tableImages: boolean): PendingRegion[] {
  const out: PendingRegion[] = [];
  let tables = 0;
  for (const block of page.blocks) {
    const request = { page: page.index, bbox: block.bbox, turn, dpi: REGION_DPI };
    if (block.drawn && block.image) out.push({ page, block, request, of: "image" });
    else if (tableImages && block.table) {
      block.table.image = { ref: `page${page.index + 1}-table${++tables}.png`, mime: "image/png", ...regionPixelSize(block.bbox, REGION_DPI) };
      out.push({ page, block, request, of: "table" });
    }
  }
  return out;
}

/**
 * Draws the part's noted regions, then gives its drawn figures what extracted ones get: a
 * description when asked. A drawn figure keeps its text, whatever enable_image_ocr says: it
 * is the text layer's (exact), the page's own words, which making a picture of the region
 * must not lose (a flowchart's labels, a diagram filling the page).
 */
async function finishDrawnRegions(pending: PendingRegion[], renderer: RegionRenderer, options: ParseOptions, warnings: Warning[], describe: DescribeBudget): Promise<void> {
  await renderPendingRegions(pending, renderer, options.images!.sink, warnings, async (figures, bytes) => {
    if (options.features.enable_image_understanding) await describeFigures(figures, bytes, options.images?.describer, describe);
  });
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
