// Glyph runs -> lines: runs on the same baseline that follow each other left to right,
// joined with a space where the gap between them is wider than a space would leave.
import type { BBox, Line, Span } from "../model";
import type { Run } from "../backends/pdf/runs";

/** Two runs share a line when their baselines differ by less than this share of the font size (lines of neighbouring columns are often offset by a point or two). */
const SAME_BASELINE = 0.25;
/** A horizontal gap wider than this share of the font size is a word space. */
const WORD_GAP = 0.18;
/**
 * A gap wider than this many font sizes always splits a line (table cells, form fields):
 * even stretched word spaces in justified text stay far below it.
 */
const LINE_SPLIT_GAP = 2.5;
/** A gap over a column gutter splits a line once it is wider than this many font sizes. */
const GUTTER_SPLIT_GAP = 0.3;
/** A gutter is an x band no more than this share of the runs crosses... */
const GUTTER_MAX_CROSSING = 0.03;
/** ...at least this wide (points). */
const GUTTER_MIN_WIDTH = 4;

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

export function buildLines(runs: Run[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0]);
  let rows: Run[][] = [];
  for (const run of sorted) {
    // Only the last few rows can share a baseline with this run (runs come sorted by baseline).
    const row = rows.slice(-3).find((r) => Math.abs(r[0].baseline - run.baseline) < SAME_BASELINE * Math.max(r[0].fontSize, run.fontSize));
    if (row) row.push(run);
    else rows.push([run]);
  }
  rows = attachScripts(rows);
  const gutters = findGutters(runs);
  const splits = (prev: Run, run: Run) => {
    const gap = run.bbox[0] - prev.bbox[2];
    const em = Math.max(prev.fontSize, run.fontSize);
    if (gap > LINE_SPLIT_GAP * em) return true;
    return gap > GUTTER_SPLIT_GAP * em && gutters.some(([g0, g1]) => prev.bbox[2] <= g1 && run.bbox[0] >= g0);
  };
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let current: Run[] = [];
    for (const run of row) {
      const prev = current[current.length - 1];
      if (prev && splits(prev, run)) {
        lines.push(toLine(current));
        current = [];
      }
      current.push(run);
    }
    if (current.length) lines.push(toLine(current));
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/**
 * Column gutters: x bands inside the text area that (almost) no run crosses. Word gaps
 * wander from line to line; gutters stay put, so they are found from the whole page.
 */
export function findGutters(runs: Run[]): [number, number][] {
  if (runs.length < 20) return [];
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

/** A row of small type is a superscript or subscript of the row beside it... */
const SCRIPT_SIZE = 0.85;
/** ...when it is short: marks and exponents, not a line of footnote text. */
const SCRIPT_MAX_CHARS = 12;

/**
 * Rows set in small type that sit inside the vertical band of a neighbouring row of
 * larger type (footnote marks, exponents, chemical indices) join that row.
 */
function attachScripts(rows: Run[][]): Run[][] {
  const size = (r: Run[]) => Math.max(...r.map((x) => x.fontSize));
  const top = (r: Run[]) => Math.min(...r.map((x) => x.bbox[1]));
  const bottom = (r: Run[]) => Math.max(...r.map((x) => x.bbox[3]));
  const out: Run[][] = [];
  rows.forEach((row, i) => {
    const hosts = [rows[i + 1], out[out.length - 1]].filter((h): h is Run[] => !!h && h !== row);
    const short = row.reduce((n, r) => n + r.text.length, 0) <= SCRIPT_MAX_CHARS;
    const host = short ? hosts.find((h) => size(row) < SCRIPT_SIZE * size(h) && top(row) < bottom(h) && bottom(row) > top(h) && nextTo(row, h)) : undefined;
    if (host) host.push(...row);
    else out.push(row);
  });
  return out;
}

/** Horizontally touching: a script sits right after (or before) a run of its host. */
function nextTo(script: Run[], host: Run[]): boolean {
  return script.some((s) => host.some((h) => s.bbox[0] - h.bbox[2] < h.fontSize && h.bbox[0] - s.bbox[2] < h.fontSize));
}

function toLine(runs: Run[]): Line {
  const spans: Span[] = [];
  for (const [i, run] of runs.entries()) {
    const prev = runs[i - 1];
    let text = run.text;
    if (prev) {
      const gap = run.bbox[0] - prev.bbox[2];
      const needsSpace = gap > WORD_GAP * Math.min(prev.fontSize, run.fontSize) && !/\s$/.test(prev.text) && !/^\s/.test(text);
      const cjkJoin = CJK.test(prev.text.slice(-1)) && CJK.test(text[0]);
      if (needsSpace && !cjkJoin) text = ` ${text}`;
    }
    const last = spans[spans.length - 1];
    if (last && last.fontFamily === run.fontFamily && last.fontSize === run.fontSize && last.bold === run.bold && last.italic === run.italic && last.link === run.link) {
      last.text += text;
      last.bbox = union(last.bbox, run.bbox);
    } else {
      spans.push({ text, bbox: run.bbox, fontFamily: run.fontFamily, fontSize: run.fontSize, bold: run.bold, italic: run.italic, ...(run.link ? { link: run.link } : {}) });
    }
  }
  return { bbox: spans.map((s) => s.bbox).reduce(union), spans };
}

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export const lineText = (line: Line) => line.spans.map((s) => s.text).join("");

/** The font size that covers most characters of a line. */
export function lineFontSize(line: Line): number {
  const weight = new Map<number, number>();
  for (const s of line.spans) weight.set(s.fontSize, (weight.get(s.fontSize) ?? 0) + s.text.length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}
