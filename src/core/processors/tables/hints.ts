// Whether a page's text layer looks like it may hold a table, decided from the runs alone
// (no drawing): fetching a page's operator list costs more than its text, so the drawing
// is read only for pages where this says yes. Tables show as rows of several short,
// well-separated chunks, or announce themselves with a caption.
import type { Run } from "../../backends/pdf/runs";
import { textRows } from "./rows";

/** "Table 3", "TABLE IV", "Tab. 2" opening a line. */
const CAPTION = /^\s*(table|tab\.)\s*([0-9]+|[ivxl]+)\b/i;
/** A chunk wider than this share of the page is a line of prose, not a cell... */
const PROSE_WIDTH = 0.3;
/** ...and so is one of more words than this (the lines of narrow text columns are narrow too). */
const CELL_WORDS = 4;
/** Rows of three or more short chunks needed... */
const MIN_WIDE_ROWS = 3;
/** ...or rows of two short chunks (two-column tables, forms). */
const MIN_PAIR_ROWS = 4;

export function mayHoldTable(runs: Run[], pageWidth: number): boolean {
  let wide = 0;
  let pairs = 0;
  for (const row of textRows(runs)) {
    if (CAPTION.test(row.chunks[0].text)) return true;
    const narrow = row.chunks.filter((c) => c.bbox[2] - c.bbox[0] < PROSE_WIDTH * pageWidth);
    // Three narrow chunks may be the lines of a three-column page: count them only when short in words too.
    if (narrow.filter((c) => c.text.split(/\s+/).length <= CELL_WORDS).length >= 3) wide++;
    // Two narrow chunks, one of them a few words: a label and its value, not two lines of text.
    else if (narrow.length === 2 && row.chunks.length === 2 && narrow.some((c) => c.text.split(/\s+/).length <= CELL_WORDS)) pairs++;
    if (wide >= MIN_WIDE_ROWS || pairs >= MIN_PAIR_ROWS) return true;
  }
  return false;
}
