// A model table as a real Word table: colSpan -> gridSpan, rowSpan -> vMerge restart /
// continue (Word wants the covered grid places present as continuation cells), column
// widths from the PDF. In flow mode thin borders where the PDF drew a grid and each cell's
// background; in layout mode the table floats at its PDF place without either, as the page's
// own rules and fills are redrawn behind it (docx-shapes.ts).
import { AlignmentType, BorderStyle, ShadingType, type IBorderOptions, type ITableFloatOptions, HeightRule, OverlapType, Paragraph, Table, TableAnchorType, LineRuleType, TableCell, TableLayoutType, TableRow, TextDirection, TextRun, VerticalAlign, VerticalMergeType, WidthType } from "docx";
import type { Block, Shape, TableCell as ModelCell } from "../model";
import { halfPoints, officeFont, twips } from "./fonts";
import { hexColor } from "./docx-styles";
import { cellFills, cellLineStyles } from "./table-cell-style";
import { columnWidths, gridColumns, pageColumnBorders, placeCells, printedCellText, rowHeights, rowsSetClose } from "./table-grid";
import { cellAlignments, cellInsets, cellVerticalAligns, cellLinePitch } from "./table-cell-text";

type LineStyles = ReturnType<typeof cellLineStyles>;

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: "808080" };
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: "auto" };
/** Cell padding (twips): tighter than Word's 5.4 pt so PDF-sized columns keep their line breaks. */
const CELL_PADDING_X = 60;
const CELL_PADDING_Y = 20;

export interface TableOptions {
  /** Table width in points. */
  width: number;
  /** Float the table at this page position (points), layout mode. */
  position?: { x: number; y: number };
  /** Give rows at least their PDF height (layout mode). */
  keepRowHeights?: boolean;
  /** The page's drawing, for the cells' backgrounds (flow mode). */
  drawing?: Shape[];
  /** Flow mode: the widest the table may grow to give its last column room for its padding (points). */
  maxWidth?: number;
}

/**
 * Flow mode: column widths (points) with room for the last column's right padding, which the
 * PDF's columns measured from the text do not have (a last column as wide as its "Truc 1"
 * wrapped it); the table grows by as much when it has `maxWidth` to grow to.
 */
function paddedWidths(widths: number[], maxWidth: number): number[] {
  const pad = CELL_PADDING_X / 20;
  if (widths.reduce((a, b) => a + b, 0) + pad > maxWidth) return widths;
  return widths.map((w, i) => (i === widths.length - 1 ? w + pad : w));
}

export function wordTable(block: Block, opts: TableOptions): Table {
  const table = block.table!;
  const columns = gridColumns(table);
  const measured = columnWidths(table, opts.width, block.bbox, { grow: Boolean(opts.position) });
  const widths = (opts.maxWidth ? paddedWidths(measured, opts.maxWidth) : measured).map(twips);
  const borders = pageColumnBorders(block);
  const alignOf = cellAlignments(block, borders);
  // Layout mode sets each cell's text as far from its borders as the PDF did.
  const insetOf = opts.position ? cellInsets(block, borders, alignOf, CELL_PADDING_X / 20) : undefined;
  const valignOf = cellVerticalAligns(block);
  const heights = opts.keepRowHeights ? rowHeights(table, block.bbox) : turnedTextHeights(block);
  const placed = placeCells(table);
  const starts = new Map(placed.map((p) => [`${p.row}:${p.col}`, p]));
  // Grid places covered by a cell merged down from an earlier row: "row:col" -> that cell.
  const coveredFromAbove = new Map<string, (typeof placed)[number]>();
  for (const p of placed) for (let dr = 1; dr < p.cell.rowSpan; dr++) coveredFromAbove.set(`${p.row + dr}:${p.col}`, p);
  const lineStyles = cellLineStyles(block);
  const fillOf = cellFills(block, opts.drawing);
  // Layout mode sets lines as tight as the PDF's rows allow.
  const tight = Boolean(opts.keepRowHeights);
  // Rows the PDF set close (a dense table of figures) get no padding above and below, or the table outgrows its page.
  const closeRows = tight || rowsSetClose(block);
  const span = (col: number, n: number) => widths.slice(col, col + n).reduce((a, b) => a + b, 0);

  const rows = table.rows.map((row, r) => {
    const cells: TableCell[] = [];
    for (let c = 0; c < columns; ) {
      const start = starts.get(`${r}:${c}`);
      const above = coveredFromAbove.get(`${r}:${c}`);
      const n = Math.max(1, (start ?? above)?.cell.colSpan ?? 1);
      const common = { width: { size: span(c, n), type: WidthType.DXA }, columnSpan: n > 1 ? n : undefined };
      if (start) {
        const align = alignOf(start.cell);
        const fill = hexColor(fillOf(start.cell));
        const shading = fill ? { fill, type: ShadingType.CLEAR, color: "auto" } : undefined;
        const inset = insetOf?.(start.cell);
        const margins = inset && { left: twips(inset.left), right: twips(inset.right) };
        cells.push(new TableCell({ ...common, shading, margins, verticalAlign: VALIGN[valignOf(start.cell)], textDirection: start.cell.rotated ? TURNED[start.cell.rotated] : undefined, children: [cellParagraph(start.cell, lineStyles, align, tight, inset?.shift)], verticalMerge: start.cell.rowSpan > 1 ? VerticalMergeType.RESTART : undefined }));
      }
      else if (above) cells.push(new TableCell({ ...common, children: [new Paragraph("")], verticalMerge: VerticalMergeType.CONTINUE }));
      // A ragged row: fill the grid so Word does not shift the following rows' cells.
      else cells.push(new TableCell({ ...common, children: [new Paragraph("")] }));
      c += n;
    }
    const height = heights[r] ?? 0;
    return new TableRow({
      children: cells,
      tableHeader: (row.length > 0 && row.every((cell) => cell.header)) || undefined,
      height: height ? { value: twips(height), rule: HeightRule.ATLEAST } : undefined,
    });
  });
  return new Table({
    rows,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    margins: { left: CELL_PADDING_X, right: CELL_PADDING_X, top: closeRows ? 0 : CELL_PADDING_Y, bottom: closeRows ? 0 : CELL_PADDING_Y },
    // Flow mode keeps a grid unless the table is known to be aligned text (a grid helps editing
    // a reflowed table); layout mode has the PDF's own rules drawn behind the table instead.
    borders: tableBorders(!opts.keepRowHeights && table.ruled !== false ? BORDER : NO_BORDER),
    float: opts.position ? floatAt(opts.position.x, opts.position.y) : undefined,
  });
}

