// Where each cell's text sits inside its cell, for the converters: left, centred or right
// (a column of figures read as a whole), top, middle or bottom (where the PDF drew the
// rows), and the padding that puts it where the PDF printed it in the layout modes.
import type { BBox, Block, TableCell } from "../model";
import { drawnBorders, placeCells } from "./table-grid";

/** A cell's text this close (points) to both of its borders' gaps alike is centred. */
const CENTRE_TOLERANCE = 3;
/** Right-aligned text (figures) ends within this much (points) of its column's right border... */
const RIGHT_HUG = 8;
/** ...and leaves at least this many times more room before it than after. */
const RIGHT_RATIO = 3;

/**
 * How a cell's text sits between its column borders (points): centred when it keeps the
 * same distance from both, right when it hugs the right border (figures), else left.
 */
export function cellTextAlign(textBox: BBox, left: number, right: number): "left" | "center" | "right" {
  const before = textBox[0] - left;
  const after = right - textBox[2];
  if (Math.abs(before - after) <= CENTRE_TOLERANCE + 0.1 * (right - left) && before > CENTRE_TOLERANCE) return "center";
  return after <= RIGHT_HUG && after * RIGHT_RATIO < before ? "right" : "left";
}

/** Text edges of one column's cells within this many points of one another are one edge. */
const COLUMN_EDGE_TOLERANCE = 2.5;
/** A column's cells share an edge when this share of them has it. */
const COLUMN_EDGE_SHARE = 0.8;

type CellAlign = ReturnType<typeof cellTextAlign>;

/**
 * How each cell's text is aligned. A column of figures is read as a whole: its numbers share
 * their right edge ("4 559" among "1,178"s is right-aligned even where it nearly fills its
 * cell), names share their left edge; a cell off its column's edge, a header, a column of
 * same-width text, and a spanning cell each go by where their own text sits (cellTextAlign).
 */
export function cellAlignments(block: Block, borders: number[]): (cell: TableCell) => CellAlign {
  const placed = placeCells(block.table!);
  const own = new Map(placed.map((p) => [p.cell, p.cell.bbox ? cellTextAlign(p.cell.bbox, ...spanBorders(borders, p.col, p.cell)) : ("left" as const)]));
  const byColumn = new Map<number, TableCell[]>();
  for (const p of placed) {
    if (p.cell.header || p.cell.colSpan > 1 || !p.cell.bbox || !p.cell.text.trim()) continue;
    byColumn.set(p.col, [...(byColumn.get(p.col) ?? []), p.cell]);
  }
  const shared = new Map<TableCell, CellAlign>();
  for (const cells of byColumn.values()) {
    const edge = columnEdge(cells);
    if (!edge) continue;
    for (const c of cells) if (Math.abs(edgeOf(c.bbox!, edge.align) - edge.at) <= COLUMN_EDGE_TOLERANCE) shared.set(c, edge.align);
  }
  // Turned text starts at its line's start (the bottom of a cell reading up): its box says nothing about left and right.
  return (cell) => (cell.rotated ? "left" : (shared.get(cell) ?? own.get(cell) ?? "left"));
}

/** A cell's text this close (points), plus a share of the cell's height, to both its row borders is set in the middle. */
const MIDDLE_TOLERANCE = 2;
const MIDDLE_SHARE = 0.1;

/**
 * Where each cell's text sits between its row borders: known only where the PDF drew them
 * (a header cell two rows tall with its name on the lower line sits at the bottom); else
 * in the middle, as rows whose borders come from the text gaps have it there anyway.
 */
export function cellVerticalAligns(block: Block): (cell: TableCell) => "top" | "middle" | "bottom" {
  const table = block.table!;
  const rows = drawnBorders(table.rowBorders, table.rows.length);
  if (!rows) return () => "middle";
  const first = new Map(placeCells(table).map((p) => [p.cell, p.row]));
  return (cell) => {
    const r = first.get(cell);
    if (r === undefined || !cell.bbox || !cell.text.trim() || cell.rotated) return "middle";
    const top = rows[r];
    const bottom = rows[Math.min(rows.length - 1, r + Math.max(1, cell.rowSpan))];
    const above = cell.bbox[1] - top;
    const below = bottom - cell.bbox[3];
    if (Math.abs(above - below) <= MIDDLE_TOLERANCE + MIDDLE_SHARE * (bottom - top)) return "middle";
    return above < below ? "top" : "bottom";
  };
}

