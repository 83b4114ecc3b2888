// Text painted twice over itself. Word processors fake bold by drawing a run again a hair
// to the side, and some exports paint a line a second time in pieces (a partial copy
// whose gaps are the letters left out). A reader sees one line; the text layer has both,
// which reads as "ENABLEENABLE". A run lying on another run's baseline, inside its box,
// whose letters appear in that run's text at the same place, is dropped as such a copy.
import type { Run } from "../../runs";

/** Baselines of the copy and the original differ by at most this (points)... */
const SAME_BASELINE = 0.5;
/** The copy's box may stick out of the original's by this much (points)... */
const SLACK = 1;
/**
 * ...or by this share of the type size, when more: a title drawn a dozen times a point or two
 * apart for a shadow (XeLaTeX's na-box) is one title. Lines of text stand a whole size apart.
 */
const SHADOW_SHARE = 0.08;
/** The copy's letters are looked for this many characters either side of where its box puts them. */
const WINDOW = 3;

export function withoutOverprints(runs: Run[]): Run[] {
  if (runs.length < 2) return runs;
  const byBaseline = new Map<number, Run[]>();
  for (const run of runs) {
    const key = Math.round(run.baseline);
    const list = byBaseline.get(key);
    if (list) list.push(run);
    else byBaseline.set(key, [run]);
  }
  const order = new Map(runs.map((r, i) => [r, i]));
  const copies = new Set<Run>();
  for (const run of runs) {
    const key = Math.round(run.baseline);
    const reach = Math.ceil(sameBaseline(run));
    const near = Array.from({ length: 2 * reach + 1 }, (_, i) => key - reach + i).flatMap((k) => byBaseline.get(k) ?? []);
    const original = near.find((o) => o !== run && !copies.has(o) && isCopyOf(run, o) && !(isCopyOf(o, run) && order.get(o)! > order.get(run)!));
    // Of two identical drawings the first is kept.
    if (original) copies.add(run);
  }
  return copies.size ? runs.filter((r) => !copies.has(r)) : runs;
}

function isCopyOf(copy: Run, original: Run): boolean {
  if (copy.vertical || original.vertical || Math.abs(copy.baseline - original.baseline) > sameBaseline(original)) return false;
  if (Math.abs(copy.fontSize - original.fontSize) > 0.05 * original.fontSize) return false;
  const [x0, , x1] = copy.bbox;
  const [o0, , o1] = original.bbox;
  const slack = Math.max(SLACK, SHADOW_SHARE * original.fontSize);
  if (x0 < o0 - slack || x1 > o1 + slack || copy.text.length > original.text.length) return false;
  return lettersInPlace(copy, original);
}

/** The copy's letters, in order, within the stretch of the original's text its box covers. */
function lettersInPlace(copy: Run, original: Run): boolean {
  const text = original.text;
  const perChar = (original.bbox[2] - original.bbox[0]) / text.length || 1;
  const from = Math.max(0, Math.floor((copy.bbox[0] - original.bbox[0]) / perChar) - WINDOW);
  const to = Math.min(text.length, Math.ceil((copy.bbox[2] - original.bbox[0]) / perChar) + WINDOW);
  let i = from;
  for (const ch of copy.text) {
    if (ch === " ") continue;
    while (i < to && text[i] !== ch) i++;
    if (i >= to) return false;
    i++;
  }
  return true;
}

const sameBaseline = (run: Run) => Math.max(SAME_BASELINE, SHADOW_SHARE * run.fontSize);
