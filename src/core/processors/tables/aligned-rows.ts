// Rows of an unruled table: each text row's chunks are placed in the columns they fall in
// (a chunk across a separator spans columns), then rows that continue the row above are
// folded into it: lines under the header rule belong to the header, and a line that leaves
// the table's key column empty is the wrapped rest of the row above (multi-line cells).
import type { Run } from "../../runs";
import type { BBox } from "../../model";
import { type Chunk, type TextRow } from "./rows";
import { union } from "../../geometry";
import { NUMERIC } from "./headers";

/** A chunk reaching this far (points) past a column boundary is taken to cross it. */
const CROSS = 1;
/** The key column is filled in at least this share of the rows the fullest column fills. */
const KEY_COLUMN_FILL = 0.5;
/** A continuation line sits closer than this many line heights below the row above. */
const CONTINUATION_GAP = 0.8;

export interface RowCell {
  c0: number;
  c1: number;
  bbox: BBox;
  runs: Run[];
}

export interface RowGroup {
  bbox: BBox;
  cells: RowCell[];
  spans: boolean;
}

export function assignRows(rows: TextRow[], bounds: number[], headerRule?: number): RowGroup[] {
  const colCount = bounds.length - 1;
  const colAt = (x: number) => {
    let k = 0;
    while (k < colCount - 1 && bounds[k + 1] <= x) k++;
    return k;
  };
  const pieces = rows.map((row) => row.chunks.flatMap((c) => splitAtSeparators(c, colAt)));
  const extents = columnExtents(pieces.flat(), colAt, colCount);
  const placed: RowGroup[] = rows.map((row, i) => {
    const cells: RowCell[] = [];
    for (const ch of pieces[i]) {
      const [c0, c1] = columnsOf(ch, colAt, extents);
      const clash = cells.find((c) => c.c0 < Math.max(c1, c0 + 1) && c0 < c.c1);
      if (clash) {
        clash.c0 = Math.min(clash.c0, c0);
        clash.c1 = Math.max(clash.c1, c1);
        clash.bbox = union(clash.bbox, ch.bbox);
        clash.runs.push(...ch.runs);
      } else cells.push({ c0, c1, bbox: [...ch.bbox], runs: [...ch.runs] });
    }
    return { bbox: row.bbox, cells, spans: cells.some((c) => c.c1 - c.c0 > 1) };
  });
  const out: RowGroup[] = [];
  const filledRows = (k: number) => placed.filter((g) => g.cells.some((c) => c.c0 === k)).length;
  // The key column: the leftmost filled in at least half as many rows as the fullest. (The
  // fullest itself can be the column whose long texts wrap: each wrapped line fills a row.)
  const most = Math.max(...[...Array(colCount).keys()].map(filledRows));
  const anchor = [...Array(colCount).keys()].find((k) => filledRows(k) >= KEY_COLUMN_FILL * most) ?? 0;
  for (const g of placed) {
    const prev = out[out.length - 1];
    const inHeader = headerRule !== undefined && g.bbox[3] <= headerRule;
    const prevInHeader = headerRule !== undefined && prev !== undefined && prev.bbox[3] <= headerRule;
    const lineHeight = Math.max(...g.cells.map((c) => c.bbox[3] - c.bbox[1]));
    const tight = prev !== undefined && g.bbox[1] - prev.bbox[3] < CONTINUATION_GAP * lineHeight;
    let fold = false;
    if (prev && inHeader && prevInHeader) fold = !g.spans && !prev.spans;
    else if (prev && !inHeader && !prevInHeader) {
      const hasAnchor = (x: RowGroup) => x.cells.some((c) => c.c0 <= anchor && anchor < c.c1);
      // A figure does not wrap: a row of numbers is a row of its own, whatever it leaves empty.
      const numbers = g.cells.some((c) => NUMERIC.test(c.runs.map((r) => r.text).join(" ").trim()));
      fold = tight && !g.spans && !numbers && !hasAnchor(g) && hasAnchor(prev) && g.cells.every((c) => c.c0 !== anchor);
    }
    if (fold && prev) merge(prev, g);
    else out.push({ bbox: [...g.bbox], cells: g.cells.map((c) => ({ ...c, runs: [...c.runs] })), spans: g.spans });
  }
  return out;
}

