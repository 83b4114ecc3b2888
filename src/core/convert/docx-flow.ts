// Word, flow mode: real paragraphs in reading order (never text boxes), titles in the
// built-in Heading styles so the navigation pane and a table of contents work, real
// numbered and bulleted lists, real tables, real footnotes. One section with the first
// page's size; the text reflows, so PDF page breaks are not kept (but on pages whose lines
// are numbered, docx-numbered-lines.ts). Header/footer furniture becomes the section's Word
// header and footer (docx-furniture.ts), out of the reading text.
import { AlignmentType, Document as WordDocument, HorizontalPositionAlign, HorizontalPositionRelativeFrom, ImageRun, LineNumberRestartFormat, LineRuleType, Packer, Paragraph, SectionType, Table, TextRun, TextWrappingSide, TextWrappingType, VerticalPositionRelativeFrom } from "docx";
import type { Block, Document, Line, Page } from "../model";
import { wordFurniture } from "./docx-furniture";
import { wordEquation } from "./docx-math";
import { isFigure, pixels, wordAltText, type Pictures } from "./pictures";
import { planLists, type ListPlan } from "./docx-lists";
import { numberedPageElements } from "./docx-numbered-lines";
import { pageColumns, type PageColumns } from "./docx-columns";
import { twips, EMU_PER_POINT } from "./fonts";
import { footnoteReference, planFootnotes, type FootnotePlan } from "./docx-footnotes";
import { flowPage } from "./docx-page";
import { spaceAfter, wordAlign, wordIndent, type Column } from "./docx-paragraph";
import { wordRuns, wordRunsWithPictures } from "./docx-runs";
import { CAPTION_STYLE, headingOf, wordStyles, type WordStyles } from "./docx-styles";
import { wordTable } from "./docx-table";
import { clearFloats, sideFigures, type SideFigure } from "./docx-side-figures";
import { decoratedDocument } from "./text-decorations";
import { blockRuns, codeIndents, styledRuns } from "./spans";

/** A block to write, its page, and the lines of its continuation on later pages (merged by the parser). */
interface FlowItem {
  block: Block;
  page: Page;
  continuation: Line[];
}

interface Context {
  styles: WordStyles;
  lists: ListPlan;
  contentWidth: number;
  pictures: Pictures;
  footnotes: FootnotePlan;
  /** The PDF column a one-column stretch is written in (its paragraphs keep their indents from it); none in Word's columns. */
  column?: Column;
  /** Space after each paragraph followed by another right below it (twips), as printed. */
  spaceAfter: Map<Block, number>;
  /** Each page's columns (a page not set in columns has one). */
  columns: Map<Page, PageColumns>;
  /** Figures that float beside the text they were printed beside... */
  sides: Map<Block, SideFigure>;
  /** ...and the last blocks beside them, after which the text clears them. */
  clearAfter: Set<Block>;
}

export async function docxFlow(printed: Document, pictures: Pictures = new Map()): Promise<Uint8Array> {
  // Underlines, strike-throughs and highlights the PDF drew become the text's own styles.
  const doc = decoratedDocument(printed);
  const page = flowPage(doc);
  const marginLeft = page.margin.left / 20;
  const columns = new Map(doc.pages.map((p) => [p, pageColumns(p, marginLeft, marginLeft + page.contentWidth)]));
  const sides = new Map(doc.pages.flatMap((p) => [...sideFigures(p, page.contentWidth, (b) => columns.get(p)!.of(b) > 1)]));
  const items = beforeTheirText(flowItems(doc), sides);
  const styles = wordStyles(doc);
  const ctx: Context = { styles, lists: planLists(items.map((i) => i.block)), contentWidth: page.contentWidth, pictures, footnotes: planFootnotes(doc, styles.body), spaceAfter: printedSpacing(items), columns, sides, clearAfter: new Set([...sides.values()].map((s) => s.last)) };
  const segments = flowSegments(items, ctx, marginLeft);
  const furniture = wordFurniture(doc, { base: ctx.styles.body, marginLeft });
  const margin = { ...page.margin, header: furniture.headerMargin, footer: furniture.footerMargin };
  // Line numbers printed in the PDF's margin become Word's own, counting each page's lines.
  const lineNumbers = doc.pages.some((p) => p.lineNumbers) ? { countBy: 1, restart: LineNumberRestartFormat.NEW_PAGE } : undefined;
  const word = new WordDocument({
    creator: "docparse",
    title: doc.source.title ?? doc.source.fileName,
    styles: ctx.styles.options,
    numbering: { config: ctx.lists.config },
    footnotes: ctx.footnotes.notes,
    // One section per stretch of one or two columns; the later ones continue on the same page and inherit the header and footer.
    sections: segments.map((segment, k) => ({
      properties: {
        ...(k === 0 ? { titlePage: furniture.titlePage || undefined } : { type: SectionType.CONTINUOUS }),
        page: { size: page.size, margin, pageNumbers: k === 0 && furniture.firstPageNumber ? { start: furniture.firstPageNumber } : undefined },
        lineNumbers,
        column: segment.columns > 1 ? { count: segment.columns, space: twips(segment.gap) } : undefined,
      },
      ...(k === 0 ? { headers: furniture.headers, footers: furniture.footers } : {}),
      children: separateTables(segment.children),
    })),
  });
  return new Uint8Array(await Packer.toArrayBuffer(word));
}

