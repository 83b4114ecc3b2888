// Ruled tables: each grid drawn with lines (see lattice.ts) takes the runs inside it, each
// run going to the cell that holds its centre. Tables that rule their columns but not their
// rows draw one tall cell per column: where several columns have text lines on the same
// baselines, those lines are rows the drawing left out, and the grid gets them.
import type { Ruling, Run } from "../../runs";
import type { CellDraft, TableDraft } from "./draft";
import { latticeGrids, withColumns, withRows, type Lattice, type Segment } from "./lattice";
import { centre, inside, textRows, type Chunk, type TextRow } from "./rows";
import { figureBoxes, separatorBands } from "./separators";
import { LIST_MARKER } from "./not-a-table";
import { cutsWord, splitRunAt } from "./split-runs";
import { wordCount } from "../../scripts";

/** Runs this close (points) outside a grid's box still belong to it (glyph boxes are estimates). */
const SLACK = 1;
/** Baselines closer than this (points) are the same text row across cells. */
const SAME_BASELINE = 2;
/** A text row shared by this many cells of a grid row starts a row of its own... */
const SHARED_CELLS = 2;
/** ...when it has text in this share of the grid row's filled cells (wrapped cells share second lines only here and there). */
const SHARED_SHARE = 0.7;
/** Chunks spilling past an undrawn column border may be at most this share of a cell's chunks for it to be split into its columns. */
const MAX_SPILL_SHARE = 0.2;

export function ruledDrafts(runs: Run[], rulings: Ruling[]): TableDraft[] {
  const drafts: TableDraft[] = [];
  for (const first of latticeGrids(rulings)) {
    if (drawnUnderText(first, runs)) continue;
    // A lone box (a frame, a shaded band) is no grid to add columns to: the text inside it is left to the alignment search.
    const columns = first.xs.length > 2 || first.ys.length > 2 ? unruledColumns(first, runs) : [];
    let g = columns.length ? withColumns(first, columns) : first;
    let cells = cellsOf(g, runs);
    // Rows are looked for after the columns are restored: a body drawn as one box over
    // every column has its rows only in the text.
    const extra = unruledRows(g, cells);
    if (extra.length) {
      g = withRows(g, extra);
      cells = cellsOf(g, runs);
    }
    if (boxesOfText(cells)) continue;
    drafts.push({ bbox: g.bbox, rowCount: g.ys.length - 1, colCount: g.xs.length - 1, cells, ruled: true, headerRows: 0, borders: { xs: g.xs, ys: g.ys } });
  }
  return drafts;
}

/** A grid is drawn under the text, not around it, when its borders cut this many of the words inside it... */
const MIN_CUT_WORDS = 3;
/** ...and this share of its lines of words. */
const CUT_WORDS_SHARE = 0.3;

/**
 * A grid the text is written over rather than set in (squared paper behind an exam page, a
 * chart's grid under its labels): its column borders run through words, between two
 * letters, where a table's borders fall between its cells' texts.
 */
function drawnUnderText(g: Lattice, runs: Run[]): boolean {
  const worded = runs.filter((r) => /\p{L}{2}/u.test(r.text) && inside(r.bbox, g.bbox, SLACK));
  const cut = worded.filter((r) => bordersAcross(g, r).some((x) => cutsWord(r, x)));
  return cut.length >= MIN_CUT_WORDS && cut.length >= CUT_WORDS_SHARE * worded.length;
}

/** The grid's cells with their runs, spans the drawing only implies split back into columns. */
function cellsOf(g: Lattice, runs: Run[]): CellDraft[] {
  return assign(g, runs).flatMap((c) => unmergeColumns(c, g.xs));
}

