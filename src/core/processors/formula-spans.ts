// Glyphs inside one run of the text layer. pdf.js gives a run's box, not its glyphs', and
// a run of one math font can hold a formula's whole row: "𝐸 = 𝑚𝑣" with a fraction set in
// the gap between "=" and "m", "√∑𝑣" with the radical sign and the sum inside it. The
// formula reader needs those apart: a run is cut at radical signs and big operators, and
// where a drawn structure (a fraction, a radical) stands in a gap inside it, with each
// part's box from the estimated advances of its characters.
import type { Span } from "../model";

/** Baseline of a span: its box reaches a fifth of the font size below it (see backends/pdf/runs.ts). */
export const baselineOf = (s: Span) => s.bbox[3] - 0.2 * s.fontSize;

/**
 * Spans in rows top to bottom: type of at least `fullSize` starts a new row `pitch` or more
 * below the last one's baseline; smaller type (scripts, limits) goes with the row whose
 * baseline is nearest.
 */
export function rowsByBaseline(spans: Span[], fullSize: number, pitch: number): Span[][] {
  const rows: Span[][] = [];
  for (const s of spans.filter((o) => o.fontSize >= fullSize).sort((a, b) => baselineOf(a) - baselineOf(b))) {
    const last = rows[rows.length - 1];
    if (last && baselineOf(s) - baselineOf(last[0]) < pitch) last.push(s);
    else rows.push([s]);
  }
  if (!rows.length) return rows;
  for (const s of spans.filter((o) => o.fontSize < fullSize)) rows.reduce((best, r) => (Math.abs(baselineOf(s) - baselineOf(r[0])) < Math.abs(baselineOf(s) - baselineOf(best[0])) ? r : best)).push(s);
  return rows;
}

/** Estimated advance of a character, in ems: close enough to tell on which side of a gap a glyph stands. */
function advance(ch: string): number {
  if (/\s/.test(ch)) return 0.28;
  if (/[=+\-−<>≤≥±∓×÷→←↦⇒⇔∈∉⊂⊆⊃⊇≈≡∼≃≅≠]/.test(ch)) return 0.78;
  if (/[∑∏∐∫∮⋃⋂]/.test(ch)) return 1;
  if (ch === "√") return 0.85;
  if (/[()[\]{}|‖⟨⟩.,;:'′]/.test(ch)) return 0.36;
  // (Mathematical alphanumerics measure as their letters.)
  return /\p{Lu}/u.test(ch.normalize("NFKC")) ? 0.72 : 0.52;
}

/** The span of the text layer each part was cut from. */
const origins = new WeakMap<Span, Span>();
export const originOf = (s: Span): Span => origins.get(s) ?? s;

function part(s: Span, chars: string[], x0: number, x1: number): Span {
  const out: Span = { ...s, text: chars.join(""), bbox: [x0, s.bbox[1], x1, s.bbox[3]] };
  origins.set(out, originOf(s));
  return out;
}

/** Spans cut so that each character for which `alone` holds is a span of its own (boxes shared out by estimated advance). */
export function splitAtGlyphs(spans: Span[], alone: (ch: string) => boolean): Span[] {
  return spans.flatMap((s) => {
    const chars = [...s.text];
    if (chars.length < 2 || !chars.some(alone)) return [s];
    const total = chars.reduce((n, ch) => n + advance(ch), 0);
    const scale = (s.bbox[2] - s.bbox[0]) / total;
    const out: Span[] = [];
    let x = s.bbox[0];
    let run: string[] = [];
    let runStart = x;
    const close = () => {
      if (run.some((ch) => ch.trim())) out.push(part(s, run, runStart, x));
      run = [];
      runStart = x;
    };
    for (const ch of chars) {
      if (alone(ch)) {
        close();
        x += advance(ch) * scale;
        out.push(part(s, [ch], runStart, x));
        runStart = x;
        continue;
      }
      run.push(ch);
      x += advance(ch) * scale;
    }
    close();
    return out;
  });
}

/**
 * Spans cut where a structure stands inside them: the characters whose estimated advances
 * from the span's start fit before the structure go before it, the rest after it.
 */
export function splitAtGaps(spans: Span[], gaps: [number, number][]): Span[] {
  return spans.flatMap((s) => {
    const gap = gaps.find(([g0, g1]) => s.bbox[0] < g0 && s.bbox[2] > g1);
    if (!gap) return [s];
    const chars = [...s.text];
    let width = 0;
    let k = 0;
    while (k < chars.length && (width + advance(chars[k]) / 2) * s.fontSize <= gap[0] - s.bbox[0]) width += advance(chars[k++]);
    const before = chars.slice(0, k);
    const after = chars.slice(k);
    return [...(before.some((ch) => ch.trim()) ? [part(s, before, s.bbox[0], gap[0])] : []), ...(after.some((ch) => ch.trim()) ? splitAtGaps([part(s, after, gap[1], s.bbox[2])], gaps) : [])];
  });
}
