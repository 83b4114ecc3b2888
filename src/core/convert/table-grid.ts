// Where each cell of a model table sits on the table's grid, and how wide the grid's
// columns are. The model stores rows as HTML does (a cell covered by a span from above is
// absent), Word needs the covered places filled, and both Office formats want widths.
import type { BBox, Block, Table, TableCell } from "../model";
import { dominantStyle } from "./spans";

export interface PlacedCell {
  cell: TableCell;
  row: number;
  col: number;
}

/** Every cell with its first grid row and column. */
export function placeCells(table: Table): PlacedCell[] {
  const taken = new Set<string>();
  const out: PlacedCell[] = [];
  table.rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (taken.has(`${r}:${c}`)) c++;
      out.push({ cell, row: r, col: c });
      for (let dr = 0; dr < Math.max(1, cell.rowSpan); dr++) for (let dc = 0; dc < Math.max(1, cell.colSpan); dc++) taken.add(`${r + dr}:${c + dc}`);
      c += Math.max(1, cell.colSpan);
    }
  });
  return out;
}

/** The number of grid columns: the declared count, or more when the rows need it. */
export function gridColumns(table: Table): number {
  const widest = Math.max(0, ...placeCells(table).map((p) => p.col + Math.max(1, p.cell.colSpan)));
  return Math.max(1, table.columnCount, widest);
}

/**
 * Column widths summing to `total`. The parser keeps each cell's *text* box, so a column
 * starts in the gutter between the text of the column before and its own (see gridEdges);
 * `bbox` is the table's box on the page. Without boxes the columns share the width evenly.
 */
export function columnWidths(table: Table, total: number, bbox?: BBox, { grow = false }: { grow?: boolean } = {}): number[] {
  const columns = gridColumns(table);
  const drawn = drawnBorders(table.columnBorders, columns);
  const edges = drawn ?? (bbox ? gridEdges(placeCells(table), columns, bbox[0], bbox[2], "col") : undefined);
  const raw = edges ? edges.slice(1).map((e, i) => e - edges[i]) : Array.from({ length: columns }, () => 1);
  const sum = raw.reduce((a, b) => a + b, 0);
  // Growing (layout modes), the table may pass its text's box: its last column needs room for its padding.
  const width = grow && bbox && edges ? total * Math.max(1, (edges[columns] - edges[0]) / Math.max(1, bbox[2] - bbox[0])) : total;
  return sum > 0 ? raw.map((w) => (w * width) / sum) : raw.map(() => width / columns);
}

/** The column borders on the PDF page (points), to tell how each cell's text sits between them. */
export function pageColumnBorders(block: Block): number[] {
  const table = block.table!;
  const drawn = drawnBorders(table.columnBorders, gridColumns(table));
  if (drawn) return drawn;
  // At the PDF's scale: the last column's padding may reach past the text's box.
  const widths = columnWidths(table, block.bbox[2] - block.bbox[0], block.bbox, { grow: true });
  return widths.reduce((edges, w) => [...edges, edges[edges.length - 1] + w], [block.bbox[0]]);
}

/** Row heights (points) summing to the table's height, the rows' borders in the gaps between their text. */
export function rowHeights(table: Table, bbox: BBox): number[] {
  const edges = drawnBorders(table.rowBorders, table.rows.length) ?? gridEdges(placeCells(table), table.rows.length, bbox[1], bbox[3], "row");
  return edges.slice(1).map((e, i) => e - edges[i]);
}

/** A ruled table's drawn borders when they fit the grid as it now stands (rows added across pages do not). */
export function drawnBorders(borders: number[] | undefined, count: number): number[] | undefined {
  return borders?.length === count + 1 ? borders : undefined;
}

/**
 * Where a table goes on its page in layout modes: on its drawn grid when the PDF ruled one
 * (text may stick out of a ruled box; the grid is what lines up with the page's rules),
 * else around its text.
 */
export function tableBox(block: Block): BBox {
  const table = block.table!;
  const cols = drawnBorders(table.columnBorders, gridColumns(table));
  const rows = drawnBorders(table.rowBorders, table.rows.length);
  const [x0, y0, x1, y1] = block.bbox;
  return [cols?.[0] ?? x0, rows?.[0] ?? y0, cols?.[cols.length - 1] ?? x1, rows?.[rows.length - 1] ?? y1];
}

/** The narrowest column or row a grid keeps (points), so no track collapses to nothing. */
const MIN_TRACK = 4;
/** Cells of a flush-left column start within this many points of one another. */
const FLUSH_TOLERANCE = 2;
/** Room (points) before a flush-left column's text: the cell padding Word and PowerPoint put there. */
const CELL_INSET = 3;

/**
 * The borders of a grid's columns (or rows), from `start` to `end`: each inner border
 * halfway between the furthest text end of the track before it and the nearest text start
 * of its own (just before that start for a flush-left column); borders the boxes say
 * nothing about are spread evenly between known ones.
 */