function assign(g: Lattice, runs: Run[]): CellDraft[] {
  const cells = g.cells.map((c) => ({ ...c, bbox: [g.xs[c.c0], g.ys[c.r0], g.xs[c.c1], g.ys[c.r1]] as [number, number, number, number], runs: [] as Run[] }));
  for (const whole of runs) {
    const [cx, cy] = centre(whole.bbox);
    if (cx < g.bbox[0] - SLACK || cx > g.bbox[2] + SLACK || cy < g.bbox[1] - SLACK || cy > g.bbox[3] + SLACK) continue;
    for (const run of splitRunAt(whole, bordersAcross(g, whole))) assignRun(g, cells, run);
  }
  return cells;
}

/** x of the drawn column borders that cross a run (at its height). */
function bordersAcross(g: Lattice, run: Run): number[] {
  const y = (run.bbox[1] + run.bbox[3]) / 2;
  return g.v.filter((s) => s.a <= y && s.b >= y && s.pos > run.bbox[0] && s.pos < run.bbox[2]).map((s) => s.pos);
}

/** A run goes to the cell that holds its centre. */
function assignRun(g: Lattice, cells: CellDraft[], run: Run): void {
  const [x, y] = centre(run.bbox);
  const col = track(g.xs, x);
  const row = track(g.ys, y);
  cells.find((c) => row >= c.r0 && row < c.r1 && col >= c.c0 && col < c.c1)?.runs.push(run);
}

/**
 * Column borders the drawing leaves out: a grid column whose text stands in columns of its
 * own, white bands running down through it (a tabular ruled only after its first column,
 * `l|cc`). A band is a border beside each text line it runs clear through. A line with a
 * heading across a band, or a line holding nothing but a heading across one (a group's
 * name centred over its columns, "λ = 1" over a block of rows), stops the border: where a
 * border ends inside a grid row, the grid closes the cells beside it there (lattice.ts),
 * so the heading gets a row of its own over the columns it spans.
 */
function unruledColumns(g: Lattice, runs: Run[]): Segment[] {
  const out: Segment[] = [];
  for (let c = 0; c < g.xs.length - 1; c++) {
    const [x0, x1] = [g.xs[c], g.xs[c + 1]];
    const inColumn = runs.filter((r) => r.bbox[0] >= x0 - SLACK && r.bbox[2] <= x1 + SLACK && r.bbox[1] >= g.bbox[1] - SLACK && r.bbox[3] <= g.bbox[3] + SLACK);
    if (!inColumn.length) continue;
    const lines = textRows(inColumn);
    // A band with only list markers left of it is the gap between bullets and their items.
    const bands = separatorBands(lines.map((r) => r.chunks), x0, x1);
    // (Measured from the bands' middles: a figure beside a dash may reach a little into the band.)
    const middle = ([a, b]: [number, number]) => (a + b) / 2;
    const markersOnly = (band: [number, number], k: number) => {
      const before = lines.flatMap((l) => l.chunks).filter((ch) => ch.bbox[2] <= middle(band) && ch.bbox[0] >= (k ? middle(bands[k - 1]) : x0));
      return before.length > 0 && before.every((ch) => LIST_MARKER.test(ch.text));
    };
    const borders = bands.filter((band, k) => !markersOnly(band, k)).map(([a, b]) => (a + b) / 2);
    if (!borders.length) continue;
    // Two figures a space apart either side of a border are two cells set close, not text across it.
    const crosses = (ch: Chunk, x: number) => figureBoxes(ch).some((b) => b[0] < x && b[2] > x);
    const loneHeading = (line: TextRow) => line.chunks.length === 1 && borders.some((x) => crosses(line.chunks[0], x));
    for (let r = 0; r < g.ys.length - 1; r++) {
      const [top, bottom] = [g.ys[r], g.ys[r + 1]];
      const inRow = lines.filter((l) => centre(l.bbox)[1] > top && centre(l.bbox)[1] < bottom);
      // Each line's share of the grid row: from halfway to the line above to halfway to the line below.
      const edges = [top, ...inRow.slice(1).map((l, i) => (inRow[i].bbox[3] + l.bbox[1]) / 2), bottom];
      for (const pos of borders) {
        if (!inRow.length) out.push({ pos, a: top, b: bottom });
        inRow.forEach((line, i) => {
          if (loneHeading(line) || line.chunks.some((ch) => crosses(ch, pos))) return;
          const last = out[out.length - 1];
          if (last && last.pos === pos && last.b === edges[i]) last.b = edges[i + 1];
          else out.push({ pos, a: edges[i], b: edges[i + 1] });
        });
      }
    }
  }
  return out;
}

