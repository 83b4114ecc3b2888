// Matrices: a grid of entries between two tall delimiters. TeX and word processors draw a
// delimiter taller than a line from pieces (a top, an extension, a bottom: ⎡ ⎢ ⎣) or as one
// glyph of an extension font; either way a fence stands at one x, its pieces over one
// another. Between a left and a right fence, entries stand in rows (a line's pitch apart,
// no bar between them: that would be a fraction) and columns (a gap of an em or so);
// each entry is read as a formula of its own and the grid is set as `pmatrix`, `bmatrix`,
// `vmatrix`, `Vmatrix` or `Bmatrix` after its fences; a two-row column in parentheses is
// a binomial coefficient.
import type { Ruling } from "../runs";
import type { Line, Span } from "../model";
import { union } from "../geometry";
import { rowsByBaseline, splitAtGaps } from "./formula-spans";
import { EXTENSION_FONT } from "../latex/math-fonts";

/** Delimiter glyphs and pieces, by the delimiter they draw. */
const OPENING: Record<string, string> = { "(": "(", "⎛": "(", "⎜": "(", "⎝": "(", "[": "[", "⎡": "[", "⎢": "[", "⎣": "[", "{": "{", "⎧": "{", "⎨": "{", "⎩": "{" };
const CLOSING: Record<string, string> = { ")": ")", "⎞": ")", "⎟": ")", "⎠": ")", "]": "]", "⎤": "]", "⎥": "]", "⎦": "]", "}": "}", "⎫": "}", "⎬": "}", "⎭": "}" };
/** Either side: bars, and the extension of a brace. */
const BARS: Record<string, string> = { "|": "|", "∣": "|", "⎮": "|", "‖": "‖", "⎪": "{" };
/** The pieces of a delimiter drawn taller than any glyph (never a character of running text). */
export const FENCE_PIECE = /^[⎛⎜⎝⎞⎟⎠⎡⎢⎣⎤⎥⎦⎧⎨⎩⎪⎫⎬⎭⎮]+$/u;
const ENVIRONMENTS: Record<string, string> = { "(": "pmatrix", "[": "bmatrix", "|": "vmatrix", "‖": "Vmatrix", "{": "Bmatrix" };
/** Pieces of one fence stand within this many points of one another left and right. */
const SAME_X = 1;
/** Type this much smaller than the display's is a script, no entry of a row of its own. */
const SCRIPT_SIZE = 0.85;
/** A matrix's rows stand at least this many font sizes apart. */
const ROW_PITCH = 0.9;
/** Entries of one row stand at least this many font sizes apart; glyphs of one entry closer. */
const COLUMN_GAP = 0.6;

interface Fence {
  kind: string;
  side: "open" | "close" | "either";
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  spans: Span[];
}

/** Whether a span is a delimiter's glyph or piece: an extension font's, or a piece of any font. */
const fenceChar = (s: Span): string | undefined => {
  const t = s.text.trim();
  if (FENCE_PIECE.test(t)) return t[0];
  return t.length === 1 && EXTENSION_FONT.test(s.fontFamily) && (OPENING[t] || CLOSING[t] || BARS[t]) ? t : undefined;
};

/** The fences among the spans: delimiter glyphs and pieces standing at one x, left to right. */
function fences(spans: Span[]): Fence[] {
  const out: Fence[] = [];
  for (const s of spans.filter((s) => fenceChar(s)).sort((a, b) => a.bbox[0] - b.bbox[0] || a.bbox[1] - b.bbox[1])) {
    const ch = fenceChar(s)!;
    const side = OPENING[ch] ? "open" : CLOSING[ch] ? "close" : "either";
    const kind = OPENING[ch] ?? CLOSING[ch] ?? BARS[ch];
    const same = out.find((f) => Math.abs(f.x0 - s.bbox[0]) < SAME_X && (f.kind === kind || ch === "⎪"));
    if (same) {
      same.top = Math.min(same.top, s.bbox[1]);
      same.bottom = Math.max(same.bottom, s.bbox[3]);
      same.spans.push(s);
      if (same.side === "either") same.side = side;
      if (ch !== "⎪") same.kind = kind;
    } else out.push({ kind, side, x0: s.bbox[0], x1: s.bbox[2], top: s.bbox[1], bottom: s.bbox[3], spans: [s] });
  }
  return out;
}

/**
 * Tall delimiters drawn in pieces as one glyph each, standing where the top piece stands
 * and reaching down to the bottom one: ⎛ ⎜ ⎝ is one "(" to read as any tall parenthesis.
 */
export function withWholeFences(spans: Span[]): Span[] {
  if (!spans.some((s) => FENCE_PIECE.test(s.text.trim()))) return spans;
  const pieces = fences(spans.filter((s) => FENCE_PIECE.test(s.text.trim())));
  const whole = pieces.map((f): Span => ({ ...f.spans[0], text: f.side === "close" ? closingOf(f.kind) : f.kind, bbox: [f.x0, f.top, f.x1, f.bottom] }));
  return [...spans.filter((s) => !FENCE_PIECE.test(s.text.trim())), ...whole];
}

const closingOf = (kind: string) => ({ "(": ")", "[": "]", "{": "}" })[kind] ?? kind;