/** Room left between a cell's text and its borders beyond what the PDF left, for a substitute font's wider glyphs or a size rounded up to the half point: at least this many points... */
const FONT_SLACK = 1;
/** ...or this share of the text's width. */
const FONT_SLACK_SHARE = 0.06;

/** A cell's padding (points) left and right; `shift`, when set, a paragraph margin (points: left when positive, right when negative) that moves centred text to its printed middle. */
export interface CellInset {
  left: number;
  right: number;
  shift?: number;
}

/**
 * Layout modes: the padding (points) that puts each cell's text where the PDF printed it:
 * a left-aligned cell's text as far from its left border as it was (a name column set in
 * from its rule), a right-aligned one as far from its right border, a centred one about
 * its printed middle; the other side keeps at most `pad`, and never so much that the text
 * would no longer fit on its printed lines.
 */
export function cellInsets(block: Block, borders: number[], alignOf: (cell: TableCell) => CellAlign, pad: number): (cell: TableCell) => CellInset {
  const col = new Map(placeCells(block.table!).map((p) => [p.cell, p.col]));
  return (cell) => {
    const [left, right] = spanBorders(borders, col.get(cell) ?? 0, cell);
    if (!cell.bbox || !cell.text.trim() || cell.rotated || left === undefined || right === undefined) return { left: pad, right: pad };
    const before = Math.max(0, cell.bbox[0] - left);
    const after = Math.max(0, right - cell.bbox[2]);
    const slack = Math.max(FONT_SLACK, FONT_SLACK_SHARE * (cell.bbox[2] - cell.bbox[0]));
    const room = Math.max(0, before + after - slack);
    const align = alignOf(cell);
    if (align === "left") {
      const l = Math.min(before, room);
      return { left: l, right: Math.min(pad, room - l) };
    }
    if (align === "right") {
      const r = Math.min(after, room);
      return { left: Math.min(pad, room - r), right: r };
    }
    // Centred: the narrower side keeps at most `pad`, the wider one the difference as well, so
    // the text's middle stays where it was. Across columns the difference is the paragraph's
    // margin instead: LibreOffice widens the table's last column by a share of a cell's padding.
    const side = Math.max(0, Math.min(pad, Math.min(before, after) - slack / 2));
    if (cell.colSpan > 1) {
      const most = Math.max(0, room - 2 * side);
      return { left: side, right: side, shift: Math.max(-most, Math.min(most, before - after)) };
    }
    return { left: Math.min(room, side + Math.max(0, before - after)), right: Math.min(room, side + Math.max(0, after - before)) };
  };
}

/**
 * The distance (points) between a cell's printed lines: its box is that times one less
 * than the lines, plus one line's height (a font size); a turned cell's lines are stacked
 * across its width. A tall merged cell's turned lines are often set far apart
 * (p2d-demo-table: 17.5 pt for 11 pt text), where an office line is about 1.2 sizes.
 * Undefined for one line, or lines set closer than a font size.
 */
export function cellLinePitch(cell: TableCell, lineCount: number, fontSize: number): number | undefined {
  if (!cell.bbox || lineCount < 2 || !fontSize) return undefined;
  const extent = cell.rotated ? cell.bbox[2] - cell.bbox[0] : cell.bbox[3] - cell.bbox[1];
  const pitch = (extent - fontSize) / (lineCount - 1);
  return pitch > fontSize ? pitch : undefined;
}

/** The borders either side of a cell that starts at grid column `col`. */
function spanBorders(borders: number[], col: number, cell: TableCell): [number, number] {
  return [borders[col], borders[Math.min(borders.length - 1, col + Math.max(1, cell.colSpan))]];
}

const edgeOf = (box: BBox, align: CellAlign) => (align === "left" ? box[0] : align === "right" ? box[2] : (box[0] + box[2]) / 2);

/** The one edge a column's text keeps, when only one of left, right and middle is shared (same-width text keeps all three and says nothing). */
function columnEdge(cells: TableCell[]): { align: CellAlign; at: number } | undefined {
  if (cells.length < 2) return undefined;
  const found = (["left", "right", "center"] as const).flatMap((align) => {
    const edges = cells.map((c) => edgeOf(c.bbox!, align)).sort((a, b) => a - b);
    const at = edges[Math.floor(edges.length / 2)];
    const near = edges.filter((e) => Math.abs(e - at) <= COLUMN_EDGE_TOLERANCE).length;
    return near >= COLUMN_EDGE_SHARE * cells.length ? [{ align, at }] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}
