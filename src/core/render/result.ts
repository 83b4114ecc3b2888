// The parse result of the API (catalog + requested outputs, and the zip bytes when asked)
// rendered from a Document. With images, call render/images.ts renderWithImages, which
// resolves img_url and reads the zip's image files first.
import type { Document } from "../model";
import type { RenderOptions } from "../options";
import { buildCatalog, type CatalogEntry } from "./catalog";
import { renderJsonPages, type WirePage } from "./json";
import { renderMarkdown } from "./markdown";
import { buildZip } from "./zip";

export interface ParseResult {
  catalog: CatalogEntry[];
  /** What could not be read as it should (a damaged page, an undecodable image, a text layer read by OCR instead): `[{page, code, message}]`, `page` 0-based. */
  warnings: { page: number | null; code: string; message: string }[];
  outputs: { markdown?: string; json?: { pages: WirePage[] } };
  zip?: Uint8Array;
}

/** `zipImages`: the image files the zip's Markdown references, by ref (render/images.ts reads them from the store). */
export function renderParseResult(doc: Document, opts: RenderOptions, zipImages: Record<string, Uint8Array> = {}): ParseResult {
  // The catalog points into the JSON pages, so they are rendered even when not returned.
  const pages = renderJsonPages(doc, opts);
  const outputs: ParseResult["outputs"] = {};
  const wantsMarkdown = opts.outputFormats.includes("markdown");
  const wantsZip = opts.outputFormats.includes("zip");
  const markdown = wantsMarkdown || wantsZip ? renderMarkdown(doc, opts) : "";
  if (wantsMarkdown) outputs.markdown = markdown;
  if (opts.outputFormats.includes("json")) outputs.json = { pages };
  const warnings = doc.warnings.map((w) => ({ page: w.page ?? null, code: w.code, message: w.message }));
  const result: ParseResult = { catalog: buildCatalog(pages), warnings, outputs };
  if (wantsZip) result.zip = buildZip({ baseName: baseName(doc.source.fileName), markdown, images: zipImages, json: outputs.json });
  return result;
}

/** The file name without its extension, for naming outputs ("report.pdf" -> "report"). */
export const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