/**
 * Where each column's text lies: the x range of the chunks that sit inside one column.
 * Headings are often wider than the numbers under them and reach past the separator
 * midpoints; what they overlap of these ranges says which columns they head.
 */
function columnExtents(chunks: Chunk[], colAt: (x: number) => number, colCount: number): ([number, number] | undefined)[] {
  const out: ([number, number] | undefined)[] = new Array(colCount).fill(undefined);
  for (const ch of chunks) {
    const k = colAt(ch.bbox[0] + CROSS);
    if (k !== colAt(ch.bbox[2] - CROSS)) continue;
    const e = out[k];
    out[k] = e ? [Math.min(e[0], ch.bbox[0]), Math.max(e[1], ch.bbox[2])] : [ch.bbox[0], ch.bbox[2]];
  }
  return out;
}

/**
 * The columns [c0, c1) a chunk covers. A chunk inside one column is in it; one across
 * separators spans the columns whose text it overlaps (a wide heading centred over a
 * narrow column of numbers heads that column only), or the columns it reaches when it
 * overlaps none.
 */
function columnsOf(ch: Chunk, colAt: (x: number) => number, extents: ([number, number] | undefined)[]): [number, number] {
  const c0 = colAt(ch.bbox[0] + CROSS);
  const c1 = colAt(ch.bbox[2] - CROSS) + 1;
  if (c1 - c0 <= 1) return [c0, Math.max(c1, c0 + 1)];
  const over: number[] = [];
  for (let k = c0; k < c1; k++) {
    const e = extents[k];
    if (e && ch.bbox[0] < e[1] - CROSS && ch.bbox[2] > e[0] + CROSS) over.push(k);
  }
  if (over.length) return [over[0], over[over.length - 1] + 1];
  // A currency sign set apart in the gap before a column of amounts is the amount's.
  if (CURRENCY.test(ch.text.trim())) {
    const next = extents.findIndex((e, k) => k >= c0 && k < c1 && e !== undefined && e[0] >= ch.bbox[2] - CROSS);
    if (next >= 0) return [next, next + 1];
  }
  return [c0, c1];
}

const CURRENCY = /^[$€£¥₹]$/;

/** Folds a line into the row above: its chunks join the cells of the same columns. */
function merge(into: RowGroup, g: RowGroup): void {
  into.bbox = union(into.bbox, g.bbox);
  for (const c of g.cells) {
    const same = into.cells.find((x) => x.c0 < c.c1 && c.c0 < x.c1);
    if (same) {
      same.c0 = Math.min(same.c0, c.c0);
      same.c1 = Math.max(same.c1, c.c1);
      same.bbox = union(same.bbox, c.bbox);
      same.runs.push(...c.runs);
    } else into.cells.push({ ...c, runs: [...c.runs] });
  }
}

/**
 * A chunk across column separators whose runs each stay inside one column is several cells
 * set close together (header words over narrow columns), not one spanning cell.
 */
function splitAtSeparators(ch: Chunk, colAt: (x: number) => number): Chunk[] {
  const c0 = colAt(ch.bbox[0] + CROSS);
  const c1 = colAt(ch.bbox[2] - CROSS);
  if (c0 === c1 || ch.runs.length < 2) return [ch];
  const byCol = new Map<number, Chunk>();
  for (const run of ch.runs) {
    const k0 = colAt(run.bbox[0] + CROSS);
    if (k0 !== colAt(run.bbox[2] - CROSS)) return [ch];
    const part = byCol.get(k0);
    if (part) {
      part.runs.push(run);
      part.bbox = union(part.bbox, run.bbox);
      part.text += ` ${run.text}`;
    } else byCol.set(k0, { bbox: [...run.bbox], runs: [run], text: run.text, fontSize: run.fontSize });
  }
  return [...byCol.values()];
}
