// Line numbers in the margin (transcripts, legal filings, manuscripts under review): a
// column of bare numbers counting up by one, beside the text, one per line. They are no
// content: hidden as the page's furniture (top or bottom half, as margin furniture is) and
// flagged, so Word flow numbers its lines itself instead of printing them in a header.
import type { Block, Page } from "../model";

/** A column of at least this many consecutive numbers is line numbering, not a list of figures. */
const MIN_RUN = 5;
/** Numbers of one column line up on their right edge within this many points. */
const COLUMN_TOLERANCE = 4;
const NUMBER = /^\d{1,3}$/;

export function markLineNumbers(pages: Page[]): void {
  for (const page of pages) {
    const text = page.blocks.filter((b) => !NUMBER.test(b.text.trim()) && b.text.trim() && b.layer === "body");
    if (!text.length) continue;
    const left = Math.min(...text.map((b) => b.bbox[0]));
    const right = Math.max(...text.map((b) => b.bbox[2]));
    // Numbers wholly outside the text's extent, left or right of it.
    const numbers = page.blocks.filter((b) => NUMBER.test(b.text.trim()) && (b.bbox[2] <= left || b.bbox[0] >= right));
    for (const column of columns(numbers)) {
      const run = longestCount(column);
      if (run.length < MIN_RUN) continue;
      for (const b of run) {
        const top = b.bbox[1] + b.bbox[3] < page.height;
        b.layer = top ? "header" : "footer";
        b.type = top ? "header" : "footer";
        b.hidden = true;
        b.lineNumber = true;
      }
      page.lineNumbers = true;
    }
  }
}

/** Numbers grouped by the right edge they are set flush against. */
function columns(numbers: Block[]): Block[][] {
  const out: Block[][] = [];
  for (const b of [...numbers].sort((a, c) => a.bbox[2] - c.bbox[2])) {
    const column = out.find((c) => Math.abs(c[0].bbox[2] - b.bbox[2]) <= COLUMN_TOLERANCE);
    if (column) column.push(b);
    else out.push([b]);
  }
  return out;
}

/** The longest stretch of the column, top to bottom, whose numbers count up by one. */
function longestCount(column: Block[]): Block[] {
  const sorted = [...column].sort((a, b) => a.bbox[1] - b.bbox[1]);
  let best: Block[] = [];
  let current: Block[] = [];
  for (const b of sorted) {
    const prev = current[current.length - 1];
    if (prev && Number(b.text.trim()) === Number(prev.text.trim()) + 1) current.push(b);
    else current = [b];
    if (current.length > best.length) best = current;
  }
  return best;
}
