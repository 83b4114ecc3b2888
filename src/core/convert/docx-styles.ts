// The Word document's styles, measured from the PDF: Normal takes the body text's main
// font and size, each Heading n the main style of the titles at level n, Title the
// document's title. Runs then carry only what differs from their paragraph's style, so a
// reader can restyle the document from the style gallery.
import { HeadingLevel, type IStylesOptions } from "docx";
import type { Block, Document } from "../model";
import { halfPoints, officeFont, twips } from "./fonts";
import { dominantStyle, FALLBACK_FONT_SIZE } from "./spans";

/** The style a paragraph's runs inherit, in points and Office font names. */
export interface BaseStyle {
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  /** "RRGGBB" without the hash. */
  color: string;
}

/** Word has built-in styles Heading 1 to Heading 6 (HeadingLevel stops there). */
export const HEADING_LEVELS = 6;
/** Space after a body paragraph, in ems of the body size: PDFs separate paragraphs by about this much. */
const PARAGRAPH_GAP_EM = 0.5;
/** Space before and after a heading, in ems of its own size. */
const HEADING_BEFORE_EM = 1;
const HEADING_AFTER_EM = 0.4;
/** Heading size relative to the body when no title at that level carries font sizes. */
const FALLBACK_HEADING_SCALE = [1.8, 1.5, 1.3, 1.15, 1.05, 1];
const BLACK = "000000";
/** Word's built-in caption style (its id is "Caption", its name "caption"), defined here so every reader shows it alike. */
export const CAPTION_STYLE = "Caption";
/** Space around a caption, in ems of the body size. */
const CAPTION_GAP_EM = 0.4;

export interface WordStyles {
  options: IStylesOptions;
  body: BaseStyle;
  heading: (level: number) => BaseStyle;
  title: BaseStyle;
  /** The block written with the Title style, if the document opens with a title. */
  titleBlock?: Block;
}

export function wordStyles(doc: Document): WordStyles {
  const visible = doc.pages.flatMap((p) => p.blocks).filter((b) => !b.hidden);
  const spansOf = (blocks: Block[]) => blocks.flatMap((b) => (b.lines ?? []).flatMap((l) => l.spans));
  const body = baseStyle(spansOf(visible.filter((b) => b.type === "text" || b.type === "list")), null);
  const headings = Array.from({ length: HEADING_LEVELS }, (_, i) =>
    baseStyle(spansOf(visible.filter((b) => b.type === "title" && headingLevel(b) === i + 1)), { ...body, size: body.size * FALLBACK_HEADING_SCALE[i], bold: true }),
  );
  const titleBlock = documentTitle(doc);
  const title = titleBlock ? baseStyle(spansOf([titleBlock]), headings[0]) : headings[0];
  const headingStyle = (s: BaseStyle, outlineLevel?: number) => ({
    run: runStyle(s),
    paragraph: { spacing: { before: twips(s.size * HEADING_BEFORE_EM), after: twips(s.size * HEADING_AFTER_EM) }, keepNext: true, keepLines: true, outlineLevel },
  });
  return {
    body,
    title,
    titleBlock,
    heading: (level) => headings[Math.min(HEADING_LEVELS, Math.max(1, level)) - 1],
    options: {
      default: {
        document: { run: { font: body.font, size: halfPoints(body.size) }, paragraph: { spacing: { after: twips(body.size * PARAGRAPH_GAP_EM) } } },
        title: headingStyle(title),
        heading1: headingStyle(headings[0], 0),
        heading2: headingStyle(headings[1], 1),
        heading3: headingStyle(headings[2], 2),
        heading4: headingStyle(headings[3], 3),
        heading5: headingStyle(headings[4], 4),
        heading6: headingStyle(headings[5], 5),
      },
      // Captions keep the body's font: their own spans say when the PDF set them smaller or italic.
      paragraphStyles: [{ id: CAPTION_STYLE, name: "caption", basedOn: "Normal", next: "Normal", quickFormat: true, paragraph: { spacing: { before: twips(body.size * CAPTION_GAP_EM), after: twips(body.size * CAPTION_GAP_EM) } } }],
    },
  };
}

export const headingLevel = (b: Block) => Math.min(HEADING_LEVELS, Math.max(1, b.titleLevel ?? 1));

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

/** A title block's Word style (Title for the document's title, else Heading n) and the base its runs differ from. */
export function headingOf(block: Block, styles: WordStyles): { heading: (typeof HeadingLevel)[keyof typeof HeadingLevel]; base: BaseStyle } {
  if (block === styles.titleBlock) return { heading: HeadingLevel.TITLE, base: styles.title };
  const level = headingLevel(block);
  return { heading: HEADINGS[level - 1], base: styles.heading(level) };
}

/** The first level-1 title of the first page, if no body text comes before it: the document's own title. */
function documentTitle(doc: Document): Block | undefined {
  for (const b of doc.pages[0]?.blocks ?? []) {
    if (b.hidden) continue;
    if (b.type === "title" && headingLevel(b) === 1) return b;
    if (b.type === "text" || b.type === "list" || b.type === "table") return undefined;
  }
  return undefined;
}

function baseStyle(spans: Parameters<typeof dominantStyle>[0], fallback: BaseStyle | null): BaseStyle {
  if (!spans.length && fallback) return fallback;
  const d = dominantStyle(spans);
  return {
    font: d.fontFamily ? officeFont(d.fontFamily) : (fallback?.font ?? officeFont("")),
    size: d.fontSize || fallback?.size || FALLBACK_FONT_SIZE,
    bold: d.bold,
    italic: d.italic,
    color: hexColor(d.color) ?? BLACK,
  };
}

function runStyle(s: BaseStyle) {
  return { font: s.font, size: halfPoints(s.size), bold: s.bold, italics: s.italic, color: s.color };
}

/** "#1a2b3c" -> "1A2B3C"; anything else -> undefined. */
export function hexColor(color: string | undefined): string | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? "");
  return m ? m[1].toUpperCase() : undefined;
}
