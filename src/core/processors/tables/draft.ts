// The shape both detectors (ruling lines, text alignment) hand to the cell builder: a grid
// of rows and columns and the cells on it, each with the runs whose text it holds.
import type { Run } from "../../runs";
import type { BBox } from "../../model";

/** A cell covering rows [r0, r1) and columns [c0, c1). */
export interface CellDraft {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  bbox: BBox;
  runs: Run[];
}

export interface TableDraft {
  bbox: BBox;
  rowCount: number;
  colCount: number;
  cells: CellDraft[];
  /** Drawn with ruling lines (cells from the graphics) rather than found from text alignment. */
  ruled: boolean;
  /** Rows known to be header rows from the drawing (above the rule under the header); 0 when unknown. */
  headerRows: number;
  /** Not a table: its columns are short blocks of text side by side (a paper's authors), one block a column. */
  textColumns?: boolean;
  /** Where a ruled grid's column and row borders lie (rowCount + 1 and colCount + 1 positions). */
  borders?: { xs: number[]; ys: number[] };
}

/** A table found from text alignment needs this many rows with chunks in two or more columns. */
export const MIN_TABLE_ROWS = 3;
