// Displays of several rows: a derivation TeX aligns at its relations (align, aligned,
// eqnarray), a system of equations, equations gathered one under another. Each row states
// a relation on a baseline of its own, a line's pitch or more below the one before, with
// no bar drawn between them (that would make them a fraction's numerator and denominator).
// Every glyph belongs to the row whose baseline is nearest (a row's own fractions and
// scripts sit within half a line of it); the rows are read one by one and set as
// `\begin{aligned} … \\ … \end{aligned}`, with `&` before each row's relation when the
// relations stand one under another, as TeX aligned them. A definition by cases states its
// relation once, on the axis between the rows its brace opens, each row a value and,
// a quad or more to its right, its condition: `f(x) = \begin{cases} … & … \\ … \end{cases}`.
import type { Ruling } from "../runs";
import type { Line, Span } from "../model";
import { union } from "../geometry";
import { baselineOf, rowsByBaseline } from "./formula-spans";
import { EXTENSION_FONT } from "../latex/math-fonts";
import { FENCE_PIECE } from "./formula-matrix";

/** Relations a row states (big operators are no row's relation). */
const RELATION = /[=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔]/;
/** Rows stand at least this many font sizes apart (a fraction's rows are closer to its main line). */
const ROW_PITCH = 1.1;
/** Type this much smaller than the display's is a script or a limit, no row of its own. */
const SCRIPT_SIZE = 0.85;
/** Relations standing within this many font sizes of one another left and right are aligned. */
const ALIGNED = 0.5;
/** A relation closing a span: the left side of a definition by cases ends with it. */
export const RELATION_END = /[=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔:]\s*$/;
/** A cases row's value and condition stand at least this many font sizes apart (TeX sets a quad). */
const CONDITION_GAP = 0.9;
/** TeX's math axis, where fraction bars lie: this share of the font size above the baseline. */
const AXIS = 0.25;
/** A fraction's bar starts within this many font sizes after the relation before it. */
const FRACTION_REACH = 2;
/** The first relation in a row's LaTeX, where TeX's `&` goes. */
const LATEX_RELATION = /=|<|>|\\(?:leq?|geq?|neq?|approx|equiv|sim|simeq|cong|propto|in|subset|subseteq|to|rightarrow|Rightarrow|Leftrightarrow)(?![A-Za-z])|[≤≥≠≈≡∼→⇒⇔∈]/;

interface Row {
  baseline: number;
  /** Left edge of the row's first relation. */
  relationX: number;
  spans: Span[];
}

/**
 * The rows of a display, each as a line of its own, and whether their relations are
 * aligned; undefined when the display has one row (or rows a drawn bar divides).
 */
export function displayRows(lines: Line[], rules: Ruling[]): { rows: Line[]; aligned: boolean } | undefined {
  const spans = lines.flatMap((l) => l.spans).filter((s) => s.text.trim());
  const size = displaySize(spans);
  const stating = spans.filter((s) => s.fontSize >= SCRIPT_SIZE * size && RELATION.test(s.text)).sort((a, b) => baselineOf(a) - baselineOf(b));
  const rows: Row[] = [];
  for (const s of stating) {
    const last = rows[rows.length - 1];
    const x = relationLeft(s);
    if (last && baselineOf(s) - last.baseline < ROW_PITCH * size) last.relationX = Math.min(last.relationX, x);
    else rows.push({ baseline: baselineOf(s), relationX: x, spans: [] });
  }
  const opening = rows.length ? continuedRow(rows[0], spans, size) : undefined;
  if (opening) rows.unshift(opening);
  if (rows.length < 2) return undefined;
  // A bar drawn between two rows makes them a fraction's parts.
  const box = spans.map((s) => s.bbox).reduce(union);
  for (let i = 1; i < rows.length; i++) {
    const [above, below] = [rows[i - 1].baseline, rows[i].baseline];
    if (rules.some((r) => r.y0 > above && r.y0 < below - size / 2 && r.x0 < box[2] && r.x1 > box[0])) return undefined;
  }
  for (const s of spans) rows.reduce((best, r) => (Math.abs(baselineOf(s) - r.baseline) < Math.abs(baselineOf(s) - best.baseline) ? r : best)).spans.push(s);
  const left = Math.min(...rows.map((r) => r.relationX));
  const rowLines = rows.map((r) => ({ bbox: r.spans.map((s) => s.bbox).reduce(union), spans: r.spans.sort((a, b) => a.bbox[0] - b.bbox[0]) }));
  // Rows whose starts line up are aligned; when their middles line up as well (rows about as
  // wide), the row that goes on from another was centred under it as likely: gathered.
  const middles = rowLines.map((l) => (l.bbox[0] + l.bbox[2]) / 2);
  const centred = opening !== undefined && Math.max(...middles) - Math.min(...middles) < ALIGNED * size;
  return { rows: rowLines, aligned: !centred && rows.every((r) => r.relationX - left < ALIGNED * size) };
}

/**
 * The row a display's first stated relation goes on from, when that relation opens its
 * row (a long expression broken before its "="): the full-size type a row's pitch or more
 * above, stating none; undefined when the first relation has something before it.
 */