/**
 * A layout table's place on the page (points). From the margin, which layout pages set at
 * 0, so the same place as from the page's edge: LibreOffice (7.4) lays a table placed from
 * the page's edges in the page's lower left quarter inline, at the top of the page's text.
 */
export function floatAt(x: number, y: number): ITableFloatOptions {
  return {
    horizontalAnchor: TableAnchorType.MARGIN,
    verticalAnchor: TableAnchorType.PAGE,
    absoluteHorizontalPosition: twips(x),
    absoluteVerticalPosition: twips(y),
    overlap: OverlapType.OVERLAP,
  };
}

/** Room (points) beyond a turned cell's printed length, for its padding and a wider substitute font. */
const TURNED_SLACK = 6;

/**
 * Flow mode: rows at least as tall as the turned text in them was long. Word lays a turned
 * cell's lines along the row's height and would otherwise break them every few letters.
 */
function turnedTextHeights(block: Block): number[] {
  const heights: number[] = [];
  for (const p of placeCells(block.table!)) {
    if (!p.cell.rotated || !p.cell.bbox) continue;
    const rows = Math.max(1, p.cell.rowSpan);
    const each = (p.cell.bbox[3] - p.cell.bbox[1] + TURNED_SLACK) / rows;
    for (let r = p.row; r < p.row + rows; r++) heights[r] = Math.max(heights[r] ?? 0, each);
  }
  return heights;
}

/** The grid as the PDF drew it: a table of aligned text only (ruled false) gets none. */
function tableBorders(b: IBorderOptions) {
  return { top: b, bottom: b, left: b, right: b, insideHorizontal: b, insideVertical: b };
}

/** Turned cell text: up the page is Word's bottom-to-top direction, down it top-to-bottom. */
const TURNED = { up: TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT, down: TextDirection.TOP_TO_BOTTOM_RIGHT_TO_LEFT } as const;
const VALIGN = { top: VerticalAlign.TOP, middle: VerticalAlign.CENTER, bottom: VerticalAlign.BOTTOM } as const;
const ALIGN = { left: undefined, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;

/** Lines of a cell in layout mode are this many font sizes apart: the PDF's rows leave no more room. */
const TIGHT_LINE_EM = 1.15;

/**
 * The cell's paragraph; layout mode breaks it where the PDF's lines ended, each line in its
 * own style. `shift` (points): a left margin when positive, a right one when negative,
 * moving centred text to its printed middle.
 */
function cellParagraph(cell: ModelCell, lineStyles: LineStyles, align: keyof typeof ALIGN, tight: boolean, shift = 0): Paragraph {
  const lines = (tight ? printedCellText(cell) : cell.text).split("\n");
  const styles = lineStyles(cell, lines.length);
  const size = Math.max(0, ...styles.map((st) => st?.fontSize ?? 0));
  const pitch = tight ? (cellLinePitch(cell, lines.length, size) ?? size * TIGHT_LINE_EM) : 0;
  return new Paragraph({
    spacing: { after: 0, ...(pitch ? { line: twips(pitch), lineRule: LineRuleType.EXACT } : {}) },
    indent: shift ? (shift > 0 ? { left: twips(shift) } : { right: twips(-shift) }) : undefined,
    alignment: ALIGN[align],
    children: lines.map((text, k) => {
      const style = styles[k];
      const color = hexColor(style?.color);
      return new TextRun({
        text,
        break: k > 0 ? 1 : undefined,
        bold: style ? style.bold || undefined : cell.header || undefined,
        italics: style?.italic || undefined,
        size: style?.fontSize ? halfPoints(style.fontSize) : undefined,
        font: style?.fontFamily ? officeFont(style.fontFamily) : undefined,
        color: color && color !== "000000" ? color : undefined,
      });
    }),
  });
}
