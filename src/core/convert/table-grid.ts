// Where each cell of a model table sits on the table's grid, and how wide the grid's
// columns are. The model stores rows as HTML does (a cell covered by a span from above is
// absent), Word needs the covered places filled, and both Office formats want widths.
import type { BBox, Table, TableCell } from "../model";

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
 * Column widths summing to `total`: measured from single-column cells' boxes where the
 * parser kept them, the rest of the width shared evenly among unmeasured columns.
 */
export function columnWidths(table: Table, total: number): number[] {
  const columns = gridColumns(table);
  const samples: number[][] = Array.from({ length: columns }, () => []);
  for (const { cell, col } of placeCells(table)) if (cell.colSpan <= 1 && cell.bbox) samples[col].push(width(cell.bbox));
  const measured = samples.map((s) => (s.length ? median(s) : 0));
  const known = measured.reduce((a, b) => a + b, 0);
  const unknown = measured.filter((w) => !w).length;
  const share = unknown ? Math.max(0, total - known) / unknown : 0;
  const raw = measured.map((w) => w || share || total / columns);
  const scale = total / raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w * scale);
}

const width = (b: BBox) => Math.max(0, b[2] - b[0]);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
