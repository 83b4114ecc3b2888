// Splitting a glyph run where a column border crosses it. pdf.js hands out text items with
// only their total width, and a PDF may write two cells' texts in one item ("Elizab" cut
// by its cell's clip, then "2165" of the next cell). Glyph positions are estimated from
// typical proportional widths (a Helvetica-like table) scaled to the item's width; the cut
// goes to the word space nearest the border when one is close, else between the two
// glyphs nearest it.
import type { Run } from "../../backends/pdf/runs";

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

/** The run (or span) cut at each x of `cuts` that falls well inside it; pieces keep its style. */
export function splitRunAt<T extends Pick<Run, "text" | "bbox" | "fontSize"> & { eol?: boolean }>(run: T, cuts: number[]): T[] {
  const [x0, , x1] = run.bbox;
  const inner = cuts.filter((x) => x > x0 + END_MARGIN && x < x1 - END_MARGIN).sort((a, b) => a - b);
  const chars = [...run.text];
  if (!inner.length || chars.length < 2) return [run];
  // edges[i]: estimated x where character i starts; edges[n] = the run's end.
  const widths = chars.map(advance);
  const total = widths.reduce((a, b) => a + b, 0);
  const edges = [x0];
  for (const w of widths) edges.push(edges[edges.length - 1] + (w / total) * (x1 - x0));
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
      best = 1;
      for (let i = 2; i < chars.length; i++) if (Math.abs(edges[i] - x) < Math.abs(edges[best] - x)) best = i;
    }
    at.add(best);
  }
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
