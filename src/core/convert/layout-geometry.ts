// What the layout converters (Word frames, PowerPoint text boxes) share: which blocks a
// page shows and how their lines are spaced.
import type { Block, Line, Page } from "../model";
import type { Align } from "./alignment";
import { FONT_METRICS } from "./font-widths";
import { officeFont } from "./fonts";
import { dominantStyle } from "./spans";
import { union } from "../geometry";

/** Boxes of fitted text (layout-fit.ts) get this much more width than the PDF text: rounding, never a changed line break. */
const FITTED_SLACK = 1.02;
/**
 * Justified lines are stretched to their box's edge: fitted and squeezed to fit with room to
 * spare (layout-fit.ts JUSTIFIED_GLYPH_ROOM), they get a box barely wider than they were printed.
 */
const JUSTIFIED_SLACK = 1.005;
/** Boxes of text whose substitute font could not be fitted: a substitute font is often a little wider. */
const WIDTH_SLACK = 1.06;
/**
 * A one-line block's box is wider still: it cannot run into a line below, and a wider
 * substitute font then keeps the line whole instead of wrapping its last word.
 */
const SINGLE_LINE_SLACK = 1.25;
/** Space (points) kept free between a grown box and the next block beside it. */
const NEIGHBOUR_GAP = 2;

/**
 * The horizontal extent (points) of a block's text box: wider than the PDF text, grown
 * towards the side its alignment lets the text grow to, never off the page and never over
 * a block beside it (the next column, the next table cell). Justified lines fitted to the
 * PDF's widths keep it: the converters squeeze them to fit (lineSpacings with `justified`).
 */
export function textBox(block: Block, page: Page, align: Align, fitted = false): { x: number; width: number } {
  const [x0, , x1] = block.bbox;
  const width = Math.max(0, x1 - x0);
  const slack = (block.lines?.length ?? 0) <= 1 ? SINGLE_LINE_SLACK : fitted ? (align === "justify" ? JUSTIFIED_SLACK : FITTED_SLACK) : WIDTH_SLACK;
  const { left, right } = freeSpan(block, page);
  const middle = (x0 + x1) / 2;
  const room = align === "right" ? x1 - left : align === "center" ? 2 * Math.min(middle - left, right - middle) : right - x0;
  const boxWidth = Math.max(width, Math.min(width * slack, room));
  const grow = boxWidth - width;
  return { x: x0 - (align === "center" ? grow / 2 : align === "right" ? grow : 0), width: boxWidth };
}

/** How far left and right (points) the block's box may grow: to the page edge or the nearest shown block beside it. */
function freeSpan(block: Block, page: Page): { left: number; right: number } {
  const [x0, y0, x1, y1] = block.bbox;
  let left = 0;
  let right = page.width;
  for (const other of layoutBlocks(page)) {
    if (other === block) continue;
    const [ox0, oy0, ox1, oy1] = other.bbox;
    if (oy1 <= y0 || oy0 >= y1) continue;
    if (ox0 >= x1) right = Math.min(right, ox0 - NEIGHBOUR_GAP);
    if (ox1 <= x0) left = Math.max(left, ox1 + NEIGHBOUR_GAP);
  }
  return { left: Math.min(left, x0), right: Math.max(right, x1) };
}

const shown = new WeakMap<Page, Block[]>();

/**
 * The blocks as the page showed them. Processors hide what the reading text should not
 * repeat, but all of it was printed on this page: furniture (headers, footers, page
 * numbers), a paragraph's or a table's continuation merged into the block before the
 * break, a caption moved onto its figure or table. So every block with text is shown;
 * only figures are left out (their image bytes are not in the model).
 */
export function layoutBlocks(page: Page): Block[] {
  // Asked for every block of a page (freeSpan): filtered once per page.
  let blocks = shown.get(page);
  if (!blocks) shown.set(page, (blocks = page.blocks.filter((b) => b.table || (b.type !== "image" && b.text.trim())).flatMap(evenlySpacedPieces)));
  return blocks;
}

/** A gap between line tops this many times the block's usual pitch parts its lines into pieces. */
const PIECE_GAP = 1.5;

/**
 * A block whose lines are not evenly spaced (a list item running on into a second
 * paragraph, a heading the parser kept with its text) as pieces that are: the layout
 * converters set a block's lines at one exact pitch, which would pull the lines after a
 * wider gap up over the block below.
 */
function evenlySpacedPieces(block: Block): Block[] {
  const lines = block.lines ?? [];
  const pitch = linePitch(block);
  if (block.table || !pitch || lines.length < 3) return [block];
  const pieces: Line[][] = [[lines[0]]];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].bbox[1] - lines[i - 1].bbox[1] > PIECE_GAP * pitch) pieces.push([]);
    pieces[pieces.length - 1].push(lines[i]);
  }
  if (pieces.length === 1) return [block];
  return pieces.map((piece, k) => ({
    ...block,
    ...(k > 0 && block.type === "title" ? { type: "text" as const } : {}),
    lines: piece,
    bbox: piece.map((l) => l.bbox).reduce(union),
    text: piece.map((l) => l.spans.map((s) => s.text).join("")).join(" "),
  }));
}

/** The distance between the block's line tops (points), when it has two lines or more. */
export function linePitch(block: Block): number | undefined {
  const lines = block.lines ?? [];
  if (lines.length < 2) return undefined;
  const gaps = lines.slice(1).map((l, i) => l.bbox[1] - lines[i].bbox[1]).filter((g) => g > 0).sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : undefined;
}

/**
 * The height (points) of a line of the block's main style in its substitute family: what a
 * one-line block's exact line spacing is set to, so every renderer places it alike.
 */
export function fontLineHeight(block: Block): number | undefined {
  const main = mainFont(block);
  return main && (main.ascent + main.descent) * main.size;
}

/** The substitute family's ascent and descent (ems) and the size of the block's main style; undefined for a family without measurements. */
function mainFont(block: Block): { ascent: number; descent: number; size: number } | undefined {
  const style = dominantStyle((block.lines ?? []).flatMap((l) => l.spans));
  const metrics = FONT_METRICS[officeFont(style.fontFamily)];
  return metrics && { ...metrics, size: style.fontSize };
}

/** Where the parser puts a line's top: this many font sizes above its baseline (backends/pdf/runs.ts). */
const PDF_ASCENT = 0.8;

/**
 * How far (points) to raise a block's box so its first baseline lands where the PDF's was.
 * Office sets a line's baseline a font ascent below the box's top, or, with exact line
 * spacing at the PDF's pitch, a font descent above the foot of the pitch's height; the PDF's
 * box starts 0.8 of the size above the baseline. Negative lowers the box. 0 for a family
 * without measurements.
 */
export function pitchLead(block: Block): number {
  const main = mainFont(block);
  if (!main) return 0;
  const pitch = linePitch(block);
  return pitch ? pitch - (PDF_ASCENT + main.descent) * main.size : (main.ascent - PDF_ASCENT) * main.size;
}

