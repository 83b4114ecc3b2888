// The one entry point of the core: bytes in, Document out (detect -> backend ->
// processors), used by the Worker's stages, the CLI and the tests alike. The core's layers,
// bottom up: model, engines, backends, processors, this pipeline, outputs (render,
// convert); docs/architecture.md draws them.
import { detectFileType } from "./detect";
import { CoreError } from "../errors";
import type { Document, FileType } from "../model";
import type { FeatureConfig, ParseOptions } from "../options";
import { openPdf } from "../backends/pdf/open";
import { inspectOffice, isLegacyOfficeType, isOfficeType, legacyOfficeError } from "../backends/office/index";
import { inspectImage, isImageType } from "../backends/image/index";
import { processDocument } from "../processors/index";
import { officeDocument } from "./office";
import { imagePages } from "./image-pages";
import { pdfPages } from "./pdf-pages";
import type { PagesPart } from "./part";

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
  return finishDocument([await parsePages(bytes, fileName, options)], options.features);
}

/**
 * The pages of a PDF or an image file, read and processed one by one (`options.pageRange`,
 * default all), before the steps that need the whole document (furniture, headings,
 * lists, cross-page merges): a long scan is read as several parts, in several isolates,
 * and finished once (`finishDocument`).
 */
export async function parsePages(bytes: Uint8Array, fileName: string, options: ParseOptions): Promise<PagesPart> {
  const fileType = detectFileType(bytes, fileName);
  if (isLegacyOfficeType(fileType)) throw legacyOfficeError(fileType, bytes);
  if (isImageType(fileType)) return imagePages(bytes, fileName, fileType, options);
  if (fileType !== ".pdf") throw notYet(fileType);
  return pdfPages(bytes, fileName, options);
}

/** Formats read page by page, whose parts can be read apart: PDFs and images. */
export const isPagedType = (fileType: FileType) => fileType === ".pdf" || isImageType(fileType);

/** The parts of a document joined in page order, and the steps that need all its pages run. */
export function finishDocument(parts: PagesPart[], features: FeatureConfig): Document {
  const ordered = [...parts].sort((a, b) => (a.pages[0]?.index ?? 0) - (b.pages[0]?.index ?? 0));
  const pages = ordered.flatMap((p) => p.pages);
  const warnings = ordered.flatMap((p) => p.warnings);
  const unreadable = warnings.filter((w) => w.code === "page_unreadable");
  if (pages.length > 0 && unreadable.length === pages.length) throw new CoreError("corrupt_file", `No page of the ${ordered[0].source.fileType === ".pdf" ? "PDF" : "file"} could be read (${unreadable[0].message}).`);
  processDocument(pages, features, { outline: ordered.flatMap((p) => p.hints.outline ?? []), tagged: ordered.flatMap((p) => p.hints.tagged ?? []) });
  return { source: ordered[0].source, pages, warnings };
}
