// Line numbers in the margin or the gutter (transcripts, legal filings, patents, manuscripts
// under review, critical editions): a column of bare numbers counting up in equal steps (every
// line, or every fifth: 5, 10, 15), beside the text, in white space of their own. They are no
// content: hidden as the page's furniture (top or bottom half, as margin furniture is) and
// flagged, so Word flow numbers its lines itself instead of printing them in a header.
// Numbers in small type in the outer margin are taken from the glyph runs before tables are
// looked for (a column of them beside a table of contents is no column of the table); the
// rest are judged on the page's blocks, beside the paragraphs they number.
import type { BBox, Block, Page } from "../model";
import type { Run } from "../runs";
import { buildBlocks } from "./blocks";
import { buildLines, halfPoint } from "./lines";
import { byMostCharacters } from "./most-characters";

/** A column of at least this many numbers counting by one is line numbering, not a list of figures... */
const MIN_RUN = 5;
/** ...and of at least this many when it counts in larger steps, each number a multiple of the step (5, 10, 15; 135, 138, 141). */
const MIN_STEPPED_RUN = 3;
/** Numbers of one column line up on their right (or left) edge within this many points. */
const COLUMN_TOLERANCE = 4;
/** A bare number, with the letter some editions add to tell two texts' numbering apart ("3R"). */
const NUMBER = /^(\d{1,3})([A-Za-z]?)$/;
/** Text beside a line number is prose: a line of at least this many characters. */
const PROSE_CHARS = 40;

/** Margin numbers taken from the runs are set smaller than the page's text, at most this share of its usual size. */
const MARGIN_NUMBER_SIZE = 0.9;

/**
 * The runs that are line numbers in the page's outer margin: bare numbers in type smaller
 * than the text's, left of all its other text or right of it, counting down a column.
 */
export function marginLineNumbers(runs: Run[]): Set<Run> {
  const level = runs.filter((r) => !r.vertical && !r.rotated && r.text.trim());
  const text = level.filter((r) => !NUMBER.test(r.text.trim()));
  if (!text.length) return new Set();
  const left = Math.min(...text.map((r) => r.bbox[0]));
  const right = Math.max(...text.map((r) => r.bbox[2]));
  // The size most of the text is set in (text has runs, so there is one).
  const size = byMostCharacters(text, (r) => halfPoint(r.fontSize))!;
  const numbers = level.filter((r) => NUMBER.test(r.text.trim()) && r.fontSize <= MARGIN_NUMBER_SIZE * size && (r.bbox[2] <= left || r.bbox[0] >= right));
  return new Set(counted(numbers).flat());
}

/** The margin's line numbers taken from the runs, as the hidden blocks markLineNumbers makes of them. */
export function lineNumberBlocks(numbers: Iterable<Run>, pageHeight: number): Block[] {
  return [...numbers].flatMap((r) => buildBlocks(buildLines([r]))).map((b) => {
    const layer = b.bbox[1] + b.bbox[3] < pageHeight ? "header" : "footer";
    return { ...b, type: layer, layer, hidden: true, lineNumber: true };
  });
}


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
    // Numbers standing in white space inside the text's extent must be most of a column beside prose.
    const standsApart = (run: Block[]) => run.every(outside) || run.filter((b) => besideProse(b, text)).length >= run.length / 2;
    for (const numbered of counted(numbers, standsApart)) {
      for (const b of numbered) {
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

interface Numbered {
  bbox: BBox;
  text: string;
}

/**
 * The columns of `numbers` that count as line numbers do, each with the numbers on its
 * count: set flush right (lineno's way) or flush left (1 over 10 over 100 at one left edge).
 */
function counted<T extends Numbered>(numbers: T[], accept: (run: T[]) => boolean = () => true): T[][] {
  const out: T[][] = [];
  for (const column of [...columns(numbers, 2), ...columns(numbers, 0)]) {
    const run = longestCount(column);
    const stepped = run.length >= 2 && step(run[0], run[1]) > 1;
    if (run.length < (stepped ? MIN_STEPPED_RUN : MIN_RUN) || !accept(run)) continue;
    out.push([...run, ...onItsCount(run, column)]);
  }
  return out;
}

/** A number no text overlaps, on the level of a line of prose. */
function besideProse(b: Block, text: Block[]): boolean {
  const level = (o: Block) => Math.min(o.bbox[3], b.bbox[3]) - Math.max(o.bbox[1], b.bbox[1]) > 0;
  const across = (o: Block) => o.bbox[0] < b.bbox[2] && b.bbox[0] < o.bbox[2];
  const beside = text.filter(level);
  return !beside.some(across) && beside.some((o) => o.text.length >= PROSE_CHARS);
}

/** Numbers grouped by the edge they are set flush against: `edge` 2 the right, 0 the left. */
function columns<T extends Numbered>(numbers: T[], edge: 0 | 2): T[][] {
  const out: T[][] = [];
  for (const b of [...numbers].sort((a, c) => a.bbox[edge] - c.bbox[edge])) {
    const column = out.find((c) => Math.abs(c[0].bbox[edge] - b.bbox[edge]) <= COLUMN_TOLERANCE);
    if (column) column.push(b);
    else out.push([b]);
  }
  return out;
}

const parse = (b: Numbered) => {
  const [, digits, letter] = NUMBER.exec(b.text.trim())!;
  return { n: Number(digits), letter };
};
const step = (a: Numbered, b: Numbered) => parse(b).n - parse(a).n;

/** A number lies on its count's line this share of a count's pitch off it at most. */
const PITCH_TOLERANCE = 0.3;

/**
 * The column's other numbers that go on counting where the run's pitch puts them, past a
 * number the text swallowed (a margin number read as a hung list marker) or one left out:
 * 40, 41 under a run 1-38 at its leading; in steps, multiples of the step.
 */
function onItsCount<T extends Numbered>(run: T[], column: T[]): T[] {
  const first = parse(run[0]);
  const last = parse(run[run.length - 1]);
  const pitch = (run[run.length - 1].bbox[1] - run[0].bbox[1]) / (last.n - first.n);
  const every = step(run[0], run[1]);
  return column.filter((b) => {
    if (run.includes(b)) return false;
    const { n, letter } = parse(b);
    const expected = run[0].bbox[1] + (n - first.n) * pitch;
    return letter === first.letter && (every === 1 || n % every === 0) && Math.abs(b.bbox[1] - expected) <= PITCH_TOLERANCE * Math.abs(pitch);
  });
}

/**
 * The longest stretch of the column, top to bottom, counting up in one step with one letter:
 * by one from any number, or by a larger step through multiples of it (every fifth line).
 */
function longestCount<T extends Numbered>(column: T[]): T[] {
  const sorted = [...column].sort((a, b) => a.bbox[1] - b.bbox[1]);
  let best: T[] = [];
  let current: T[] = [];
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
