// Footnotes: notes in small type at the foot of a page, opened by a mark ("1", "*", "†"),
// and unmarked notes set off at the foot of a column (a paper's copyright and permission
// box). They become `footnote` blocks on the footnote layer, moved after the page's body
// text so a paragraph that runs on past them (to the next column or page) reads, and
// merges, as one.
import type { Block, Page } from "../model";
import { lineFontSize } from "./lines";

/** Footnotes live in the lower part of the page. */
const LOWER_SHARE = 0.5;
/** ...a note opening with its mark from this share down. */
const MARKED_LOWER_SHARE = 0.4;
/** Footnote type is clearly smaller than the body text. */
const SMALL_RATIO = 0.9;
/** A note opens with a number, a letter or a reference sign, then its text. */
const NOTE_MARK = /^\s*(\d{1,3}|[a-z]|[*†‡§¶‖#]{1,3})[.)]?\s*\S/;
/** Notes are prose, not a lone number or a caption-sized scrap. */
const MIN_NOTE_CHARS = 12;
/** An unmarked note is a paragraph of prose, not a label or a caption line... */
const MIN_UNMARKED_CHARS = 100;
/** ...set off from the body text above it by at least this many of its own line heights. */
const UNMARKED_GAP = 1;

/** `body`: the document's body font size (headings.ts bodyFontSize). */
export function markFootnotes(pages: Page[], body: number): void {
  for (const page of pages) {
    const small = (b: Block) => !!b.lines?.length && Math.max(...b.lines.map(lineFontSize)) <= body * SMALL_RATIO;
    const notes = new Set<Block>();
    for (const b of page.blocks) {
      if (b.hidden || b.type !== "text" || !small(b)) continue;
      const marked = NOTE_MARK.test(b.text) && b.text.length >= MIN_NOTE_CHARS && startsWithMark(b);
      // A marked note may open higher up: long notes fill the lower half and start above it.
      if (b.bbox[1] < page.height * (marked ? MARKED_LOWER_SHARE : LOWER_SHARE)) continue;
      // Nothing in body type below it in its column: a note ends the page.
      const below = page.blocks.filter((o) => o !== b && !o.hidden && o.bbox[1] >= b.bbox[3] && overlapsX(o, b));
      if (below.some((o) => !small(o))) continue;
      if (!marked && !setOffUnderBody(b, page, small)) continue;
      notes.add(b);
      // The note's later paragraphs, and notes without a mark of their own, follow in the same type.
      for (const o of below) if (small(o) && o.type === "text") notes.add(o);
    }
    if (!notes.size) continue;
    for (const b of notes) {
      b.type = "footnote";
      b.layer = "footnote";
    }
    page.blocks = [...page.blocks.filter((b) => !notes.has(b)), ...page.blocks.filter((b) => notes.has(b))];
  }
}

/**
 * An unmarked note: a small-type paragraph of prose whose nearest neighbour above in its
 * column is body text, with a clear gap between them.
 */
function setOffUnderBody(b: Block, page: Page, small: (b: Block) => boolean): boolean {
  if (b.text.length < MIN_UNMARKED_CHARS || b.lines!.length < 2) return false;
  const above = page.blocks.filter((o) => o !== b && !o.hidden && o.bbox[3] <= b.bbox[1] && overlapsX(o, b));
  if (!above.length) return false;
  const nearest = above.reduce((x, y) => (y.bbox[3] > x.bbox[3] ? y : x));
  if (nearest.type !== "text" || small(nearest)) return false;
  const lineHeight = (b.bbox[3] - b.bbox[1]) / b.lines!.length;
  return b.bbox[1] - nearest.bbox[3] >= UNMARKED_GAP * lineHeight;
}

/** The mark is set apart: raised and smaller than the note's text, or a sign, or followed by a space. */
function startsWithMark(b: Block): boolean {
  const [first, second] = b.lines![0].spans;
  if (first && second && (first.script === "super" || first.fontSize < second.fontSize * 0.9)) return true;
  return /^\s*([*†‡§¶‖#]{1,3}|\d{1,3}[.)]?\s|[a-z][.)]\s)/.test(b.text);
}

const overlapsX = (a: Block, b: Block) => Math.min(a.bbox[2], b.bbox[2]) > Math.max(a.bbox[0], b.bbox[0]);
