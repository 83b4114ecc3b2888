// The drawn parts of a formula: TeX draws a fraction's bar and a radical's vinculum as
// rules, not glyphs, so the text layer alone cannot tell a numerator from an exponent or
// where a square root ends. With the page's level rules (PageRuns.formulaRules) they are
// read from geometry: the glyphs over a bar and under it, within its length, are the
// numerator and the denominator; the glyphs under the bar that leaves a radical sign's top
// are its radicand, and small type tucked into the sign's crook its index.
import type { Ruling } from "../runs";
import type { Span } from "../model";
import { union } from "../geometry";
import { baselineOf } from "./formula-spans";

/** A structure read from a rule: where it starts, and its LaTeX. */
export interface BarredItem {
  x: number;
  /** Where it ends: glyphs of the main row stand before or after it, never under it. */
  right: number;
  latex: string;
}

/** Reads the LaTeX of a part (a numerator, a radicand) from its spans and the rules inside it; undefined when it cannot. */
export type ReadPart = (spans: Span[], rules: Ruling[]) => string | undefined;

/** A rule shorter than this share of the font size is a dash or a dot, not a bar. */
const MIN_BAR = 0.3;
/** A numerator's or denominator's nearest row stands within this many font sizes of its bar... */
const NEAR_BAR = 1.4;
/** ...and the whole part (nested fractions included) within this many. */
const PART_REACH = 3.5;
/** A radical's bar leaves the sign's right edge within this many font sizes, near the sign's top. */
const RADICAL_JOIN = 0.6;
/** Type this much smaller than the formula's, in the crook of a radical sign, raised at least this share of the sign's height, is its index. */
const INDEX_SIZE = 0.85;
const INDEX_RISE = 0.3;

const centre = (s: Span) => (s.bbox[0] + s.bbox[2]) / 2;
const under = (rule: Ruling, size: number) => (s: Span) => centre(s) > rule.x0 - 0.1 * size && centre(s) < rule.x1 + 0.1 * size;

/**
 * Radicals and fractions whose rules are drawn among the spans, as items; the spans
 * they take (radical signs among them) are left out of `rest`.
 */
export function barredItems(spans: Span[], radicals: Span[], rules: Ruling[], size: number, read: ReadPart): { items: BarredItem[]; rest: Span[] } {
  if (!spans.length) return { items: [], rest: spans };
  const box = spans.map((s) => s.bbox).reduce(union);
  let pool = rules.filter((r) => r.y0 === r.y1 && r.x1 - r.x0 >= MIN_BAR * size && r.x0 >= box[0] - size && r.x1 <= box[2] + size && r.y0 >= box[1] - size && r.y0 <= box[3] + size);
  let rest = spans;
  const items: BarredItem[] = [];
  const take = (taken: Span[]) => (rest = rest.filter((s) => !taken.includes(s)));
  const inside = (part: Span[], except: Ruling) => {
    if (!part.length) return [];
    const [top, bottom] = [Math.min(...part.map((s) => s.bbox[1])), Math.max(...part.map((s) => s.bbox[3]))];
    const [left, right] = [Math.min(...part.map((s) => s.bbox[0])), Math.max(...part.map((s) => s.bbox[2]))];
    // (A radical's bar runs along its sign's top, the top of the part.)
    return pool.filter((r) => r !== except && r.y0 > top - size / 2 && r.y0 < bottom && r.x0 >= left - size / 2 && r.x1 <= right + size / 2);
  };
  // Longest first: a radical or a fraction inside another's part goes with that part.
  for (const bar of [...pool].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    if (!pool.includes(bar)) continue;
    const y = bar.y0;
    const sign = radicals.find((r) => rest.includes(r) && Math.abs(bar.x0 - r.bbox[2]) < RADICAL_JOIN * size && Math.abs(y - r.bbox[1]) < RADICAL_JOIN * size);
    if (sign) {
      const radicand = rest.filter((s) => s !== sign && under(bar, size)(s) && baselineOf(s) > y && baselineOf(s) < y + PART_REACH * size);
      const index = rest.filter((s) => s !== sign && s.fontSize < INDEX_SIZE * size && s.bbox[2] <= sign.bbox[0] + 0.7 * (sign.bbox[2] - sign.bbox[0]) && s.bbox[2] >= sign.bbox[0] - 0.2 * size && baselineOf(s) < sign.bbox[3] - INDEX_RISE * (sign.bbox[3] - sign.bbox[1]));
      const innerRules = inside(radicand, bar);
      const inner = radicand.length ? read(radicand, innerRules) : undefined;
      if (inner === undefined) continue;
      const root = index.length ? read(index, []) : undefined;
      items.push({ x: Math.min(sign.bbox[0], ...index.map((s) => s.bbox[0])), right: Math.max(bar.x1, ...radicand.map((s) => s.bbox[2])), latex: `\\sqrt${root ? `[${root}]` : ""}{${inner}}` });
      pool = pool.filter((r) => r !== bar && !innerRules.includes(r));
      take([sign, ...radicand, ...index]);
      continue;
    }
    const numerator = rest.filter((s) => under(bar, size)(s) && baselineOf(s) < y && baselineOf(s) > y - PART_REACH * size);
    const denominator = rest.filter((s) => under(bar, size)(s) && baselineOf(s) > y && baselineOf(s) < y + PART_REACH * size);
    // Both parts close to the bar: a rule with text on one side only is an underline or a table's rule.
    if (!numerator.some((s) => y - baselineOf(s) < NEAR_BAR * s.fontSize) || !denominator.some((s) => baselineOf(s) - y < NEAR_BAR * s.fontSize)) continue;
    const [overRules, underRules] = [inside(numerator, bar), inside(denominator, bar)];
    const top = read(numerator, overRules);
    const bottom = read(denominator, underRules);
    if (top === undefined || bottom === undefined) continue;
    items.push({ x: Math.min(bar.x0, ...numerator.map((s) => s.bbox[0]), ...denominator.map((s) => s.bbox[0])), right: Math.max(bar.x1, ...numerator.map((s) => s.bbox[2]), ...denominator.map((s) => s.bbox[2])), latex: `\\frac{${top}}{${bottom}}` });
    pool = pool.filter((r) => r !== bar && !overRules.includes(r) && !underRules.includes(r));
    take([...numerator, ...denominator]);
  }
  return { items, rest };
}
