// What the layout converters (Word frames, PowerPoint text boxes) share: which blocks a
// page shows and how their lines are spaced.
import type { Block, Page } from "../model";
import type { Align } from "./alignment";

/** Boxes get this much more width than the PDF text: a substitute font is often a little wider. */
const WIDTH_SLACK = 1.06;
/**
 * A one-line block's box is wider still: it cannot run into a line below, and a wider
 * substitute font then keeps the line whole instead of wrapping its last word.
 */
const SINGLE_LINE_SLACK = 1.25;

/**
 * The horizontal extent (points) of a block's text box: wider than the PDF text, grown
 * towards the side its alignment lets the text grow to, never off the page.
 */
export function textBox(block: Block, page: Page, align: Align): { x: number; width: number } {
  const [x0, , x1] = block.bbox;
  const width = Math.max(0, x1 - x0);
  const slack = (block.lines?.length ?? 0) <= 1 ? SINGLE_LINE_SLACK : WIDTH_SLACK;
  const middle = (x0 + x1) / 2;
  const room = align === "right" ? x1 : align === "center" ? 2 * Math.min(middle, page.width - middle) : page.width - x0;
  const boxWidth = Math.max(width, Math.min(width * slack, room));
  const grow = boxWidth - width;
  return { x: x0 - (align === "center" ? grow / 2 : align === "right" ? grow : 0), width: boxWidth };
}

/**
 * The blocks as the page showed them: furniture (headers, footers, page numbers) and a
 * paragraph's continuation from the previous page are hidden only for reading, so they are
 * kept; other hidden blocks and figures without image bytes are left out.
 */
export function layoutBlocks(page: Page): Block[] {
  return page.blocks.filter((b) => (!b.hidden || b.layer !== "body" || b.continuesFromPreviousPage) && (b.table || (b.type !== "image" && b.text.trim())));
}

/** The distance between the block's line tops (points), when it has two lines or more. */
export function linePitch(block: Block): number | undefined {
  const lines = block.lines ?? [];
  if (lines.length < 2) return undefined;
  const gaps = lines.slice(1).map((l, i) => l.bbox[1] - lines[i].bbox[1]).filter((g) => g > 0).sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : undefined;
}
