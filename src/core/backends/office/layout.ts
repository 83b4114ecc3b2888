// Boxes for flowing Office content (Word pages, spreadsheet pages). The file does not say
// where a paragraph lands (only a word processor's layout would), so blocks are stacked
// down the text area with heights estimated from their length: good enough to keep reading
// order, relative size and page membership meaningful in `bbox`, and never off the page.
import type { BBox, Block } from "../../model";
import { DEFAULT_FONT_SIZE } from "./blocks";

export interface TextArea {
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** An average glyph is about half as wide as the font is tall. */
const CHAR_WIDTH_RATIO = 0.5;
const LINE_HEIGHT_RATIO = 1.2;
/** Space after a paragraph, as Word's default style leaves. */
const PARAGRAPH_GAP = 6;
const TABLE_ROW_HEIGHT = 18;

const r2 = (n: number) => Math.round(n * 100) / 100;

export function layoutFlow(blocks: Block[], area: TextArea): void {
  const width = Math.max(1, area.width - area.left - area.right);
  const floor = Math.max(area.top + 1, area.height - area.bottom);
  let y = area.top;
  for (const b of blocks) {
    // A picture comes with its size (pictures.ts), shrunk to the text width as Word does; text is estimated.
    const picture = b.type === "image" ? pictureSize(b, width) : undefined;
    const height = picture ? picture[1] : estimateHeight(b, width);
    const y0 = Math.min(y, floor - 1);
    const y1 = Math.min(y0 + height, floor);
    setBox(b, [r2(area.left), r2(y0), r2(area.left + (picture ? picture[0] : width)), r2(y1)]);
    y = y1 + PARAGRAPH_GAP;
  }
}

/** A picture's size from its box before layout, scaled down to fit the width; undefined when unknown. */
function pictureSize(b: Block, width: number): [number, number] | undefined {
  const w = b.bbox[2] - b.bbox[0];
  const h = b.bbox[3] - b.bbox[1];
  if (!(w > 0 && h > 0)) return undefined;
  const scale = Math.min(1, width / w);
  return [w * scale, h * scale];
}

function estimateHeight(b: Block, width: number): number {
  if (b.table) return Math.max(1, b.table.rows.length) * TABLE_ROW_HEIGHT;
  const size = b.lines?.[0]?.spans[0]?.fontSize ?? DEFAULT_FONT_SIZE;
  const perLine = Math.max(1, Math.floor(width / (size * CHAR_WIDTH_RATIO)));
  const lines = b.text.split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);
  return lines * size * LINE_HEIGHT_RATIO;
}

/** A block's box, shared by its one line and its spans (their own positions are not known). */
export function setBox(b: Block, box: BBox): void {
  b.bbox = box;
  for (const line of b.lines ?? []) {
    line.bbox = box;
    for (const s of line.spans) s.bbox = box;
  }
}

/** Shapes whose top edges are this close (points) stand on one row. */
const ROW_TOLERANCE = 4;

/** A slide's blocks (pptx, odp) in reading order: titles first; then by top edge (shapes on one row left to right); paragraphs of one shape stay together. Each gets its shape's box. */
export function slideReadingOrder(placed: { block: Block; box: BBox; title: boolean }[]): Block[] {
  const order = placed.map((p, i) => ({ ...p, i }));
  order.sort((a, b) => {
    if (a.title !== b.title) return a.title ? -1 : 1;
    if (a.box === b.box) return a.i - b.i;
    if (Math.abs(a.box[1] - b.box[1]) > ROW_TOLERANCE) return a.box[1] - b.box[1];
    return a.box[0] - b.box[0] || a.i - b.i;
  });
  return order.map((p) => {
    setBox(p.block, p.box);
    return p.block;
  });
}
