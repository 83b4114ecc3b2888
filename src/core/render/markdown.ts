// Markdown of a document: titles as #-headings, lists indented by level, tables per the
// table format, paragraphs separated by blank lines.
import type { Block, Document } from "../model";
import type { RenderOptions } from "../options";
import { tableHtml, tableMarkdown, tablePictureSource } from "./table";
import { visibleBlocks } from "./visible";
import { withLinks } from "./links";
import { formulaMarkdown, withInlineFormulas, withPrintedMath } from "./formula";

export function renderMarkdown(doc: Document, opts: RenderOptions): string {
  const parts: string[] = [];
  for (const page of doc.pages) {
    for (const shown of visibleBlocks(page, opts.features)) {
      const b = withPrintedMath(shown);
      if (b.type === "image" && opts.elementFormats.image === "none") {
        // The figure is left out, its caption is still text of the document.
        for (const c of b.captions ?? []) parts.push(escapeText(c));
        continue;
      }
      const md = withInlineFormulas(blockMarkdown(b, opts), b.inlineFormulas, opts.elementFormats.formula);
      if (md) parts.push(md);
    }
  }
  return parts.join("\n\n") + (parts.length ? "\n" : "");
}

function blockMarkdown(b: Block, opts: RenderOptions): string {
  switch (b.type) {
    case "title":
      return `${"#".repeat(Math.min(6, b.titleLevel ?? 1))} ${withLinks(b, oneLine(b.text))}`;
    case "list": {
      // Multi-level numbers ("2.3.1.", from Word numbering) are no Markdown list marker: keep them as the item's text.
      if (b.list && MULTI_LEVEL.test(b.list.marker)) return `${"  ".repeat(b.list.level)}- ${b.list.marker} ${withLinks(b, oneLine(b.text))}`;
      const marker = b.list?.ordered ? `${/^\d+/.exec(b.list.marker)?.[0] ?? "1"}.` : "-";
      return `${"  ".repeat(b.list?.level ?? 0)}${marker} ${withLinks(b, oneLine(b.text))}`;
    }
    case "table": {
      const picture = tablePictureSource(b, opts);
      const table = picture ? `![${oneLine((b.captions ?? []).join(" ")).replace(/[[\]\\]/g, "\\$&")}](${picture.replace(/[()\s]/g, encodeURIComponent)})` : b.table ? (opts.elementFormats.table === "markdown" ? tableMarkdown(b.table) : tableHtml(b.table)) : escapeText(b.text);
      // A table's caption reads above it, as tables are usually captioned.
      return [...(b.captions ?? []).map(escapeText), table].join("\n\n");
    }
    case "image":
      return imageMarkdown(b, opts);
    case "formula":
      return b.formula ? formulaMarkdown(b.formula.latex, opts.elementFormats.formula, b.formula.display) : escapeText(b.text);
    case "code":
      return codeFence(b.text);
    default:
      return b.inlineImages?.length ? withInlineImages(b, opts) : withLinks(b, escapeText(b.text));
  }
}

/** Source code as printed, in a fence longer than any run of backticks inside it. */
function codeFence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** Private-use characters mark where inline images go while the text is escaped and linked. */
const MARK = 0xe000;

/** The block's text with `![](src)` at each inline image's offset (images without a source are left out). */
function withInlineImages(b: Block, opts: RenderOptions): string {
  let text = b.text;
  const images = b.inlineImages ?? [];
  for (let i = images.length - 1; i >= 0; i--) {
    const at = Math.min(images[i].offset, text.length);
    text = `${text.slice(0, at)} ${String.fromCharCode(MARK + i)} ${text.slice(at)}`;
  }
  return withLinks(b, escapeText(text)).replace(/[\ue000-\uf8ff]/g, (m) => {
    const image = images[m.charCodeAt(0) - MARK];
    if (!image) return m;
    const src = opts.elementFormats.image === "none" ? undefined : opts.imageSources?.get(image.image.ref);
    return src ? `![](${src.replace(/[()\s]/g, encodeURIComponent)})` : "";
  }).replace(/ {2,}/g, " ").trim();
}

/**
 * `![caption](src)`, then the caption as a paragraph: alt text is not shown where the
 * image loads, and the caption is the figure's text for a reader. No source (not stored,
 * or not resolved) leaves the caption alone.
 */
function imageMarkdown(b: Block, opts: RenderOptions): string {
  const captions = (b.captions ?? []).map(escapeText);
  const src = b.image ? opts.imageSources?.get(b.image.ref) : undefined;
  const alt = oneLine((b.captions ?? []).join(" ")).replace(/[[\]\\]/g, "\\$&");
  // Text read inside the picture (enable_image_ocr) follows as a quote: it is the picture's, not the page's.
  const inside = b.image?.text ? [b.image.text.split("\n").map((l) => `> ${escapeText(l)}`).join("\n")] : [];
  return [...(src ? [`![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})`] : []), ...captions, ...inside].join("\n\n");
}

const MULTI_LEVEL = /^\d+(\.\d+)+\.?$/;

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** Keeps body text from turning into Markdown syntax by accident (a line starting "# " or "1. "). */
function escapeText(s: string): string {
  return oneLine(s).replace(/^(#{1,6}\s|[-+*]\s|\d+[.)]\s|>)/, "\\$1");
}
