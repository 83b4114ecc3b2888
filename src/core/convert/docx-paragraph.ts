// Paragraph geometry both Word converters write the same way: alignment and first-line indent.
import { AlignmentType } from "docx";
import type { Block, Page } from "../model";
import { blockAlign, firstLineIndent } from "./alignment";
import { twips } from "./fonts";

const ALIGN = { left: undefined, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;

/** The block's alignment for Word; left is Word's default and is not written. */
export const wordAlign = (block: Block, page: Page) => ALIGN[blockAlign(block, page)];

/** A first-line (or hanging) indent as the PDF printed it. */
export function wordIndent(block: Block): { firstLine: number } | { left: number; hanging: number } | undefined {
  const points = firstLineIndent(block);
  if (!points) return undefined;
  // A hanging first line: the other lines are indented by as much, so the first stays at the margin.
  return points > 0 ? { firstLine: twips(points) } : { left: twips(-points), hanging: twips(-points) };
}
