// Splitting a glyph run where a column border crosses it. pdf.js hands out text items with
// only their total width, and a PDF may write two cells' texts in one item ("Elizab" cut
// by its cell's clip, then "2165" of the next cell). Glyph positions are estimated from
// typical proportional widths (a Helvetica-like table) scaled to the item's width; the cut
// goes to the word space nearest the border when one is close, else between the two
// glyphs nearest it. An item of several figures a space apart is cut into its figures
// before the table search (cells of neighbouring columns set close); every piece knows the
// item it came from, which the table takes whole.
import type { Run } from "../../runs";
import { NUMERIC } from "./headers";

/** A border this close (points) to a run's end does not cut it (glyph boxes are estimates). */
const END_MARGIN = 1.5;
/** A word space within this many font sizes of the border is where the cut goes. */
const SPACE_REACH = 0.6;

/** Advance of a character in thousandths of the font size, roughly as in Helvetica. */
function advance(ch: string): number {
  if (/\s/.test(ch)) return 278;
  if (/[ijl'|.,:;!]/.test(ch)) return 240;
  if (/[frtI()\-[\]/]/.test(ch)) return 320;
  if (/[mwMW@%]/.test(ch)) return 860;
  if (/[0-9$]/.test(ch)) return 556;
  if (/[A-Z&]/.test(ch)) return 680;
  if (/[a-z]/.test(ch)) return 520;
  return 450;
}

/** The run each piece was cut from: a table that takes a piece takes the run, so its text is not read again as a paragraph. */
const wholes = new WeakMap<object, object>();

export function wholeOf<T extends object>(piece: T): T {
  return (wholes.get(piece) as T | undefined) ?? piece;
}

type Splittable = Pick<Run, "text" | "bbox" | "fontSize"> & { eol?: boolean };

/** Estimated x where each character of the run starts, and the run's end last. */
function glyphEdges(run: Splittable, chars: string[]): number[] {
  const [x0, , x1] = run.bbox;
  const widths = chars.map(advance);
  const total = widths.reduce((a, b) => a + b, 0);
  const edges = [x0];
  for (const w of widths) edges.push(edges[edges.length - 1] + (w / total) * (x1 - x0));
  return edges;
}

/** The run (or span) cut at each x of `cuts` that falls well inside it; pieces keep its style. */
export function splitRunAt<T extends Splittable>(run: T, cuts: number[]): T[] {
  const [x0, , x1] = run.bbox;
  const inner = cuts.filter((x) => x > x0 + END_MARGIN && x < x1 - END_MARGIN).sort((a, b) => a - b);
  const chars = [...run.text];
  if (!inner.length || chars.length < 2) return [run];
  const edges = glyphEdges(run, chars);
  const at = new Set<number>();
  for (const x of inner) {
    let best = -1;
    for (let i = 0; i < chars.length; i++) {
      if (!/\s/.test(chars[i])) continue;
      const d = Math.abs((edges[i] + edges[i + 1]) / 2 - x);
      if (d <= SPACE_REACH * run.fontSize && (best < 0 || d < Math.abs((edges[best] + edges[best + 1]) / 2 - x))) best = i;
    }
    if (best < 0) {
      // No word space near: cut between the glyphs whose shared edge is nearest.
      best = nearestGlyphEdge(edges, x);
    }
    at.add(best);
  }
  return cutAt(run, chars, edges, [...at]);
}

/** A word is cut when no space lies within this many font sizes of the border (the glyph positions are estimates, a letter or two off in a long item)... */
const WORD_CUT_REACH = 1.5;
/** ...and the border lies this many font sizes inside the word from either of its ends. */
const WORD_CUT_DEPTH = 0.8;

/**
 * Whether a border at x would cut the run deep inside a word: between two letters, well in
 * from the word's ends, with no word space near (a border between two cells' words written
 * as one item lands a letter off in the estimate; a word in a tight cell runs a little past
 * its border). A cut between a letter and a figure is two cells' texts written as one item,
 * "Elizab" then "2165".
 */
export function cutsWord(run: Splittable, x: number): boolean {
  const [x0, , x1] = run.bbox;
  if (x <= x0 + END_MARGIN || x >= x1 - END_MARGIN) return false;
  const chars = [...run.text];
  if (chars.length < 2) return false;
  const edges = glyphEdges(run, chars);
  const spaceNear = chars.some((ch, i) => /\s/.test(ch) && Math.abs((edges[i] + edges[i + 1]) / 2 - x) <= WORD_CUT_REACH * run.fontSize);
  if (spaceNear) return false;
  const at = nearestGlyphEdge(edges, x);
  if (!/\p{L}/u.test(chars[at - 1]) || !/\p{L}/u.test(chars[at])) return false;
  // Deep inside the word: a tight cell's word may run a little past its border.
  let [start, end] = [at - 1, at];
  while (start > 0 && /\p{L}/u.test(chars[start - 1])) start--;
  while (end < chars.length - 1 && /\p{L}/u.test(chars[end + 1])) end++;
  return x - edges[start] >= WORD_CUT_DEPTH * run.fontSize && edges[end + 1] - x >= WORD_CUT_DEPTH * run.fontSize;
}

/** The index of the glyph whose left edge, shared with the glyph before it, lies nearest x (edges: each glyph's start, then the run's end). */
function nearestGlyphEdge(edges: number[], x: number): number {
  let best = 1;
  for (let i = 2; i < edges.length - 1; i++) if (Math.abs(edges[i] - x) < Math.abs(edges[best] - x)) best = i;
  return best;
}

/** The run cut at every word space: its words, each with its estimated box. */
export function splitRunAtSpaces<T extends Splittable>(run: T): T[] {
  const chars = [...run.text];
  const at = chars.flatMap((ch, i) => (/\s/.test(ch) ? [i] : []));
  return at.length ? cutAt(run, chars, glyphEdges(run, chars), at) : [run];
}

function cutAt<T extends Splittable>(run: T, chars: string[], edges: number[], at: number[]): T[] {
  const pieces: T[] = [];
  let start = 0;
  for (const cut of [...at].sort((a, b) => a - b).concat(chars.length)) {
    const raw = chars.slice(start, cut).join("");
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) {
      const a = start + lead;
      const b = a + [...text].length;
      const piece = { ...run, text, bbox: [edges[a], run.bbox[1], edges[b], run.bbox[3]], ...("eol" in run ? { eol: cut === chars.length ? run.eol : false } : {}) };
      wholes.set(piece, wholeOf(run));
      pieces.push(piece);
    }
    start = cut;
  }
  return pieces.length ? pieces : [run];
}

/** A group of three digits after a short one is the rest of a number written with spaces between its thousands ("12 500"). */
const THOUSANDS_GROUP = /^\d{3}([.,]\d+)?$/;

/**
 * A text item holding several figures a space apart ("1,087,948 1,022,490", cells of
 * neighbouring columns set close and written as one item) as one run per figure, so the
 * figures can fall into their columns. A number whose thousands are spaced stays whole.
 */
export function figuresApart(run: Run): Run[] {
  return severalFigures(run.text.trim().split(/\s+/)) ? splitRunAtSpaces(run) : [run];
}

/** Words that are two or more figures, not one number with spaced thousands. */
export function severalFigures(words: string[]): boolean {
  if (words.length < 2 || !words.every((t) => NUMERIC.test(t))) return false;
  return !words.some((t, i) => i > 0 && THOUSANDS_GROUP.test(t) && /^\d{1,3}$/.test(words[i - 1]));
}