function continuedRow(first: Row, spans: Span[], size: number): Row | undefined {
  const full = spans.filter((s) => s.fontSize >= SCRIPT_SIZE * size && !EXTENSION_FONT.test(s.fontFamily));
  if (full.some((s) => Math.abs(baselineOf(s) - first.baseline) < ROW_PITCH * size / 2 && s.bbox[0] < first.relationX - 1)) return undefined;
  const above = full.filter((s) => baselineOf(s) < first.baseline - ROW_PITCH * size);
  if (!above.length) return undefined;
  const baseline = Math.max(...above.map(baselineOf));
  const row = above.filter((s) => baseline - baselineOf(s) < ROW_PITCH * size);
  return { baseline, relationX: Math.min(...row.map((s) => s.bbox[0])), spans: [] };
}

/** The display's type size: its largest, big operators and tall delimiters aside (scripts and limits are smaller). */
const displaySize = (spans: Span[]) => Math.max(...spans.filter((s) => !EXTENSION_FONT.test(s.fontFamily)).map((s) => s.fontSize));

/** The rows' LaTeX as one display: aligned at their first relations, or gathered. */
export function rowsLatex(rows: string[], aligned: boolean): string {
  if (!aligned) return `\\begin{gathered}${rows.join("\\\\")}\\end{gathered}`;
  // (A row stating no relation starts where the others' relations stand: "&x^{4}-…\\&=…".)
  return `\\begin{aligned}${rows.map((row) => (LATEX_RELATION.test(row) ? row.replace(LATEX_RELATION, (m) => `&${m}`) : `&${row}`)).join("\\\\")}\\end{aligned}`;
}

/** Left edge of the first relation glyph in a span (its share of the span's width before it). */
function relationLeft(s: Span): number {
  const chars = [...s.text];
  const at = chars.findIndex((ch) => RELATION.test(ch));
  return s.bbox[0] + ((s.bbox[2] - s.bbox[0]) * Math.max(0, at)) / Math.max(1, chars.length);
}

/**
 * A definition by cases: the side before the brace, and the rows after it each as its
 * value and its condition (either may be missing); undefined when the display is not one.
 */
export function displayCases(lines: Line[], rules: Ruling[]): { left: Line; rows: Line[][] } | undefined {
  const spans = lines.flatMap((l) => l.spans).filter((s) => s.text.trim());
  const size = displaySize(spans);
  const full = spans.filter((s) => s.fontSize >= SCRIPT_SIZE * size);
  // The left side ends with a relation on the axis, with rows above and below it on its
  // right, nothing after it on its own baseline but the brace, nothing of the rows to its left.
  const centre = full.find(
    (s) =>
      RELATION_END.test(s.text) &&
      [-1, 1].every((side) => full.some((o) => o.bbox[0] >= s.bbox[2] && side * (baselineOf(o) - baselineOf(s)) > 0.4 * size)) &&
      !full.some((o) => o !== s && !isDelimiter(o) && o.bbox[0] >= s.bbox[2] - 1 && Math.abs(baselineOf(o) - baselineOf(s)) < 0.3 * size) &&
      !full.some((o) => o.bbox[0] < s.bbox[2] - 1 && Math.abs(baselineOf(o) - baselineOf(s)) > 0.4 * size),
  );
  if (!centre) return undefined;
  // A bar drawn on the axis after it makes the rows a fraction's numerator and denominator.
  const axis = baselineOf(centre) - AXIS * centre.fontSize;
  if (rules.some((r) => Math.abs(r.y0 - axis) < size / 2 && r.x0 >= centre.bbox[2] - 1 && r.x0 < centre.bbox[2] + FRACTION_REACH * size)) return undefined;
  const leftSpans = spans.filter((s) => s.bbox[2] <= centre.bbox[2] + 1 && Math.abs(baselineOf(s) - baselineOf(centre)) < size);
  // (The brace is drawn from extension-font pieces the text layer gives as a bracket or nothing.)
  const rest = spans.filter((s) => !leftSpans.includes(s) && !isDelimiter(s));
  // A brace opens the cases and nothing closes them: a tall delimiter after the rows' start
  // closes a matrix or a binomial coefficient.
  const start = Math.min(...rest.map((s) => s.bbox[0]));
  if (spans.some((s) => isDelimiter(s) && s.bbox[0] > start + size / 2)) return undefined;
  const rows = rowsByBaseline(rest, SCRIPT_SIZE * size, ROW_PITCH * size);
  if (rows.length < 2) return undefined;
  const asLine = (part: Span[]): Line => ({ bbox: part.map((s) => s.bbox).reduce(union), spans: [...part].sort((a, b) => a.bbox[0] - b.bbox[0]) });
  // Value and condition: the row cut at its widest gap, when a quad wide.
  const cases = rows.map((row) => {
    const sorted = [...row].sort((a, b) => a.bbox[0] - b.bbox[0]);
    let cut = -1;
    let widest = CONDITION_GAP * size;
    for (let i = 1; i < sorted.length; i++) {
      const gap = sorted[i].bbox[0] - Math.max(...sorted.slice(0, i).map((s) => s.bbox[2]));
      if (gap >= widest) [cut, widest] = [i, gap];
    }
    return (cut < 0 ? [sorted] : [sorted.slice(0, cut), sorted.slice(cut)]).map(asLine);
  });
  return { left: asLine(leftSpans), rows: cases };
}

/** A tall delimiter's glyph or piece: a brace drawn from an extension font, or from pieces of any font. */
const isDelimiter = (s: Span) => EXTENSION_FONT.test(s.fontFamily) || FENCE_PIECE.test(s.text.trim());

/** A definition by cases as LaTeX, from its left side's and its rows' parts. */
export function casesLatex(left: string, rows: string[][]): string {
  return `${left}\\begin{cases}${rows.map((parts) => parts.join("&")).join("\\\\")}\\end{cases}`;
}
