// Whether a page's text layer looks like it may hold a table, decided from the runs alone
// (no drawing): fetching a page's operator list costs more than its text, so the drawing
// is read only for pages where this says yes. Tables show as rows of several short,
// well-separated chunks, or announce themselves with a caption.
import type { Run } from "../../runs";
import { type Chunk, textRows } from "./rows";
import { wordCount } from "../../scripts";

/** "Table 3", "TABLE IV", "Tab. 2", "Table ES-1", "Table A.2" opening a chunk. */
const CAPTION = /^\s*(table|tab\.)\s*([a-z]{1,3}[-–.]?)?([0-9]+|[ivxl]+)\b/i;
/** A chunk wider than this share of the page is a line of prose, not a cell... */
const PROSE_WIDTH = 0.3;
/** ...and so is one of more words than this (the lines of narrow text columns are narrow too). */
const CELL_WORDS = 4;
/** How the last line of a paragraph or a clause ends (a label does not). */
const SENTENCE_END = /[a-z)\]][.!?;,]$/;
/** Rows of three or more short chunks needed... */
const MIN_WIDE_ROWS = 3;
/** ...or rows of two short chunks (two-column tables, forms). */
const MIN_PAIR_ROWS = 4;

const words = (c: Chunk) => wordCount(c.text);
/** A label of a label/value pair: a few words, not the end of a sentence or clause. */
const isLabel = (c: Chunk) => words(c) <= CELL_WORDS && !SENTENCE_END.test(c.text);

export function mayHoldTable(runs: Run[], pageWidth: number): boolean {
  let wide = 0;
  let pairs = 0;
  for (const row of textRows(runs)) {
    // A caption may share its baseline with a line of the column beside it.
    if (row.chunks.some((c) => CAPTION.test(c.text))) return true;
    const narrow = row.chunks.filter((c) => c.bbox[2] - c.bbox[0] < PROSE_WIDTH * pageWidth);
    // Three narrow chunks may be the lines of a three-column page: count them only when short in words too.
    if (narrow.filter((c) => wordCount(c.text) <= CELL_WORDS).length >= 3) wide++;
    // Two narrow chunks, the first a label: a few words that do not end a sentence. Not the
    // short last line of a paragraph beside a line of the next column, nor a stretch of a
    // sentence beside a heading.
    else if (narrow.length === 2 && row.chunks.length === 2 && isLabel(row.chunks[0])) pairs++;
    if (wide >= MIN_WIDE_ROWS || pairs >= MIN_PAIR_ROWS) return true;
  }
  return false;
}
