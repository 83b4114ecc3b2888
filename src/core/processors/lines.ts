// Glyph runs -> lines: runs on the same baseline that follow each other left to right,
// joined with a space where the gap between them is wider than a space would leave.
import type { BBox, Line, Span } from "../model";
import type { Run } from "../backends/pdf/runs";

/** Two runs share a line when their baselines differ by less than this share of the font size. */
const SAME_BASELINE = 0.45;
/** A horizontal gap wider than this share of the font size is a word space. */
const WORD_GAP = 0.18;
/**
 * A gap wider than this many font sizes splits a line: word spaces, even in justified
 * text, stay well below one em, while column gutters and table cell gaps are wider.
 */
const LINE_SPLIT_GAP = 1.0;

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

export function buildLines(runs: Run[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0]);
  const rows: Run[][] = [];
  for (const run of sorted) {
    const row = rows.find((r) => Math.abs(r[0].baseline - run.baseline) < SAME_BASELINE * Math.max(r[0].fontSize, run.fontSize) && r.length > 0 && rows.indexOf(r) >= rows.length - 3);
    if (row) row.push(run);
    else rows.push([run]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let current: Run[] = [];
    for (const run of row) {
      const prev = current[current.length - 1];
      if (prev && run.bbox[0] - prev.bbox[2] > LINE_SPLIT_GAP * Math.max(prev.fontSize, run.fontSize)) {
        lines.push(toLine(current));
        current = [];
      }
      current.push(run);
    }
    if (current.length) lines.push(toLine(current));
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
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
    if (last && last.fontFamily === run.fontFamily && last.fontSize === run.fontSize && last.bold === run.bold && last.italic === run.italic) {
      last.text += text;
      last.bbox = union(last.bbox, run.bbox);
    } else {
      spans.push({ text, bbox: run.bbox, fontFamily: run.fontFamily, fontSize: run.fontSize, bold: run.bold, italic: run.italic });
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
