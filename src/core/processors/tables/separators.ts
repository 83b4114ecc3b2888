// Column separators of a table: white bands running down through its rows. Every row's
// chunks are laid on a coverage count; a band stays clear of all but a few rows (a spanning
// head may cross), and text must stand on both sides of it. Figures set a space apart in
// one chunk are counted one by one, so the gap between their columns shows too.
import type { BBox } from "../../model";
import type { Chunk } from "./rows";
import { severalFigures } from "./split-runs";
import { MIN_TABLE_ROWS } from "./draft";

/** A separator band may be crossed by this share of the region's rows (spanning headers)... */
const SEPARATOR_CROSSING = 0.2;
/** ...or this share, when the rows crossing it do so with a word space where the band runs (cells set close). */
const CLOSE_SET_CROSSING = 0.5;
/** A table of fewer rows of several cells than this has every band clear of all of them. */
const MIN_CROSSING_ROWS = 4;
/** Separator bands narrower than this (points) are word gaps that happened to line up. */
const MIN_SEPARATOR = 3;

/**
 * x bands inside [x0, x1] that (almost) no chunk covers: every row's chunks are laid on a
 * coverage count, and a band stays clear of all but a few rows (a spanning header may cross).
 */
export function separatorBands(rows: Chunk[][], x0: number, x1: number): [number, number][] {
  const width = Math.ceil(x1 - x0) + 1;
  const coverage = (boxes: (row: Chunk[]) => BBox[]) => {
    const cover = new Uint16Array(width);
    for (const row of rows) {
      const seen = new Uint8Array(width);
      for (const b of boxes(row)) for (let x = Math.max(0, Math.ceil(b[0] - x0)); x < Math.min(width, Math.floor(b[2] - x0)); x++) seen[x] = 1;
      for (let x = 0; x < width; x++) cover[x] += seen[x];
    }
    return cover;
  };
  const cover = coverage((row) => row.map((c) => c.bbox));
  // The same count figure by figure: two figures set a word space apart ("7,111 2,599.5",
  // one chunk) leave the band between their columns clear of figures if not of chunks.
  const figureCover = coverage((row) => row.flatMap(figureBoxes));
  // One row may cross a band (a spanning head, a total's label) in a table of a few rows too.
  const limit = rows.length >= MIN_CROSSING_ROWS ? Math.max(1, Math.floor(rows.length * SEPARATOR_CROSSING)) : 0;
  const closeSetLimit = Math.floor(rows.length * CLOSE_SET_CROSSING);
  const bandsWhere = (clear: (x: number) => boolean) => {
    const bands: [number, number][] = [];
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const open = x < width && clear(x);
      if (open && start < 0) start = x;
      if (!open && start >= 0) {
        if (x - start >= MIN_SEPARATOR && start > 0 && x < width) bands.push([x0 + start, x0 + x]);
        start = -1;
      }
    }
    return bands;
  };
  const bands = bandsWhere((x) => cover[x] <= limit || (figureCover[x] <= limit && cover[x] <= closeSetLimit));
  // Figures set close on most rows or all: the band between them is a border still where a
  // row (the head's "no." and "Rate") has a cell ending at it and another starting at it.
  const closeSet = bandsWhere((x) => figureCover[x] <= limit).filter(([a, b]) => !bands.some(([c, d]) => c < b && a < d) && rows.some((r) => bordersCells(r, a, b)));
  // A band must really separate: rows have text on both sides of it (all but the header,
  // whose stub is often empty, in a table of two or three rows).
  const needed = Math.min(MIN_TABLE_ROWS, Math.max(2, rows.length - 1));
  const boxes = rows.map((r) => r.flatMap(figureBoxes));
  return [...bands, ...closeSet].sort((p, q) => p[0] - q[0]).filter(([a, b]) => boxes.filter((r) => r.some((c) => c[2] <= b) && r.some((c) => c[0] >= a)).length >= needed);
}

/** Cells this close (font sizes) to a band border it. */
const BORDERING = 1;

/**
 * Whether a row has a chunk ending just before the band's middle and another starting just
 * after it (glyph boxes are estimates: a chunk may reach a little into the band).
 */
function bordersCells(row: Chunk[], a: number, b: number): boolean {
  const mid = (a + b) / 2;
  if (row.some((c) => c.bbox[0] < mid && c.bbox[2] > mid)) return false;
  return row.some((c) => c.bbox[2] <= mid && c.bbox[2] >= a - BORDERING * c.fontSize) && row.some((c) => c.bbox[0] >= mid && c.bbox[0] <= b + BORDERING * c.fontSize);
}

/** The boxes of a chunk's figures when it is nothing but figures a space apart (cells set close), else its own box. */
export function figureBoxes(chunk: Chunk): BBox[] {
  return severalFigures(chunk.runs.map((r) => r.text.trim())) ? chunk.runs.map((r) => r.bbox) : [chunk.bbox];
}
