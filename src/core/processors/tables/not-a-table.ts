// Reasons a region of aligned text is not a table, however well its columns line up:
// running text set in columns, a list's markers beside its items, a code listing (numbered,
// or in a monospaced face, its columns character positions), and the small lettering of a
// diagram or chart (checked for ruled grids too); and a paper's authors side by side, which
// are columns of text; and a displayed formula, whose limits stand over and under its big
// operators like rows of cells.
import type { Run } from "../../runs";
import { EXTENSION_FONT, MATH_FONT } from "../../latex/math-fonts";
import type { Chunk, TextRow } from "./rows";
import { NUMERIC } from "./headers";
import { wordCount } from "../../scripts";
import { MONOSPACE_FONT } from "../../backends/pdf/fonts";

/** A column reads like running text when half its chunks have at least this many words. */
const PROSE_COLUMN_WORDS = 4;
/** A list marker standing alone in the first column: such regions are lists, not tables. */
export const LIST_MARKER = /^([•·◦▪●○■‣⁃\-–*]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)]|\[\d{1,3}\])$/i;
/** A numbered listing has at least this many numbered lines. */
const MIN_NUMBERED = 3;

export function notATable(rows: TextRow[], bounds: number[]): boolean {
  return looksLikeText(rows, bounds) || numberedLines(rows, bounds) || codeListing(rows) || displayedFormula(rows);
}

/** Signs of source code: braces, brackets, a backslash, an assignment, a statement's or a comment's mark. */
const CODE_SIGN = /[{}[\]\\=;%#]/;
/** A listing has code signs on this share of its rows or more. */
const CODE_ROWS = 0.5;

/**
 * Source code (a listing, a bibliography database's entries): every word set in a monospaced
 * face and code signs on most rows. Its spaces align it like columns, but they are character
 * positions; the code step keeps them. (Line numbers may be set in another face.) Aligned
 * text in a monospaced face without such signs, a program's tabular output, stays a table.
 */
function codeListing(rows: TextRow[]): boolean {
  const runs = rows.flatMap((r) => r.chunks.flatMap((c) => c.runs));
  const worded = runs.filter((r) => /\p{L}/u.test(r.text));
  if (!worded.length || !worded.every((r) => MONOSPACE_FONT.test(r.fontFamily))) return false;
  return rows.filter((r) => r.chunks.some((c) => CODE_SIGN.test(c.text))).length >= CODE_ROWS * rows.length;
}

/** A display's rows: its limits above, the operators' row, its limits below. */
const MAX_FORMULA_ROWS = 3;

/** Signs of mathematics wherever they are set: relations and operators. */
const MATH_SIGN = /[=<>≤≥≈≠≡∼→↦+−±×·∈⊂∪∩]/gu;
/** Aligned rows mostly in mathematics (math fonts, italic variables, signs) are displays stacked one over another. */
const MATH_SHARE = 0.5;

/**
 * Displayed formulas, not a table: a few rows around a big operator of TeX's extension
 * fonts (∑, ∫ with limits side by side), or rows set mostly as mathematics with a relation
 * (displays and their fractions stacked over one another line up like columns). A table's
 * words and figures are set in its text font.
 */
function displayedFormula(rows: TextRow[]): boolean {
  const runs = rows.flatMap((r) => r.chunks.flatMap((c) => c.runs));
  if (rows.length <= MAX_FORMULA_ROWS && runs.some((run) => EXTENSION_FONT.test(run.fontFamily) && run.text.trim().length === 1)) return true;
  // Letters and signs weigh; digits and punctuation, which both set alike, do not.
  let math = 0;
  let all = 0;
  for (const run of runs) {
    const letters = run.text.match(/\p{L}/gu)?.length ?? 0;
    const signs = run.text.match(MATH_SIGN)?.length ?? 0;
    all += letters + signs;
    if (MATH_FONT.test(run.fontFamily.replace(/\s+/g, ""))) math += letters + signs;
    else math += signs + (run.italic && !/\p{L}{4,}/u.test(run.text) ? letters : 0);
  }
  return all > 0 && math >= MATH_SHARE * all && runs.some((run) => /[=<>≤≥≈≡≜≔≅≃∝→]/.test(run.text));
}

const columnAt = (bounds: number[]) => (c: Chunk) => {
  const mid = (c.bbox[0] + c.bbox[2]) / 2;
  let k = 0;
  while (k < bounds.length - 2 && bounds[k + 1] <= mid) k++;
  return k;
};

/** A column of this share of figures or more is a column of values. */
const FIGURE_COLUMN = 0.8;

/** Two or more columns of running text (a multi-column page), or a list's markers beside its items. */
function looksLikeText(rows: TextRow[], bounds: number[]): boolean {
  const colCount = bounds.length - 1;
  const columnOf = columnAt(bounds);
  const words = Array.from({ length: colCount }, () => [] as number[]);
  const texts = Array.from({ length: colCount }, () => [] as string[]);
  for (const r of rows) for (const c of r.chunks) {
    words[columnOf(c)].push(wordCount(c.text));
    texts[columnOf(c)].push(c.text);
  }
  const prose = words.filter((w) => w.length && median(w) >= PROSE_COLUMN_WORDS).length;
  // Wordy labels beside a column of figures are a table of values, not a paragraph beside a column.
  const figures = (k: number) => texts[k].length > 0 && texts[k].filter((t) => NUMERIC.test(t.trim())).length >= FIGURE_COLUMN * texts[k].length;
  const labelsAndFigures = colCount === 2 && prose === 1 && [0, 1].some((k) => median(words[k]) < PROSE_COLUMN_WORDS && figures(k));
  if (prose >= 2 || (colCount === 2 && prose === 1 && !labelsAndFigures)) return true;
  if (texts[0].length && texts[0].filter((t) => LIST_MARKER.test(t.trim())).length >= 0.8 * texts[0].length) return true;
  return false;
}

/**
 * Two columns whose first is 1, 2, 3... counting up line by line: the line numbers of a
 * code listing or a numbered list, not a key column (a table's first column names its rows).
 */
function numberedLines(rows: TextRow[], bounds: number[]): boolean {
  if (bounds.length - 1 !== 2) return false;
  const columnOf = columnAt(bounds);
  const first = rows.map((r) => r.chunks.filter((c) => columnOf(c) === 0).map((c) => c.text.trim())).filter((t) => t.length);
  if (first.length < MIN_NUMBERED || first.some((t) => t.length !== 1 || !/^\d{1,4}$/.test(t[0]))) return false;
  const numbers = first.map((t) => Number(t[0]));
  return numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1);
}

