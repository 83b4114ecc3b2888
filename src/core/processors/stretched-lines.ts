// A line of justified text stretched wide: a forced break, or a long word pushed to the
// next line, leaves a few words spread over the whole measure, their gaps as wide as a
// table's or a form's. What tells it from cells side by side is its paragraph: a line
// just above or below it runs straight through the wide gap in words and ends where it ends.
import type { Run } from "../runs";

/** A neighbouring line of the same paragraph has its baseline this many font sizes away at most... */
const MAX_PITCH = 1.8;
/** ...and ends within this many points of a word of the stretched line (both are justified to the measure). */
const SAME_END = 0.5;
/** The stretched line starts where its neighbour starts, or up to this many font sizes in (a paragraph's indented first line). */
const INDENT = 2;
/** The neighbour's own word gaps stay below this many font sizes. */
const WORD_GAP_AT_MOST = 1;
/** What follows a stretched space is a word; a figure or a sign after a wide gap is a cell's. */
const WORD_START = /^\s*\p{L}/u;

/**
 * Whether the gap between `prev` and `run` in row `at` (rows sorted top to bottom, each left to right) is a
 * stretched word space: a line of the paragraph above or below covers the gap with words
 * and, going on in words either way, starts where a word of this row before the gap starts
 * (or a little left of it) and ends where a word after the gap ends.
 */
export function isStretchedSpace(rows: Run[][], at: number, prev: Run, run: Run): boolean {
  if (!WORD_START.test(run.text)) return false;
  const [gapStart, gapEnd] = [prev.bbox[2], run.bbox[0]];
  const em = Math.max(prev.fontSize, run.fontSize);
  const baseline = run.baseline;
  for (const dir of [-1, 1]) {
    for (let i = at + dir; i >= 0 && i < rows.length && Math.abs(rows[i][0].baseline - baseline) <= MAX_PITCH * em; i += dir) {
      const words = wordsThrough(rows[i], gapStart, gapEnd, em);
      if (!words) continue;
      const [start, end] = words;
      const startsAlike = rows[at].some((r) => r.bbox[2] <= gapStart + SAME_END && r.bbox[0] >= start - SAME_END && r.bbox[0] <= start + INDENT * em);
      const endsAlike = rows[at].some((r) => r.bbox[0] >= gapEnd - SAME_END && Math.abs(r.bbox[2] - end) <= SAME_END);
      if (startsAlike && endsAlike) return true;
    }
  }
  return false;
}

/**
 * Where a line's words that cover [x0, x1] with no gap wider than a word space start and
 * end, followed as far as they go either way; undefined when they leave white in [x0, x1].
 */
function wordsThrough(runs: Run[], x0: number, x1: number, em: number): [number, number] | undefined {
  const first = runs.findIndex((r) => r.bbox[2] > x0);
  if (first < 0 || runs[first].bbox[0] - x0 > WORD_GAP_AT_MOST * em) return undefined;
  let reached = runs[first].bbox[2];
  for (const r of runs.slice(first + 1)) {
    if (r.bbox[0] - reached > WORD_GAP_AT_MOST * em) break;
    reached = Math.max(reached, r.bbox[2]);
  }
  let start = runs[first].bbox[0];
  for (const r of runs.slice(0, first).reverse()) {
    if (start - r.bbox[2] > WORD_GAP_AT_MOST * em) break;
    start = Math.min(start, r.bbox[0]);
  }
  return reached >= x1 ? [start, reached] : undefined;
}