/**
 * A display holding matrices as LaTeX: what stands before, between and after each pair of
 * fences read by `read`, each grid as its environment; undefined when no pair of fences
 * encloses a grid of two rows or more.
 */
export function matrixLatex(lines: Line[], rules: Ruling[], read: (spans: Span[]) => string | undefined): string | undefined {
  const glyphs = lines.flatMap((l) => l.spans).filter((s) => s.text.trim());
  const size = Math.max(...glyphs.map((s) => s.fontSize));
  const found = fences(glyphs);
  // A run of the text font may go on through a fence ("= 2" of "A = [2 ...]"): cut it there.
  const fenced = new Set(found.flatMap((f) => f.spans));
  const spans = [...found.flatMap((f) => f.spans), ...splitAtGaps(glyphs.filter((s) => !fenced.has(s)), found.map((f) => [f.x0, f.x1]))];
  const matrices: { open: Fence; close: Fence; cells: Span[][][] }[] = [];
  for (let i = 0; i < found.length; i++) {
    const open = found[i];
    if (open.side === "close") continue;
    const close = found.slice(i + 1).find((f) => f.side !== "open" && f.kind === closingOf(open.kind));
    if (!close) continue;
    // Fences inside fences (brackets around binomials) are not one grid: the inner ones are tried on their own.
    if (found.some((f) => f.x0 > open.x1 - SAME_X && f.x1 < close.x0 + SAME_X)) continue;
    const inside = spans.filter((s) => !open.spans.includes(s) && !close.spans.includes(s) && s.bbox[0] >= open.x1 - SAME_X && s.bbox[2] <= close.x0 + SAME_X);
    const cells = gridOf(inside, size, rules);
    if (!cells) continue;
    matrices.push({ open, close, cells });
    i = found.indexOf(close);
  }
  if (!matrices.length) return undefined;
  // What stands before, between and after the matrices, read as formulas of their own.
  const used = new Set(matrices.flatMap((m) => [...m.open.spans, ...m.close.spans]));
  const bounds = [-Infinity, ...matrices.flatMap((m) => [m.open.x0, m.close.x1]), Infinity];
  const out: string[] = [];
  for (let k = 0; k < bounds.length; k += 2) {
    const between = spans.filter((s) => !used.has(s) && (s.bbox[0] + s.bbox[2]) / 2 >= bounds[k] && (s.bbox[0] + s.bbox[2]) / 2 <= bounds[k + 1]);
    const text = between.length ? read(between) : "";
    if (text === undefined) return undefined;
    out.push(text);
    const matrix = matrices[k / 2];
    if (!matrix) continue;
    const cells = matrix.cells.map((row) => row.map((cell) => (cell.length ? read(cell) : "")));
    if (cells.some((row) => row.some((c) => c === undefined))) return undefined;
    out.push(gridLatex(matrix.open.kind, cells as string[][]));
  }
  return out.join("");
}

/** The entries between two fences in rows and columns; undefined for one row, or rows a bar divides (a fraction). */
function gridOf(inside: Span[], size: number, rules: Ruling[]): Span[][][] | undefined {
  if (!inside.length) return undefined;
  const box = inside.map((s) => s.bbox).reduce(union);
  if (rules.some((r) => r.x0 < box[2] && r.x1 > box[0] && r.y0 > box[1] && r.y0 < box[3])) return undefined;
  const rows = rowsByBaseline(inside, SCRIPT_SIZE * size, ROW_PITCH * size);
  if (rows.length < 2) return undefined;
  // Columns: the x extents of every row's entries, merged where they overlap down the grid.
  const entries = rows.map((row) => entriesOf(row, size));
  const columns: [number, number][] = [];
  for (const [x0, x1] of entries.flat().map((e) => extent(e)).sort((a, b) => a[0] - b[0])) {
    const last = columns[columns.length - 1];
    if (last && x0 < last[1]) last[1] = Math.max(last[1], x1);
    else columns.push([x0, x1]);
  }
  return entries.map((row) => columns.map(([c0, c1]) => row.filter((e) => extent(e)[0] >= c0 - SAME_X && extent(e)[1] <= c1 + SAME_X).flat()));
}

/** A row's entries: its spans left to right, split where the gap is a column's. */
function entriesOf(row: Span[], size: number): Span[][] {
  const out: Span[][] = [];
  let right = -Infinity;
  for (const s of [...row].sort((a, b) => a.bbox[0] - b.bbox[0])) {
    if (s.bbox[0] - right > COLUMN_GAP * size || !out.length) out.push([s]);
    else out[out.length - 1].push(s);
    right = Math.max(right, s.bbox[2]);
  }
  return out;
}

const extent = (spans: Span[]): [number, number] => [Math.min(...spans.map((s) => s.bbox[0])), Math.max(...spans.map((s) => s.bbox[2]))];

/** A grid as LaTeX: a two-row column in parentheses is a binomial coefficient. */
function gridLatex(kind: string, cells: string[][]): string {
  if (kind === "(" && cells.length === 2 && cells.every((row) => row.length === 1)) return `\\binom{${cells[0][0]}}{${cells[1][0]}}`;
  const env = ENVIRONMENTS[kind] ?? "matrix";
  return `\\begin{${env}}${cells.map((row) => row.join("&")).join("\\\\")}\\end{${env}}`;
}