/**
 * A caption the parser moved onto its figure or table (hidden, its text in the owner's
 * `captions`): written where it stood, as a Caption paragraph, since the figure it labels
 * cannot be, and a table's caption belongs above or below the table as printed.
 */
const isMovedCaption = (b: Block) => b.hidden === true && b.type === "caption" && b.layer === "body";
/** The rest of a paragraph cut by a column or page break, merged into the block before the break: it lends its lines' styles. */
const isMergedContinuation = (b: Block) => b.hidden === true && b.layer === "body" && (b.continuesFromPreviousPage === true || b.type === "text");

/**
 * Visible blocks in reading order; a hidden continuation lends its lines (its styles) to the
 * block it continues, except on a page with numbered lines, where it keeps its own lines.
 */
function flowItems(doc: Document): FlowItem[] {
  const items: FlowItem[] = [];
  for (const page of doc.pages) {
    for (const block of page.blocks) {
      if (!block.hidden || isMovedCaption(block) || (page.lineNumbers && isMergedContinuation(block))) items.push({ block, page, continuation: [] });
      else if (isMergedContinuation(block) && items.length) items[items.length - 1].continuation.push(...(block.lines ?? []));
    }
  }
  return items;
}

/** Paragraphs (text and list items) followed on their page by another: the space after each as printed. */
function printedSpacing(items: FlowItem[]): Map<Block, number> {
  const out = new Map<Block, number>();
  const isParagraph = (b: Block) => (b.type === "text" || b.type === "list") && !b.hidden;
  for (let i = 0; i + 1 < items.length; i++) {
    const [here, next] = [items[i], items[i + 1]];
    if (here.page !== next.page || here.continuation.length || !isParagraph(here.block) || !isParagraph(next.block)) continue;
    const after = spaceAfter(here.block, next.block);
    if (after !== undefined) out.set(here.block, after);
  }
  return out;
}

/** Each figure that floats beside text moved to just before the first block it sits beside: the text after its anchor wraps round it. */
function beforeTheirText(items: FlowItem[], sides: Map<Block, SideFigure>): FlowItem[] {
  if (!sides.size) return items;
  const position = new Map(items.map((item, k) => [item, k]));
  const out = items.filter((item) => !sides.has(item.block));
  for (const item of items.filter((i) => sides.has(i.block))) {
    const partner = out.findIndex((i) => i.block === sides.get(item.block)!.partner);
    const after = out.findIndex((i) => position.get(i)! > position.get(item)!);
    out.splice(partner >= 0 ? partner : after >= 0 ? after : out.length, 0, item);
  }
  return out;
}

/** A stretch of the document written in one or more columns (a Word section of its own). */
interface Segment {
  columns: number;
  /** The gutter (points) of a stretch in columns. */
  gap: number;
  children: (Paragraph | Table)[];
}

/**
 * The items as Word elements, in stretches of one or more columns: pages with numbered lines
 * a page at a time, line for line; the rest block by block, a page's column text in
 * stretches of its columns (their tables and figures as wide as a column).
 */
function flowSegments(items: FlowItem[], ctx: Context, marginLeft: number): Segment[] {
  // A one-column stretch's paragraphs keep their indents from the page's text column.
  const oneColumn: Context = { ...ctx, column: { left: marginLeft, right: marginLeft + ctx.contentWidth } };
  const segments: Segment[] = [];
  const add = (columns: number, gap: number, children: (Paragraph | Table)[]) => {
    const last = segments[segments.length - 1];
    if (last && last.columns === columns) last.children.push(...children);
    else segments.push({ columns, gap, children: [...children] });
  };
  for (let i = 0; i < items.length; ) {
    const { page } = items[i];
    if (!page.lineNumbers) {
      const columns = ctx.columns.get(page)!;
      // A figure floating beside text is written in the stretch of that text.
      const count = columns.of(ctx.sides.get(items[i].block)?.partner ?? items[i].block);
      const columnCtx = count > 1 ? { ...ctx, contentWidth: (ctx.contentWidth - columns.gap * (count - 1)) / count } : oneColumn;
      const item = items[i++];
      add(count, columns.gap, [...blockElements(item, columnCtx), ...(ctx.clearAfter.has(item.block) ? [clearFloats()] : [])]);
      continue;
    }
    const onPage: FlowItem[] = [];
    while (i < items.length && items[i].page === page) onPage.push(items[i++]);
    add(
      1,
      0,
      numberedPageElements(
        page,
        onPage.map((item) => item.block),
        { body: ctx.styles.body, marginLeft, pageBreak: segments.some((s) => s.children.length > 0), other: (block) => blockElements({ block, page, continuation: [] }, ctx) },
      ),
    );
  }
  return segments.length ? segments : [{ columns: 1, gap: 0, children: [] }];
}

