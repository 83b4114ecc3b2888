// Vertical writing (Japanese and Chinese set top to bottom): each run is a column of
// characters, columns are read right to left, and neighbouring columns of one size make
// a paragraph. The text joins without spaces, as these scripts are written.
import type { Run } from "../runs";
import type { Block, Line } from "../model";
import { union } from "../geometry";

/** Columns further apart than this many font sizes belong to different paragraphs. */
const PARAGRAPH_GAP = 1;
/** Column tops further apart than this many font sizes start a new paragraph (a heading sits lower or higher). */
const TOP_SHIFT = 1.5;

export function buildVerticalBlocks(runs: Run[]): Block[] {
  const columns = toColumns(runs).sort((a, b) => b.bbox[2] - a.bbox[2]);
  const groups: Line[][] = [];
  for (const column of columns) {
    const group = groups[groups.length - 1];
    const prev = group?.[group.length - 1];
    const size = column.spans[0].fontSize;
    const joins = prev && prev.spans[0].fontSize === size && prev.bbox[0] - column.bbox[2] < PARAGRAPH_GAP * size && Math.abs(prev.bbox[1] - column.bbox[1]) < TOP_SHIFT * size;
    if (joins) group.push(column);
    else groups.push([column]);
  }
  return groups.map((lines) => ({
    type: "text",
    bbox: lines.map((l) => l.bbox).reduce(union),
    text: lines.map((l) => l.spans.map((s) => s.text).join("")).join(""),
    lines,
    layer: "body",
    source: "text-layer",
  }));
}

/** Runs that share an x band and follow each other down the page form one column (one line). */
function toColumns(runs: Run[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.bbox[1] - b.bbox[1]);
  const columns: Run[][] = [];
  for (const run of sorted) {
    const centre = (run.bbox[0] + run.bbox[2]) / 2;
    const column = columns.find((c) => {
      const last = c[c.length - 1];
      return centre > last.bbox[0] && centre < last.bbox[2] && run.bbox[1] - last.bbox[3] < last.fontSize;
    });
    if (column) column.push(run);
    else columns.push([run]);
  }
  return columns.map((c) => ({
    bbox: c.map((r) => r.bbox).reduce(union),
    spans: c.map((r) => ({ text: r.text, bbox: r.bbox, fontFamily: r.fontFamily, fontSize: r.fontSize, bold: r.bold, italic: r.italic, ...(r.link ? { link: r.link } : {}), ...(r.color ? { color: r.color } : {}) })),
  }));
}
