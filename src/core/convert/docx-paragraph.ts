// Paragraph geometry the Word converters write: alignment and indents (both modes; flow
// also a block's indents from its column), and in flow the space the PDF left after it.
import { AlignmentType } from "docx";
import type { Block, Page } from "../model";
import { blockAlign, firstLineIndent } from "./alignment";
import { twips } from "./fonts";
import { linePitch } from "./layout-geometry";
import { isVertical } from "../geometry";

const ALIGN = { left: undefined, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;

/** The block's alignment for Word; left is Word's default and is not written. */
export const wordAlign = (block: Block, page: Page) => ALIGN[blockAlign(block, page)];

/** A block set in from its column by less than this (points) is at the margin. */
const MIN_BLOCK_INDENT = 6;
/** A block set in by more than this share of the column is placed, not indented (flow keeps it at the margin). */
const MAX_BLOCK_INDENT_SHARE = 0.5;

/** The column a flow paragraph is written in: its left and right edges on the PDF page (points). */
export interface Column {
  left: number;
  right: number;
}

/**
 * A paragraph's indents as the PDF printed them: its first-line (or hanging) indent, and,
 * in flow mode (given the `column` it is written in), how far its lines were set in from
 * the column's left and, for a justified block of several lines, from its right (a
 * quotation, a note set narrower than the text).
 */
export function wordIndent(block: Block, page?: Page, column?: Column): { firstLine?: number; left?: number; right?: number; hanging?: number } | undefined {
  // Turned text (a side heading) reads across its box: its lines' edges are no indents.
  if (isVertical(block)) return undefined;
  const points = firstLineIndent(block);
  const own = points > 0 ? { firstLine: twips(points) } : points < 0 ? { left: twips(-points), hanging: twips(-points) } : {};
  const lines = block.lines ?? [];
  const align = page && blockAlign(block, page);
  if (!column || !lines.length || (align !== "left" && align !== "justify")) return points ? own : undefined;
  const width = column.right - column.left;
  const within = (inset: number) => (inset >= MIN_BLOCK_INDENT && inset <= MAX_BLOCK_INDENT_SHARE * width ? inset : 0);
  const left = within(Math.min(...lines.map((l) => l.bbox[0])) - column.left);
  // Both together leave at least the other half of the column for the text.
  const gap = Math.min(column.right - Math.max(...lines.map((l) => l.bbox[2])), MAX_BLOCK_INDENT_SHARE * width - left);
  // Only a justified block's right edge is its own: a ragged one's lines end where their words do.
  const right = lines.length > 1 && align === "justify" ? within(gap) : 0;
  if (!left && !right) return points ? own : undefined;
  return { ...own, left: twips(left) + (own.left ?? 0), ...(right ? { right: twips(right) } : {}) };
}

/** Space after a paragraph is kept up to this many font sizes (a wider gap is a page's blank area, not spacing). */
const MAX_SPACE_AFTER_EM = 3;
/** The gap between a one-line block's lines, as a share of its line's height, when it shows none. */
const ONE_LINE_GAP_SHARE = 0.2;

/**
 * Word flow: the space (twips) after a paragraph as the PDF left it before the next one below
 * it in its column: the gap between them beyond the gap between the paragraph's own lines
 * (which the line spacing already makes). Undefined when the next block is not right below
 * it (the caller asks only for a paragraph followed by another on its page: a heading keeps
 * its style's spacing, a page's last block its style's).
 */
export function spaceAfter(block: Block, next: Block | undefined): number | undefined {
  const lines = block.lines ?? [];
  if (!next || !lines.length || next.bbox[1] < block.bbox[3] - 1) return undefined;
  if (next.bbox[0] >= block.bbox[2] || next.bbox[2] <= block.bbox[0]) return undefined;
  const heights = lines.map((l) => l.bbox[3] - l.bbox[1]).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)];
  const pitch = linePitch(block);
  const ownGap = pitch ? Math.max(0, pitch - height) : ONE_LINE_GAP_SHARE * height;
  const size = Math.max(...lines.flatMap((l) => l.spans.map((s) => s.fontSize)), 1);
  return twips(Math.min(MAX_SPACE_AFTER_EM * size, Math.max(0, next.bbox[1] - block.bbox[3] - ownGap)));
}
