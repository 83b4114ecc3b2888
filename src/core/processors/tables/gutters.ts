// Column gutters of a page: vertical white bands with lines of running text on both sides
// and none across. A table found from text alignment may sit in one column or run across
// the page, but it never takes a line of prose from the column beside it; knowing the
// gutters lets the detector tell a stray line of the other column from a table's cells.
import type { BBox } from "../../model";
import { type Chunk, type TextRow } from "./rows";
import { union } from "../../geometry";

/** A gutter needs this many prose lines on each side (a page of two columns of text)... */
const MIN_PROSE_LINES = 5;
/** ...or this many when (nearly) no text at all crosses it (a column that holds mostly tables). */
const MIN_PROSE_LINES_CLEAR = 2;
/** Bands narrower than this (points) are not gutters. */
const MIN_GUTTER = 4;
/** A region's side of a gutter with text in fewer rows than this is stray text, not the table's. */
const MIN_SIDE_ROWS = 3;

/** `bands`: the page's bands that (almost) no run crosses (`clearBands`). */
export function columnGutters(prose: BBox[], pageWidth: number, bands: [number, number][]): [number, number][] {
  // Sides are told by the band's middle: a band that a few runs cross has soft edges.
  const beside = ([a, b]: [number, number], lines: number) => prose.filter((p) => p[2] <= (a + b) / 2).length >= lines && prose.filter((p) => p[0] >= (a + b) / 2).length >= lines;
  return [...proseGutters(prose, pageWidth).filter((g) => beside(g, MIN_PROSE_LINES)), ...bands.filter((g) => beside(g, MIN_PROSE_LINES_CLEAR))];
}

/** Bands no line of prose crosses. */
function proseGutters(prose: BBox[], pageWidth: number): [number, number][] {
  if (prose.length < 2 * MIN_PROSE_LINES_CLEAR) return [];
  const width = Math.ceil(pageWidth) + 1;
  const cover = new Uint8Array(width);
  for (const b of prose) for (let x = Math.max(0, Math.floor(b[0])); x < Math.min(width, Math.ceil(b[2])); x++) cover[x] = 1;
  const out: [number, number][] = [];
  for (let x = 0, start = -1; x <= width; x++) {
    const clear = x < width && !cover[x];
    if (clear && start < 0) start = x;
    if (!clear && start >= 0) {
      if (x - start >= MIN_GUTTER) out.push([start, x]);
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
    out = keepChunks(out, (c) => !drop(c));
  }
  return out;
}

/** Lines of running text beside a region make a column when this many start at one left edge... */
const MIN_COLUMN_LINES = 4;
/** ...to this many points. */
const COLUMN_EDGE = 1;

/**
 * The region's rows without the chunks of the column of running text beside it (`aside`,
 * lines the region passed over): chunks inside that column's span are its paragraphs' short
 * last lines and its headings ("4.0, 1999/04/13.", "1 Introduction") on the table's
 * baselines, not cells. Where a cell of the table reaches into the column's span, the
 * region runs across it and is left alone.
 */
export function withoutColumnBeside(rows: TextRow[], aside: TextRow[], isCell: (c: Chunk) => boolean): TextRow[] {
  const lines = aside.flatMap((r) => r.chunks);
  const edge = lines.map((c) => c.bbox[0]).find((x, _, all) => all.filter((y) => Math.abs(y - x) <= COLUMN_EDGE).length >= MIN_COLUMN_LINES);
  if (edge === undefined) return rows;
  const column = lines.filter((c) => Math.abs(c.bbox[0] - edge) <= COLUMN_EDGE);
  const span: [number, number] = [edge - COLUMN_EDGE, Math.max(...column.map((c) => c.bbox[2])) + COLUMN_EDGE];
  const inColumn = (c: Chunk) => c.bbox[0] >= span[0] && c.bbox[2] <= span[1];
  const cells = rows.flatMap((r) => r.chunks.filter(isCell));
  if (cells.some((c) => !inColumn(c) && c.bbox[0] < span[1] && c.bbox[2] > span[0])) return rows;
  return keepChunks(rows, (c) => !inColumn(c));
}

/** Rows with cells on both sides of a page gutter, in this share of the region's rows or more, make one table across it. */
const BOTH_SIDES_SHARE = 0.6;
/** A side of a gutter stands on its own with this many rows of two or more cells (a table of its own)... */
const OWN_TABLE_ROWS = 3;
/** ...or this many rows of running text (the other column's paragraph). */
const OWN_PROSE_ROWS = 2;

/**
 * A region cut at the page's column gutters (`findGutters`) when its two sides are
 * independent: no chunk crosses the gutter, most rows have cells on one side only, and each
 * side is something of its own, a table or running text. Two tables side by side in the
 * columns of a two-column page, or a table beside the other column's prose, share
 * baselines only by chance; a table across the page has cells on both sides of any white
 * band on nearly every row, and a column of wrapped descriptions is no table by itself.
 */
export function splitAtPageGutters(rows: TextRow[], gutters: [number, number][], isCell: (c: Chunk) => boolean, aside: TextRow[] = []): TextRow[][] {
  for (const [a, b] of gutters) {
    const mid = (a + b) / 2;
    if (rows.some((r) => r.chunks.some((c) => c.bbox[0] < mid && c.bbox[2] > mid))) continue;
    const left = (c: Chunk) => c.bbox[2] <= mid;
    const sides = [keepChunks(rows, left), keepChunks(rows, (c) => !left(c))];
    // Lines of running text the region passed over beside it count for their side.
    const asides = [keepChunks(aside, left), keepChunks(aside, (c) => !left(c))];
    if (!sides.every((side, k) => side.length && standsAlone([...side, ...asides[k]], isCell))) continue;
    const withCells = rows.filter((r) => r.chunks.some(isCell));
    const both = withCells.filter((r) => r.chunks.some((c) => isCell(c) && left(c)) && r.chunks.some((c) => isCell(c) && !left(c))).length;
    if (both >= BOTH_SIDES_SHARE * withCells.length) continue;
    return sides.flatMap((side, k) => splitAtPageGutters(side, gutters, isCell, asides[k]));
  }
  return [rows];
}

function standsAlone(side: TextRow[], isCell: (c: Chunk) => boolean): boolean {
  const multi = side.filter((r) => r.chunks.filter(isCell).length >= 2).length;
  const prose = side.filter((r) => r.chunks.some((c) => !isCell(c))).length;
  return multi >= OWN_TABLE_ROWS || prose >= OWN_PROSE_ROWS;
}

/** The rows with only the chunks kept, rows left empty dropped. */
function keepChunks(rows: TextRow[], keep: (c: Chunk) => boolean): TextRow[] {
  return rows
    .map((r) => ({ ...r, chunks: r.chunks.filter(keep) }))
    .filter((r) => r.chunks.length)
    .map((r) => ({ ...r, bbox: r.chunks.map((c) => c.bbox).reduce(union) }));
}

