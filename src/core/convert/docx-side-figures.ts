// Word flow: a figure printed beside a paragraph (a map to the right of a report's panel of
// text, a portrait beside a biography) floats at that side of the column with the text
// wrapped around it, as the page showed them, instead of standing above the text at the
// whole column's height. The figure is written just before the first paragraph it sits
// beside, anchored to a paragraph of no height, so that paragraph and the next wrap round it;
// after the last one a break clears it, so a table or heading below starts under the figure
// (a substitute font can set the text shorter than the figure) instead of squeezing beside it.
import { ImportedXmlComponent, Paragraph } from "docx";
import type { Block, Page } from "../model";
import { isVertical } from "../geometry";
import { isFigure } from "./pictures";

/** Text beside a figure overlaps at least this share of the figure's height... */
const BESIDE_SHARE = 0.3;
/** ...across a gap of at most this many points. */
const BESIDE_GAP = 72;
/** A figure wider than this share of the text column leaves too little room beside it. */
const MAX_WIDTH_SHARE = 0.6;

export type Side = "left" | "right";

/** Where a figure sits relative to the text beside it, and the first block of that text. */
export interface SideFigure {
  side: Side;
  /** Points between the figure and the text. */
  gap: number;
  /** The first block (in reading order) the figure sits beside... */
  partner: Block;
  /** ...and the last: what follows it starts below the figure. */
  last: Block;
}

/**
 * The page's figures that sit beside text, each with its side. `columnWidth` is the width
 * the text is written in (a figure as wide as most of it stays a figure of its own);
 * `inColumns` tells the blocks of a page set in columns, where text beside a figure is the
 * next column's, not text wrapped round it.
 */
export function sideFigures(page: Page, columnWidth: number, inColumns: (block: Block) => boolean): Map<Block, SideFigure> {
  const found = new Map<Block, SideFigure>();
  const texts = page.blocks.filter((b) => !b.hidden && b.layer === "body" && (b.type === "text" || b.type === "list") && b.text.trim() && !isVertical(b) && !inColumns(b));
  const tables = page.blocks.filter((b) => b.table && !b.hidden).map((b) => b.bbox);
  for (const figure of page.blocks.filter(isFigure)) {
    const [x0, y0, x1, y1] = figure.bbox;
    if (x1 - x0 > MAX_WIDTH_SHARE * columnWidth) continue;
    // A picture in a table's cell is the table's.
    if (tables.some((t) => x0 < t[2] && x1 > t[0] && y0 < t[3] && y1 > t[1])) continue;
    const beside = texts.filter((t) => {
      const overlap = Math.min(y1, t.bbox[3]) - Math.max(y0, t.bbox[1]);
      const gap = t.bbox[0] >= x1 ? t.bbox[0] - x1 : x0 >= t.bbox[2] ? x0 - t.bbox[2] : -1;
      return overlap >= BESIDE_SHARE * (y1 - y0) && gap >= 0 && gap <= BESIDE_GAP;
    });
    if (!beside.length) continue;
    // All the text beside it on one side: text on both sides is a layout flow cannot keep.
    const right = beside.every((t) => t.bbox[2] <= x0);
    if (!right && !beside.every((t) => t.bbox[0] >= x1)) continue;
    const ordered = page.blocks.filter((b) => beside.includes(b));
    const gap = Math.min(...beside.map((t) => (right ? x0 - t.bbox[2] : t.bbox[0] - x1)));
    found.set(figure, { side: right ? "right" : "left", gap, partner: ordered[0], last: ordered[ordered.length - 1] });
  }
  return found;
}

/**
 * A paragraph whose break moves what follows below any floating figure (docx writes no
 * break's `clear`), in one-point type so it adds next to no height. (At an exact line
 * height LibreOffice does not move the line down.)
 */
export function clearFloats(): Paragraph {
  return new ClearingParagraph();
}

/** Type size (half points) of the clearing paragraph. */
const TINY = 2;

class ClearingParagraph extends Paragraph {
  constructor() {
    super({ spacing: { before: 0, after: 0 }, run: { size: TINY } });
    const run = new ImportedXmlComponent("w:r");
    const props = new ImportedXmlComponent("w:rPr");
    props.push(new ImportedXmlComponent("w:sz", { "w:val": TINY }));
    run.push(props);
    run.push(new ImportedXmlComponent("w:br", { "w:type": "textWrapping", "w:clear": "all" }));
    this.root.push(run);
  }
}
