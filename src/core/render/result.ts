// The parse result of the API (catalog + requested outputs, and the zip bytes when asked)
// rendered from a Document.
import type { Document } from "../model";
import type { RenderOptions } from "../options";
import { buildCatalog, type CatalogEntry } from "./catalog";
import { renderJsonPages, type WirePage } from "./json";
import { renderMarkdown } from "./markdown";
import { buildZip } from "./zip";

export interface ParseResult {
  catalog: CatalogEntry[];
  outputs: { markdown?: string; json?: { pages: WirePage[] } };
  zip?: Uint8Array;
}

export function renderParseResult(doc: Document, opts: RenderOptions): ParseResult {
  // The catalog points into the JSON pages, so they are rendered even when not returned.
  const pages = renderJsonPages(doc, opts);
  const outputs: ParseResult["outputs"] = {};
  const wantsMarkdown = opts.outputFormats.includes("markdown");
  const wantsZip = opts.outputFormats.includes("zip");
  const markdown = wantsMarkdown || wantsZip ? renderMarkdown(doc, opts) : "";
  if (wantsMarkdown) outputs.markdown = markdown;
  if (opts.outputFormats.includes("json")) outputs.json = { pages };
  const result: ParseResult = { catalog: buildCatalog(pages), outputs };
  if (wantsZip) result.zip = buildZip(`${baseName(doc.source.fileName)}.md`, markdown);
  return result;
}

const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