/** An author block is a few lines a person: name, department, institution, address. */
const MAX_AUTHOR_LINES = 6;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
/** Lines of one column are centred when their middles lie this close (points)... */
const CENTRED_TOLERANCE = 3;
/** ...and their widths differ by more than this (points): text of one width says nothing. */
const RAGGED_WIDTHS = 10;

/**
 * A paper's authors side by side: each column a person's name over their affiliation and
 * email address, every column's lines centred on its own middle. Read as a table, the
 * names run together row by row ("name name name, department department ..."): each
 * column is a short block of its own.
 */
export function authorsSideBySide(rows: TextRow[], bounds: number[]): boolean {
  if (rows.length > MAX_AUTHOR_LINES || !rows.some((r) => r.chunks.some((c) => EMAIL.test(c.text)))) return false;
  const columnOf = columnAt(bounds);
  const columns = Array.from({ length: bounds.length - 1 }, () => [] as Chunk[]);
  for (const r of rows) for (const c of r.chunks) columns[columnOf(c)].push(c);
  return columns.every((chunks) => {
    if (chunks.length < 2) return false;
    const middles = chunks.map((c) => (c.bbox[0] + c.bbox[2]) / 2);
    const widths = chunks.map((c) => c.bbox[2] - c.bbox[0]);
    return Math.max(...middles) - Math.min(...middles) <= CENTRED_TOLERANCE && Math.max(...widths) - Math.min(...widths) > RAGGED_WIDTHS;
  });
}

/** Text under this share of the page's body size is a figure's lettering (tables stay readable). */
const LETTERING_SIZE = 0.6;

/**
 * Type far smaller than the page's text: the lettering of a chart or diagram, whose boxes
 * and connectors can pass for ruling lines and whose labels can line up like cells.
 */
export function figureLettering(runs: Run[], bodySize: number): boolean {
  return runs.length > 0 && median(runs.map((r) => r.fontSize)) < LETTERING_SIZE * bodySize;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
