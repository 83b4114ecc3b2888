// A paragraph cut by a column or page break: the first body paragraph of a column or page
// continues the last one before the break when that one stops mid-sentence and this one
// starts in lower case at the same size. Merged into the earlier block; the later one is
// hidden and flagged (on a new page, the flag becomes merge_content_from_pre_page).
import type { Block, Page } from "../model";
import { lineFontSize } from "./lines";
import { joinLines } from "./blocks";
import { UNSPACED_SCRIPT } from "../scripts";

export function mergeAcrossPages(pages: Page[]): void {
  for (const page of pages) mergeAcrossColumns(page);
  for (let i = 1; i < pages.length; i++) {
    const prev = lastBody(pages[i - 1].blocks);
    const next = pages[i].blocks.find(isBody);
    if (prev && next && continues(prev, next)) merge(prev, next, true);
  }
}

/** Consecutive paragraphs where the later one opens the next column (to the right, higher up). */
function mergeAcrossColumns(page: Page): void {
  let prev: Block | undefined;
  for (const b of page.blocks) {
    if (!isBody(b)) continue;
    // A paragraph of several lines running on into prose (labels of a figure do neither).
    const nextColumn = prev && b.bbox[0] >= prev.bbox[2] - 1 && b.bbox[1] < prev.bbox[1] && (prev.lines?.length ?? 0) >= 2 && (/\S\s\S/.test(b.text) || UNSPACED_SCRIPT.test(b.text));
    if (prev && nextColumn && continues(prev, b)) merge(prev, b, false);
    else prev = b;
  }
}

function continues(prev: Block, next: Block): boolean {
  if (prev.type !== "text" || next.type !== "text" || !prev.lines?.length || !next.lines?.length) return false;
  const sameSize = Math.abs(lineFontSize(prev.lines[prev.lines.length - 1]) - lineFontSize(next.lines[0])) < 0.6;
  // A word broken at its hyphen ("Soekarno-" / "Hatta") runs on whatever its case.
  return sameSize && !/[.!?:"”)]$/.test(prev.text) && (/^[a-z(]/.test(next.text) || /\p{L}-$/u.test(prev.text) || runsOnUnspaced(prev.text, next.text));
}

/** Chinese (or Japanese) has no lower case to tell a continuation: a paragraph stopped short of its sentence's end runs on into text that opens with a character, not a mark. */
const runsOnUnspaced = (prev: string, next: string) => UNSPACED_MID_SENTENCE.test(prev) && /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(next);
/** A last character of a script without spaces that ends no sentence: a character, or a comma. */
const UNSPACED_MID_SENTENCE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}，、]$/u;

function merge(prev: Block, next: Block, acrossPages: boolean): void {
  // The continuation's formulas stand after the paragraph's text so far.
  const shift = prev.text.length + 1;
  prev.text = joinLines([prev.text, next.text]);
  if (next.inlineMath) prev.inlineMath = [...(prev.inlineMath ?? []), ...next.inlineMath.map((m) => ({ ...m, ...(m.at !== undefined ? { at: m.at + shift } : {}) }))];
  if (acrossPages) next.continuesFromPreviousPage = true;
  next.hidden = true;
}

/** Body text only: furniture and footnotes sit between a paragraph and its continuation. */
const isBody = (b: Block) => !b.hidden && b.layer === "body";

function lastBody(blocks: Block[]): Block | undefined {
  for (let i = blocks.length - 1; i >= 0; i--) if (isBody(blocks[i])) return blocks[i];
  return undefined;
}
