// The API's JSON pages: a wire format rendered from the model, stable while the model grows.
import type { Block, Document } from "../model";
import type { RenderOptions } from "../options";
import { tableHtml, tableMarkdown, tablePictureSource } from "./table";
import { visibleBlocks } from "./visible";
import { formValues } from "../processors/lines";
import { formatFormula, withInlineFormulas, withPrintedMath } from "./formula";

export interface WireBlock {
  idx: number;
  type: string;
  bbox: [number, number, number, number];
  content: string;
  format: string;
  captions: string[];
  img_url: string;
  title_level?: number;
  /** Image blocks with enable_image_understanding: who described the figure, or why nobody did (`content` holds the text). */
  image_description?: { produced: boolean; model?: string; reason?: string };
  /** Image blocks with enable_image_ocr: the text read inside the picture, line by line ("" when none). */
  image_text?: string;
  /** Values filled into form fields within this block, as `content` has them: filled in, not printed. */
  form_values?: string[];
  /** The block is an annotation's words drawn over the page (a free-text note, a stamp), not the page's own print. */
  note?: boolean;
  /** enable_inline_image: images inside this block's text, `offset` a character index of `content`. */
  inline_images?: { img_url: string; bbox: [number, number, number, number]; offset: number }[];
}

export interface WirePage {
  page_num: number;
  blocks: WireBlock[];
  page_size: { h: number; w: number };
  merge_content_from_pre_page: boolean;
  /** Degrees clockwise the page was turned to read its sideways text upright; page_size and bboxes are of the turned page. */
  turned?: number;
  /** What the page's text was read from: the file's text layer, an OCR layer laid over a scan, our OCR, or a vision language model's transcription (absent for pages with next to no text). */
  text_source?: "text_layer" | "ocr_layer" | "ocr" | "vlm";
  /** How far the page's text can be trusted, 0..1 (a `low_confidence` warning below 0.6). */
  confidence?: number;
  /** The languages of the page's text (ISO 639-1; "zh-Hans", "zh-Hant"), most of it first: those OCR read it in, or those its words tell. */
  languages?: string[];
  /** The scripts of the page's text (ISO 15924: "Latn", "Cyrl", "Jpan"...), most letters first. */
  scripts?: string[];
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export function renderJsonPages(doc: Document, opts: RenderOptions): WirePage[] {
  return doc.pages.map((page) => ({
    page_num: page.index,
    blocks: visibleBlocks(page, opts.features).filter((b) => b.type !== "image" || opts.elementFormats.image !== "none").map((b, idx) => wireBlock(withPrintedMath(b), idx, opts)),
    page_size: { h: r2(page.height), w: r2(page.width) },
    merge_content_from_pre_page: page.blocks.some((b) => b.continuesFromPreviousPage),
    ...(page.turned ? { turned: page.turned } : {}),
    ...(page.reading ? { text_source: page.reading.source.replace("-", "_") as WirePage["text_source"], confidence: page.reading.confidence } : {}),
    ...(page.reading?.languages ? { languages: page.reading.languages } : {}),
    ...(page.reading?.scripts ? { scripts: page.reading.scripts } : {}),
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
    img_url: b.image ? (opts.imageSources?.get(b.image.ref) ?? "") : (tablePictureSource(b, opts) ?? ""),
  };
  if (b.type === "title") out.title_level = b.titleLevel ?? 1;
  if (b.inlineImages?.length && opts.elementFormats.image !== "none") {
    out.inline_images = b.inlineImages.map((i) => ({ img_url: opts.imageSources?.get(i.image.ref) ?? "", bbox: i.bbox.map(r2) as WireBlock["bbox"], offset: i.offset }));
  }
  if (b.image?.text !== undefined) out.image_text = b.image.text;
  const filled = formValues(b);
  if (filled.length) out.form_values = filled;
  if (b.note) out.note = true;
  const described = b.image?.description;
  if (described) out.image_description = { produced: !!described.text, ...(described.model ? { model: described.model } : {}), ...(described.reason ? { reason: described.reason } : {}) };
  return out;
}

function blockContent(b: Block, opts: RenderOptions): [string, string] {
  if (b.table) return opts.elementFormats.table === "markdown" ? [tableMarkdown(b.table), "markdown"] : [tableHtml(b.table), "html"];
  if (b.formula) return [formatFormula(b.formula.latex, opts.elementFormats.formula, b.formula.display), opts.elementFormats.formula];
  // A figure's content is what image understanding said about it (empty when nothing was said).
  if (b.image) return [b.image.description?.text ?? "", "text"];
  return [withInlineFormulas(b.text, b.inlineFormulas, opts.elementFormats.formula), "text"];
}