/** Grid tracks narrower than this (points) are slivers between double borders, no column of text. */
const SLIVER = 6;

/** A cell over one column of text: any other track it covers is a sliver. */
function oneColumn(g: Lattice, c: CellDraft): boolean {
  let wide = 0;
  for (let k = c.c0; k < c.c1; k++) if (g.xs[k + 1] - g.xs[k] >= SLIVER) wide++;
  return wide <= 1;
}

/**
 * A cell over one grid row, or over several with at least twice as many lines of text as
 * rows: a column drawn as one box down a body whose other columns rule a row or two
 * (a "Total" ruled off on one side). A header cell over the rows of a grouped head, its
 * name wrapped on two lines, is one cell the drawing already made.
 */
function leavesRowsOut(c: CellDraft): boolean {
  const span = c.r1 - c.r0;
  return span === 1 || textRows(c.runs, Infinity).length >= 2 * span;
}

/** A cell of running text has at least this many lines... */
const PARAGRAPH_LINES = 4;
/** ...of this many words or more, most of them. */
const PARAGRAPH_LINE_WORDS = 5;

/**
 * A cell holding a paragraph: lines of many words, most of them. Two such cells side by
 * side (boxes of a layout, a page's columns) share their baselines because they share the
 * leading, not because their lines are rows.
 */
function runningText(c: CellDraft): boolean {
  const lines = textRows(c.runs, Infinity).map((r) => r.chunks.map((k) => k.text).join(" "));
  return lines.length >= PARAGRAPH_LINES && lines.filter((l) => wordCount(l) >= PARAGRAPH_LINE_WORDS).length > lines.length / 2;
}

/** A layout's boxes are few: a table of paragraphs has more cells than this. */
const MAX_LAYOUT_BOXES = 4;

/**
 * Boxes of a page's layout, not a table: a few drawn cells, two or more of them holding
 * paragraphs (a catalogue's panels under its banner).
 */
function boxesOfText(cells: CellDraft[]): boolean {
  const filled = cells.filter((c) => c.runs.length);
  return filled.length <= MAX_LAYOUT_BOXES && filled.filter(runningText).length >= 2;
}

/** A line that goes on from the line above it: it starts in lower case. */
const CONTINUES = /^\s*\p{Ll}/u;

/**
 * Lines between text rows that several single cells of one grid row share: each shared
 * baseline after the first opens a row (a wrapped line, on a baseline of its own, stays in its cell).
 */