function blockElements({ block, page, continuation }: FlowItem, ctx: Context): (Paragraph | Table)[] {
  const { styles } = ctx;
  if (block.table) {
    const bboxWidth = block.bbox[2] - block.bbox[0];
    return [wordTable(block, { width: bboxWidth > 0 ? Math.min(bboxWidth, ctx.contentWidth) : ctx.contentWidth, maxWidth: ctx.contentWidth, drawing: page.drawing })];
  }
  // A figure inline at its place, at its size (narrowed to the text column); its caption is its own block.
  if (block.type === "image") return figureParagraph(block, ctx);
  if (!block.text.trim()) return [];
  // A note a superscript mark already made a Word footnote is not written again.
  if (block.type === "footnote" && !ctx.footnotes.writeAsText(block)) return [];
  const runs = blockRuns(block, continuation);
  if (block.type === "title") {
    const { heading, base } = headingOf(block, styles);
    return [new Paragraph({ heading, alignment: wordAlign(block, page), children: wordRuns(runs, base) })];
  }
  const numbering = ctx.lists.of.get(block);
  const withPictures = (base = styles.body) => wordRunsWithPictures(runs, base, block.inlineImages, ctx.pictures, (run) => footnoteReference(run, page.index, ctx.footnotes));
  const after = ctx.spaceAfter.get(block);
  const spacing = after === undefined ? undefined : { after };
  if (numbering) return [new Paragraph({ numbering, spacing, children: withPictures() })];
  if (block.type === "code") return [new Paragraph({ children: codeRuns(block, styles) })];
  if (block.type === "caption") return [new Paragraph({ style: CAPTION_STYLE, alignment: wordAlign(block, page), children: withPictures() })];
  // A formula is an editable Word equation, centred when it was displayed.
  if (block.type === "formula" && block.formula) return [new Paragraph({ alignment: block.formula.display ? AlignmentType.CENTER : wordAlign(block, page), children: [wordEquation(block.formula.latex)] })];
  const alignment = wordAlign(block, page);
  return [new Paragraph({ alignment, indent: wordIndent(block, page, ctx.column), spacing, children: withPictures() })];
}

function figureParagraph(block: Block, ctx: Context): Paragraph[] {
  const picture = block.image && ctx.pictures.get(block.image.ref);
  if (!picture || !isFigure(block)) return [];
  const [x0, y0, x1, y1] = block.bbox;
  const width = Math.min(x1 - x0, ctx.contentWidth);
  const height = ((y1 - y0) * width) / (x1 - x0);
  const image = { type: picture.type, data: picture.bytes, transformation: { width: pixels(width), height: pixels(height) }, altText: wordAltText(block) };
  const side = ctx.sides.get(block);
  if (!side) return [new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun(image)] })];
  // Floating at its side of the column, the text kept the printed gap away; anchored to a
  // paragraph a twentieth of a point high, which adds no line of its own above the text.
  const gap = Math.round(side.gap * EMU_PER_POINT);
  const floating = {
    horizontalPosition: { relative: HorizontalPositionRelativeFrom.COLUMN, align: side.side === "right" ? HorizontalPositionAlign.RIGHT : HorizontalPositionAlign.LEFT },
    verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: 0 },
    wrap: { type: TextWrappingType.SQUARE, side: TextWrappingSide.BOTH_SIDES },
    margins: side.side === "right" ? { left: gap } : { right: gap },
  };
  return [new Paragraph({ spacing: { before: 0, after: 0, line: 1, lineRule: LineRuleType.EXACT }, children: [new ImageRun({ ...image, floating })] })];
}

/** Code keeps its line breaks: each PDF line one line of the paragraph. */
function codeRuns(block: Block, styles: WordStyles): ReturnType<typeof wordRuns> {
  const lines = block.lines ?? [];
  if (!lines.length) return wordRuns(blockRuns(block), styles.body);
  const indent = codeIndents(block);
  return lines.flatMap((line, i) => {
    const runs = wordRuns(styledRuns(indent(i) + line.spans.map((s) => s.text).join("").trimStart(), line.spans), styles.body);
    return i === 0 ? runs : [new TextRun({ break: 1 }), ...runs];
  });
}


/** An empty paragraph after each table: Word merges adjacent tables, needs a paragraph after a final one, and the text below gets its breathing space. */
function separateTables(children: (Paragraph | Table)[]): (Paragraph | Table)[] {
  const out = children.flatMap((child) => (child instanceof Table ? [child, new Paragraph("")] : [child]));
  return out.length ? out : [new Paragraph("")];
}