function gridEdges(placed: PlacedCell[], count: number, start: number, end: number, axis: "col" | "row"): number[] {
  const [lo, hi] = axis === "col" ? [0, 2] : [1, 3];
  const first = (p: PlacedCell) => (axis === "col" ? p.col : p.row);
  const span = (p: PlacedCell) => Math.max(1, axis === "col" ? p.cell.colSpan : p.cell.rowSpan);
  const textStart: number[] = Array(count).fill(Infinity);
  const textEnd: number[] = Array(count).fill(-Infinity);
  // Where each cell of one track starts: a column whose cells all start at one x is set flush left.
  const starts: number[][] = Array.from({ length: count }, () => []);
  // Only cells of one track say where a track's text starts: a spanning cell's text is
  // often centred across its tracks (a group header); where its text ends still bounds the
  // track it ends in.
  for (const p of placed) {
    if (!p.cell.bbox || !p.cell.text.trim()) continue;
    const a = first(p);
    if (span(p) === 1) {
      textStart[a] = Math.min(textStart[a], p.cell.bbox[lo]);
      starts[a].push(p.cell.bbox[lo]);
    }
    const b = a + span(p) - 1;
    if (b < count) textEnd[b] = Math.max(textEnd[b], p.cell.bbox[hi]);
  }
  const edges: (number | undefined)[] = Array(count + 1).fill(undefined);
  edges[0] = start;
  edges[count] = end;
  for (let i = 1; i < count; i++) {
    if (!Number.isFinite(textStart[i])) continue;
    const gap = Number.isFinite(textEnd[i - 1]) && textEnd[i - 1] < textStart[i];
    // A column set flush left starts just before its text, so its text stays where it was
    // printed; other borders go halfway across the gutter.
    const flushLeft = axis === "col" && starts[i].length > 1 && Math.max(...starts[i]) - textStart[i] <= FLUSH_TOLERANCE;
    if (flushLeft && (!gap || textStart[i] - CELL_INSET > textEnd[i - 1])) edges[i] = textStart[i] - CELL_INSET;
    else edges[i] = gap ? (textEnd[i - 1] + textStart[i]) / 2 : textStart[i] - MIN_TRACK / 2;
  }
  // Fill unknown borders evenly between known ones, then keep them in order.
  for (let i = 1; i < count; i++) {
    if (edges[i] !== undefined) continue;
    let j = i;
    while (edges[j] === undefined) j++;
    const a = edges[i - 1]!;
    edges[i] = a + (edges[j]! - a) / (j - i + 1);
  }
  const out = edges as number[];
  for (let i = 1; i <= count; i++) out[i] = Math.max(out[i], out[i - 1] + MIN_TRACK);
  // The table's box ends with its last text: a column also needs its padding after it.
  if (axis === "col" && Number.isFinite(textEnd[count - 1])) out[count] = Math.max(out[count], textEnd[count - 1] + CELL_INSET);
  return out;
}

/** A row whose text starts this far (points) above the row before it came from a later page. */
const PAGE_JUMP = 20;

/**
 * The rows a table printed on its own page. A table continued on the next page gets the
 * continuation's rows appended by the parser (the continuation stays, hidden, on its own
 * page); their text boxes are in that page's coordinates, so the first row that starts far
 * above the row before it is where the appended rows begin. Layout modes show only these.
 */
export function printedRows(table: Table): Table {
  let lastTop = -Infinity;
  for (let r = 0; r < table.rows.length; r++) {
    const tops = table.rows[r].filter((c) => c.bbox && c.text.trim()).map((c) => c.bbox![1]);
    if (!tops.length) continue;
    const top = Math.min(...tops);
    if (top < lastTop - PAGE_JUMP) {
      const rows = table.rows.slice(0, r).map((row, i) => row.map((c) => (i + c.rowSpan > r ? { ...c, rowSpan: r - i } : c)));
      return { ...table, rows };
    }
    lastTop = Math.max(lastTop, top);
  }
  return table;
}

/** Rows closer than this many font sizes leave no room for cell padding above and below. */
const CLOSE_ROWS_EM = 1.4;

/** Whether the PDF set the table's rows close (a dense table of figures): cells then get no padding above and below, or the table outgrows its page. */
export function rowsSetClose(block: Block): boolean {
  const rows = block.table!.rows.length;
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  return rows > 1 && spans.length > 0 && (block.bbox[3] - block.bbox[1]) / rows < CLOSE_ROWS_EM * dominantStyle(spans).fontSize;
}

/** A cell's text with its printed line ends as "\n" (layout modes: the cell's lines break where the PDF's did). */
export function printedCellText(cell: TableCell): string {
  if (!cell.lineBreaks?.length) return cell.text;
  let out = "";
  let from = 0;
  for (const at of cell.lineBreaks) {
    if (at <= from || at >= cell.text.length || cell.text[at] !== " ") continue;
    out += `${cell.text.slice(from, at)}\n`;
    from = at + 1;
  }
  return out + cell.text.slice(from);
}
