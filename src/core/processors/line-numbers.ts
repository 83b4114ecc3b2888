// Line numbers in the margin or the gutter (transcripts, legal filings, patents, manuscripts
// under review, critical editions): a column of bare numbers counting up in equal steps (every
// line, or every fifth: 5, 10, 15), beside the text, in white space of their own. They are no
// content: hidden as the page's furniture (top or bottom half, as margin furniture is) and
// flagged, so Word flow numbers its lines itself instead of printing them in a header.
import type { Block, Page } from "../model";

/** A column of at least this many numbers counting by one is line numbering, not a list of figures... */
const MIN_RUN = 5;
/** ...and of at least this many when it counts in larger steps, each number a multiple of the step (5, 10, 15; 135, 138, 141). */
const MIN_STEPPED_RUN = 3;
/** Numbers of one column line up on their right edge within this many points. */
const COLUMN_TOLERANCE = 4;
/** A bare number, with the letter some editions add to tell two texts' numbering apart ("3R"). */
const NUMBER = /^(\d{1,3})([A-Za-z]?)$/;
/** Text beside a line number is prose: a line of at least this many characters. */
const PROSE_CHARS = 40;

export function markLineNumbers(pages: Page[]): void {
  for (const page of pages) {
    const text = page.blocks.filter((b) => !NUMBER.test(b.text.trim()) && b.text.trim() && b.layer === "body");
    if (!text.length) continue;
    const left = Math.min(...text.map((b) => b.bbox[0]));
    const right = Math.max(...text.map((b) => b.bbox[2]));
    // Numbers wholly outside the text's extent, left or right of it; or in white space of
    // their own beside lines of prose (a gutter between columns, a margin beside a note).
    const outside = (b: Block) => b.bbox[2] <= left || b.bbox[0] >= right;
    const numbers = page.blocks.filter((b) => NUMBER.test(b.text.trim()) && (outside(b) || besideProse(b, text)));
    for (const column of columns(numbers)) {
      const run = longestCount(column);
      const stepped = run.length >= 2 && step(run[0], run[1]) > 1;
      if (run.length < (stepped ? MIN_STEPPED_RUN : MIN_RUN)) continue;
      // Numbers standing in white space inside the text's extent must be most of a column beside prose.
      if (!run.every(outside) && run.filter((b) => besideProse(b, text)).length < run.length / 2) continue;
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

/** A number no text overlaps, on the level of a line of prose. */
function besideProse(b: Block, text: Block[]): boolean {
  const level = (o: Block) => Math.min(o.bbox[3], b.bbox[3]) - Math.max(o.bbox[1], b.bbox[1]) > 0;
  const across = (o: Block) => o.bbox[0] < b.bbox[2] && b.bbox[0] < o.bbox[2];
  const beside = text.filter(level);
  return !beside.some(across) && beside.some((o) => o.text.length >= PROSE_CHARS);
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

const parse = (b: Block) => {
  const [, digits, letter] = NUMBER.exec(b.text.trim())!;
  return { n: Number(digits), letter };
};
const step = (a: Block, b: Block) => parse(b).n - parse(a).n;

/**
 * The longest stretch of the column, top to bottom, counting up in one step with one letter:
 * by one from any number, or by a larger step through multiples of it (every fifth line).
 */
function longestCount(column: Block[]): Block[] {
  const sorted = [...column].sort((a, b) => a.bbox[1] - b.bbox[1]);
  let best: Block[] = [];
  let current: Block[] = [];
  for (const b of sorted) {
    const prev = current[current.length - 1];
    const d = prev && step(prev, b);
    const sameStep = current.length < 2 || d === step(current[0], current[1]);
    const counts = prev && d > 0 && sameStep && parse(b).letter === parse(prev).letter && (d === 1 || (parse(b).n % d === 0 && parse(prev).n % d === 0));
    if (counts) current.push(b);
    else current = [b];
    if (current.length > best.length) best = current;
  }
  return best;
}
