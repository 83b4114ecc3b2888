// Header rows: the leading rows a reader takes for column headings. Known from the drawing
// when a rule separates them (the detectors pass that on); otherwise the leading rows that
// stand apart from the body: set in bold over a regular body, or words over columns whose
// body is numbers.
import type { Run } from "../../runs";

/** A header is at most this many rows... */
const MAX_HEADER_ROWS = 3;
/** ...and less than this share of the table's rows. */
const MAX_HEADER_SHARE = 0.5;
/** A column is numeric when this share of its body cells holds numbers. */
const NUMERIC_COLUMN = 0.6;

export const NUMERIC = /^[\s$€£¥%()+\-–—−.,:;/*#~<>=x×±\d]*\d[\s$€£¥%()+\-–—−.,:;/*#~<>=x×±\d]*[a-zA-Z%]{0,3}$/;

export interface HeaderCell {
  r0: number;
  c0: number;
  c1: number;
  text: string;
  runs: Run[];
}

export function headerRowCount(cells: HeaderCell[], rowCount: number): number {
  if (rowCount < 3) return 0;
  const limit = Math.min(MAX_HEADER_ROWS, Math.floor(rowCount * MAX_HEADER_SHARE));
  const rowCells = (r: number) => cells.filter((c) => c.r0 === r && c.text.trim());
  const bold = (r: number) => {
    const runs = rowCells(r).flatMap((c) => c.runs);
    return runs.length > 0 && runs.every((x) => x.bold);
  };
  let n = 0;
  // Bold rows over a body that is not bold.
  const bodyBold = cells.filter((c) => c.r0 >= limit).flatMap((c) => c.runs);
  if (bodyBold.length && bodyBold.filter((x) => x.bold).length < 0.5 * bodyBold.length) {
    while (n < limit && bold(n) && rowCells(n).length) n++;
    if (n > 0) return n;
  }
  // Words over numeric columns.
  const cols = new Set(cells.map((c) => c.c0));
  const numericCols = [...cols].filter((c) => {
    const body = cells.filter((x) => x.c0 === c && x.c1 - x.c0 === 1 && x.text.trim() && x.r0 > 0);
    return body.length >= 2 && body.filter((x) => NUMERIC.test(x.text.trim())).length >= NUMERIC_COLUMN * body.length;
  });
  if (!numericCols.length) return 0;
  while (n < limit) {
    const row = rowCells(n);
    const overNumbers = row.filter((c) => numericCols.some((k) => k >= c.c0 && k < c.c1));
    if (!overNumbers.length || overNumbers.some((c) => NUMERIC.test(c.text.trim()) && !/^(19|20)\d\d$/.test(c.text.trim()))) break;
    n++;
  }
  return n;
}
