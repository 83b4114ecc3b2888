// Paragraph geometry both Word converters write the same way: alignment and first-line indent.
import { AlignmentType } from "docx";
import type { Block, Page } from "../model";
import { blockAlign, firstLineIndent } from "./alignment";
import { twips } from "./fonts";
import { isVertical } from "./layout-geometry";

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
