// A text layer laid over a skewed scan (an OCR layer: each line written along the slant of
// its line in the picture) has baselines that climb or fall across the page. Lines are
// found by baseline, so a line slanting by more than a quarter of its type size over its
// length falls apart into pieces. The slant is measured from neighbouring words of one line
// and taken out (a shear, exact enough for the degree or two scans are off), so the rest of
// the pipeline sees level lines. Born-digital text has no slant and is left as it is.
import type { Run } from "../runs";

/** Pairs of neighbouring words needed to judge a slant. */
const MIN_PAIRS = 12;
/** A slant below this (about 0.1 degree) is no slant: nothing falls apart over a line. */
const MIN_SLOPE = 0.002;
/** Above this (about 6 degrees) the runs are not level text on a skewed page. */
const MAX_SLOPE = 0.1;
/** Share of the word pairs that must slant the same way as the median. */
const AGREEMENT = 0.6;
/** Neighbours on one line: the next word starts within this many font sizes of the last's end... */
const MAX_WORD_GAP = 2;
/** ...and its baseline is within this share of a font size. */
const MAX_BASELINE_STEP = 0.5;

/** The runs with the page's common slant taken out, or the runs themselves when it has none. */
export function straightenSkew(runs: Run[]): Run[] {
  const slope = commonSlope(runs);
  if (slope === undefined) return runs;
  const xs = runs.map((r) => (r.bbox[0] + r.bbox[2]) / 2);
  const centre = (Math.min(...xs) + Math.max(...xs)) / 2;
  return runs.map((r) => {
    if (r.vertical || r.rotated) return r;
    const dy = -slope * ((r.bbox[0] + r.bbox[2]) / 2 - centre);
    return { ...r, bbox: [r.bbox[0], r.bbox[1] + dy, r.bbox[2], r.bbox[3] + dy], baseline: r.baseline + dy };
  });
}

/** The median slant of neighbouring words written one after the other, when most agree on it. */
function commonSlope(runs: Run[]): number | undefined {
  const slopes: number[] = [];
  for (let i = 1; i < runs.length; i++) {
    const [a, b] = [runs[i - 1], runs[i]];
    if (a.vertical || b.vertical || a.rotated || b.rotated || a.fontSize !== b.fontSize) continue;
    const gap = b.bbox[0] - a.bbox[2];
    const run = (b.bbox[0] + b.bbox[2]) / 2 - (a.bbox[0] + a.bbox[2]) / 2;
    if (gap < 0 || gap > MAX_WORD_GAP * a.fontSize || Math.abs(b.baseline - a.baseline) > MAX_BASELINE_STEP * a.fontSize) continue;
    slopes.push((b.baseline - a.baseline) / run);
  }
  if (slopes.length < MIN_PAIRS) return undefined;
  const median = [...slopes].sort((p, q) => p - q)[Math.floor(slopes.length / 2)];
  if (Math.abs(median) < MIN_SLOPE || Math.abs(median) > MAX_SLOPE) return undefined;
  const agreeing = slopes.filter((s) => Math.sign(s) === Math.sign(median) && Math.abs(s) >= MIN_SLOPE / 2).length;
  return agreeing >= AGREEMENT * slopes.length ? median : undefined;
}
