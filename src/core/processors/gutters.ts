// Column gutters, the white bands between columns that must split a row of text in two.
// Two ways to see one: across the whole page (a band almost no run crosses), or locally
// (a gap that lines up with clear space in the rows above and below it). The local view
// catches the columns under a full-width title or author block, which cross the band and
// hide it from the whole-page view.
import type { Run } from "../runs";

/** Below this many runs a page has too little text for the whole-page view. */
const MIN_RUNS = 20;
/** A gutter is an x band no more than this share of the runs crosses... */
const GUTTER_MAX_CROSSING = 0.03;
/** ...at least this wide (points). */
const GUTTER_MIN_WIDTH = 4;
/** Locally, a gutter runs clear through at least this many rows (a word gap rarely clears three rows in a row)... */
const LOCAL_MIN_ROWS = 4;
/** ...with text beside it on each side in at least this many of them. */
const LOCAL_MIN_SIDE_ROWS = 3;
/** A run overlapping the candidate x by less than this (points) does not cross it: glyph boxes are estimates. */
const CROSS_TOLERANCE = 0.5;
/** Text counts as beside a gutter when a line ends within this many font sizes left of it (ragged right)... */
const LEFT_REACH = 8;
/** ...or the next column's line starts within this many font sizes right of it. */
const RIGHT_REACH = 2;
/** A whole-page gutter has the next column's lines starting at its right edge in at least this share of the page's rows (narrow white bands between the short runs of a page dense with inline mathematics have not). */
const FED_SHARE = 0.2;
/** A column beside the gap has a line within this many font sizes of the gap's row: text further off (a chart's labels over a paragraph) is no column of its. */
const LOCAL_MAX_STEP = 4;
/** Candidate x positions inside a gap are tried this far apart (points). */
const LOCAL_STEP = 1;
/**
 * The next column's lines start within this many points of one another: a column has a
 * left edge. Word gaps that happen to line up across a few rows (justified lines stretched
 * wide, a display's spaced-out symbols) have text starting all over the place beside them.
 */
const EDGE_TOLERANCE = 0.5;

/**
 * Whole-page gutters: x bands inside the text area that (almost) no run crosses. Word gaps
 * wander from line to line; gutters stay put, so they are found from the whole page.
 */
export function findGutters(runs: Run[], bands = clearBands(runs)): [number, number][] {
  const gutters = bands;
  if (!gutters.length) return gutters;
  const rows = new Set(runs.map((r) => Math.round(r.baseline))).size;
  return gutters.filter((g) => columnStartsAt(g, runs, rows));
}

/** x bands inside the text area that (almost) no run crosses: gutters, and the white between a table's columns. */
export function clearBands(runs: Run[]): [number, number][] {
  if (runs.length < MIN_RUNS) return [];
  const x0 = Math.floor(Math.min(...runs.map((r) => r.bbox[0])));
  const x1 = Math.ceil(Math.max(...runs.map((r) => r.bbox[2])));
  const cover = new Uint32Array(Math.max(0, x1 - x0) + 1);
  for (const r of runs) for (let x = Math.ceil(r.bbox[0]) - x0; x < Math.floor(r.bbox[2]) - x0; x++) cover[x]++;
  const limit = runs.length * GUTTER_MAX_CROSSING;
  const gutters: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= cover.length; i++) {
    const clear = i < cover.length && cover[i] <= limit;
    if (clear && start < 0) start = i;
    if (!clear && start >= 0) {
      if (i - start >= GUTTER_MIN_WIDTH && start > 0 && i < cover.length) gutters.push([x0 + start, x0 + i]);
      start = -1;
    }
  }
  return gutters;
}

/** Whether enough of the page's `rows` have a run starting just right of the band: a column of text begins there. */
function columnStartsAt([, g1]: [number, number], runs: Run[], rows: number): boolean {
  const starting = new Set(runs.filter((r) => r.bbox[0] >= g1 - 1 && r.bbox[0] <= g1 + RIGHT_REACH * r.fontSize).map((r) => Math.round(r.baseline)));
  return starting.size >= Math.max(LOCAL_MIN_SIDE_ROWS, Math.ceil(FED_SHARE * rows));
}

/**
 * Whether some x in the gap [gapStart, gapEnd] of row `at` is a local gutter: the rows
 * around it (rows sorted top to bottom), up to the nearest row with a run across x, are
 * enough rows and carry text close to x on both sides (columns run up to their gutter;
 * a title or masthead far off to either side says nothing about one).
 */
export function isLocalGutter(rows: Run[][], at: number, gapStart: number, gapEnd: number, em: number): boolean {
  for (let x = gapStart + LOCAL_STEP / 2; x < gapEnd; x += LOCAL_STEP) {
    let clearRows = 0;
    let leftRows = 0;
    const starts: number[] = [];
    for (const dir of [-1, 1]) {
      let first = true;
      for (let i = dir < 0 ? at : at + 1; i >= 0 && i < rows.length; i += dir) {
        const row = rows[i];
        if (row.some((r) => r.bbox[0] < x - CROSS_TOLERANCE && r.bbox[2] > x + CROSS_TOLERANCE)) break;
        const left = row.some((r) => r.bbox[2] <= x + CROSS_TOLERANCE && r.bbox[2] >= x - LEFT_REACH * em);
        const start = Math.min(...row.filter((r) => r.bbox[0] >= x - CROSS_TOLERANCE).map((r) => r.bbox[0]));
        const right = start <= x + RIGHT_REACH * em;
        // A row with no text near x (another column's, sorted in between by baseline) says nothing either way.
        if (!left && !right) continue;
        if (first && i !== at && Math.abs(row[0].baseline - rows[at][0].baseline) > LOCAL_MAX_STEP * em) break;
        if (i !== at) first = false;
        clearRows++;
        if (left) leftRows++;
        if (right) starts.push(start);
      }
    }
    if (clearRows >= LOCAL_MIN_ROWS && leftRows >= LOCAL_MIN_SIDE_ROWS && alignedEdge(starts, gapEnd) >= LOCAL_MIN_SIDE_ROWS) return true;
  }
  return false;
}

/**
 * How many of the rows' first words right of a gap start at one left edge, an edge at or
 * left of where this row's text starts (its first line may be indented).
 */
function alignedEdge(starts: number[], rowStart: number): number {
  let best = 0;
  for (const edge of starts) {
    if (edge > rowStart + EDGE_TOLERANCE) continue;
    best = Math.max(best, starts.filter((s) => Math.abs(s - edge) <= EDGE_TOLERANCE).length);
  }
  return best;
}
