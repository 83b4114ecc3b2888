// Column gutters of a page: vertical white bands with lines of running text on both sides
// and none across. A table found from text alignment may sit in one column or run across
// the page, but it never takes a line of prose from the column beside it; knowing the
// gutters lets the detector tell a stray line of the other column from a table's cells.
import type { BBox } from "../../model";
import { type Chunk, type TextRow, union } from "./rows";

/** A gutter needs this many prose lines on each side (a page of two columns of text). */
const MIN_PROSE_LINES = 5;
/** Bands narrower than this (points) are not gutters. */
const MIN_GUTTER = 4;
/** A region's side of a gutter with text in fewer rows than this is stray text, not the table's. */
const MIN_SIDE_ROWS = 3;

export function columnGutters(prose: BBox[], pageWidth: number): [number, number][] {
  if (prose.length < 2 * MIN_PROSE_LINES) return [];
  const width = Math.ceil(pageWidth) + 1;
  const cover = new Uint8Array(width);
  for (const b of prose) for (let x = Math.max(0, Math.floor(b[0])); x < Math.min(width, Math.ceil(b[2])); x++) cover[x] = 1;
  const out: [number, number][] = [];
  for (let x = 0, start = -1; x <= width; x++) {
    const clear = x < width && !cover[x];
    if (clear && start < 0) start = x;
    if (!clear && start >= 0) {
      const [a, b] = [start, x];
      const left = prose.filter((p) => p[2] <= a + 1).length;
      const right = prose.filter((p) => p[0] >= b - 1).length;
      if (b - a >= MIN_GUTTER && left >= MIN_PROSE_LINES && right >= MIN_PROSE_LINES) out.push([a, b]);
      start = -1;
    }
  }
  return out;
}

/**
 * The region's rows without the chunks on one side of a gutter when that side has text in
 * only a row or two: a line of the neighbouring column that happens to share a baseline
 * with the table's rows. A chunk across the gutter means the region spans the page (a
 * full-width table), and it is left alone.
 */
export function keepToOneColumn(rows: TextRow[], gutters: [number, number][], isCell: (c: Chunk) => boolean): TextRow[] {
  let out = rows;
  for (const [a, b] of gutters) {
    const chunks = out.flatMap((r) => r.chunks.filter(isCell));
    if (chunks.some((c) => c.bbox[0] < a && c.bbox[2] > b)) continue;
    const leftRows = out.filter((r) => r.chunks.some((c) => isCell(c) && c.bbox[2] <= b)).length;
    const rightRows = out.filter((r) => r.chunks.some((c) => isCell(c) && c.bbox[0] >= a)).length;
    if (!leftRows || !rightRows) continue;
    const drop = leftRows < MIN_SIDE_ROWS && leftRows < rightRows ? (c: Chunk) => c.bbox[2] <= b : rightRows < MIN_SIDE_ROWS && rightRows < leftRows ? (c: Chunk) => c.bbox[0] >= a : null;
    if (!drop) continue;
    out = out
      .map((r) => ({ ...r, chunks: r.chunks.filter((c) => !drop(c)) }))
      .filter((r) => r.chunks.length)
      .map((r) => ({ ...r, bbox: r.chunks.map((c) => c.bbox).reduce(union) }));
  }
  return out;
}
