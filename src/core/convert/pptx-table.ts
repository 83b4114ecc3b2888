// A model table as a PowerPoint table at its PDF place. pptxgenjs takes rows the way the
// model stores them (a cell covered by a span from above is absent), with rowspan/colspan.
import type PptxGenJS from "pptxgenjs";
import type { Block } from "../model";
import { officeFont } from "./fonts";
import { dominantStyle } from "./spans";
import { cellStyles } from "./table-cell-style";
import { cellTextAlign, columnWidths, placeCells, printedCellText, rowHeights, rowsSetClose } from "./table-grid";

/** A table of aligned text (or one the parser could not tell) is drawn without a grid. */
const NO_BORDER: PptxGenJS.BorderProps = { type: "none" };
/** Cell padding (inches): tight, so PDF-sized columns keep their line breaks. */
const CELL_MARGIN = 0.03;
/** Text size relative to the body when the table has no spans of its own. */
const TABLE_TEXT_SCALE = 0.9;

/** Font sizes in half points, as PowerPoint shows them. */
const points = (size: number) => Math.max(1, Math.round(size * 2) / 2);

/** `scale` maps PDF points to inches on this slide. */
export function addSlideTable(slide: PptxGenJS.Slide, block: Block, scale: number, bodySize: number, font: string): void {
  const table = block.table!;
  const [x0, y0, x1] = block.bbox;
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const fontSize = (spans.length ? dominantStyle(spans).fontSize : bodySize * TABLE_TEXT_SCALE) * scale * 72;
  const widths = columnWidths(table, x1 - x0, block.bbox, { grow: true });
  const borders = widths.reduce((edges, w) => [...edges, edges[edges.length - 1] + w], [x0]);
  const column = new Map(placeCells(table).map((p) => [p.cell, p.col]));
  const styleOf = cellStyles(block);
  const rows: PptxGenJS.TableRow[] = table.rows.map((row) =>
    row.map((c) => {
      const col = column.get(c) ?? 0;
      const align = c.bbox ? cellTextAlign(c.bbox, borders[col], borders[Math.min(borders.length - 1, col + Math.max(1, c.colSpan))]) : "left";
      const style = styleOf(c);
      return {
        // The cell's lines break where the PDF's did.
        text: printedCellText(c),
        options: {
          rowspan: c.rowSpan > 1 ? c.rowSpan : undefined,
          colspan: c.colSpan > 1 ? c.colSpan : undefined,
          align,
          bold: style ? style.bold || undefined : c.header || undefined,
          italic: style?.italic || undefined,
          fontSize: style ? points(style.fontSize * scale * 72) : undefined,
          fontFace: style?.fontFamily ? officeFont(style.fontFamily) : undefined,
          color: style?.color ? style.color.replace("#", "").toUpperCase() : undefined,
        },
      };
    }),
  );
  slide.addTable(rows, {
    x: x0 * scale,
    y: y0 * scale,
    w: widths.reduce((a, b) => a + b, 0) * scale,
    colW: widths.map((w) => w * scale),
    // Rows as tall as the PDF's; PowerPoint grows a row its text needs.
    rowH: table.rows.length ? rowHeights(table, block.bbox).map((h) => h * scale) : undefined,
    fontSize: points(fontSize),
    fontFace: font,
    // Rows set close keep their height: no margin above and below the text.
    margin: rowsSetClose(block) ? [0, CELL_MARGIN, 0, CELL_MARGIN] : CELL_MARGIN,
    valign: "middle",
    // No grid of its own: the slide redraws the PDF's rules and fills where they were (page-shapes.ts).
    border: NO_BORDER,
    autoPage: false,
  });
}
