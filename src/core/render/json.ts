// The API's JSON pages: a wire format rendered from the model, stable while the model grows.
import type { Block, Document } from "../model";
import type { RenderOptions } from "../options";
import { tableHtml, tableMarkdown } from "./table";
import { visibleBlocks } from "./visible";

export interface WireBlock {
  idx: number;
  type: string;
  bbox: [number, number, number, number];
  content: string;
  format: string;
  captions: string[];
  img_url: string;
  title_level?: number;
}

export interface WirePage {
  page_num: number;
  blocks: WireBlock[];
  page_size: { h: number; w: number };
  merge_content_from_pre_page: boolean;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export function renderJsonPages(doc: Document, opts: RenderOptions): WirePage[] {
  return doc.pages.map((page) => ({
    page_num: page.index,
    blocks: visibleBlocks(page, opts.features).map((b, idx) => wireBlock(b, idx, opts)),
    page_size: { h: r2(page.height), w: r2(page.width) },
    merge_content_from_pre_page: page.blocks.some((b) => b.continuesFromPreviousPage),
  }));
}

function wireBlock(b: Block, idx: number, opts: RenderOptions): WireBlock {
  const [content, format] = blockContent(b, opts);
  const out: WireBlock = {
    idx,
    type: b.type,
    bbox: b.bbox.map(r2) as WireBlock["bbox"],
    content,
    format,
    captions: b.captions ?? [],
    img_url: "",
  };
  if (b.type === "title") out.title_level = b.titleLevel ?? 1;
  return out;
}

function blockContent(b: Block, opts: RenderOptions): [string, string] {
  if (b.table) return opts.elementFormats.table === "markdown" ? [tableMarkdown(b.table), "markdown"] : [tableHtml(b.table), "html"];
  if (b.formula) return [b.formula.latex, "latex"];
  return [b.text, "text"];
}