function unruledRows(g: Lattice, cells: CellDraft[]): Segment[] {
  const out: Segment[] = [];
  for (let r = 0; r < g.ys.length - 1; r++) {
    const inRow = cells.filter((c) => c.r0 === r && oneColumn(g, c) && leavesRowsOut(c));
    const single = inRow.filter((c) => c.runs.length);
    const lines = single.flatMap((c) => textRows(c.runs, Infinity).map((row) => ({ cell: c, top: row.bbox[1], bottom: row.bbox[3], baseline: row.baseline, text: row.chunks.map((k) => k.text).join(" ") })));
    lines.sort((a, b) => a.baseline - b.baseline);
    const clusters: (typeof lines)[] = [];
    for (const l of lines) {
      const last = clusters[clusters.length - 1];
      if (last && l.baseline - last[0].baseline <= SAME_BASELINE) last.push(l);
      else clusters.push([l]);
    }
    // A baseline whose lines all go on in lower case with nothing in the stub column is the
    // second line of wrapped cells (a header's "Persons / directly reached"), no row of its own.
    const stub = Math.min(...single.map((c) => c.c0));
    const wrapped = (c: typeof lines) => !c.some((l) => l.cell.c0 === stub) && c.every((l) => CONTINUES.test(l.text));
    const shared = clusters.filter((c, k) => {
      const n = new Set(c.map((l) => l.cell)).size;
      return n >= SHARED_CELLS && n >= SHARED_SHARE * single.length && !(k > 0 && wrapped(c));
    });
    if (shared.length < 2 || single.filter(runningText).length >= 2) continue;
    // A row line drawn only beside a tall cell (a total ruled off under the figures alone)
    // goes on through it where its text leaves a gap.
    for (const c of inRow.filter((c) => c.r1 - c.r0 > 1)) {
      for (let k = c.r0 + 1; k < c.r1; k++) {
        if (!lines.some((l) => l.cell === c && l.top < g.ys[k] && l.bottom > g.ys[k])) out.push({ pos: g.ys[k], a: c.bbox[0], b: c.bbox[2] });
      }
    }
    // Across the empty cells too: a row line that stops short leaves them merged down the grid.
    const x0 = Math.min(...inRow.map((c) => c.bbox[0]));
    const x1 = Math.max(...inRow.map((c) => c.bbox[2]));
    for (let k = 1; k < shared.length; k++) {
      const top = Math.min(...shared[k].map((l) => l.top));
      const above = lines.filter((l) => l.baseline < shared[k][0].baseline - SAME_BASELINE);
      const bottom = Math.max(...above.map((l) => l.bottom));
      out.push({ pos: (Math.min(top, bottom) + top) / 2, a: x0, b: x1 });
    }
  }
  return out;
}

/**
 * A cell over several columns only because the borders between them are not drawn (tables
 * that rule the header's columns and then only the rows, or draw the body as one box): when
 * its text falls apart into chunks that each sit inside one of those columns, it is one cell
 * per column. A long line may spill past an undrawn border into a column that is empty on
 * that line (a description running under the amounts' head); it stays in the column it
 * starts in. A heading that runs across the columns (one chunk over a border, nothing
 * else) keeps the span, and so does text where spills are more than a few.
 */
function unmergeColumns(cell: CellDraft, xs: number[]): CellDraft[] {
  if (cell.c1 - cell.c0 < 2 || !cell.runs.length) return [cell];
  const byCol = new Map<number, Run[]>();
  let chunks = 0;
  let spills = 0;
  for (const row of textRows(cell.runs)) {
    const spans = row.chunks.map((ch) => ({ ch, k0: track(xs, ch.bbox[0] + SLACK), k1: track(xs, ch.bbox[2] - SLACK) }));
    for (const { ch, k0, k1 } of spans) {
      if (k0 < cell.c0 || k1 >= cell.c1) return [cell];
      chunks++;
      if (k1 !== k0) {
        const collides = spans.some((o) => o.ch !== ch && o.k0 <= k1 && o.k1 >= k0);
        if (collides) return [cell];
        spills++;
      }
      byCol.set(k0, [...(byCol.get(k0) ?? []), ...ch.runs]);
    }
  }
  if (byCol.size < 2 || spills > MAX_SPILL_SHARE * chunks) return [cell];
  return Array.from({ length: cell.c1 - cell.c0 }, (_, i) => {
    const k = cell.c0 + i;
    return { ...cell, c0: k, c1: k + 1, bbox: [xs[k], cell.bbox[1], xs[k + 1], cell.bbox[3]] as CellDraft["bbox"], runs: byCol.get(k) ?? [] };
  });
}

/** The track (row or column) of a position: how many inner boundaries lie at or before it. */
function track(bounds: number[], v: number): number {
  let i = 0;
  while (i < bounds.length - 2 && bounds[i + 1] <= v) i++;
  return i;
}
