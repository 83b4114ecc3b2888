// A model table as a PowerPoint table at its PDF place. pptxgenjs takes rows the way the
// model stores them (a cell covered by a span from above is absent), with rowspan/colspan.
import type PptxGenJS from "pptxgenjs";
import type { Block } from "../model";
import { officeFont, slidePoints } from "./fonts";
import { dominantStyle } from "./spans";
import { cellLineStyles, type CellStyle } from "./table-cell-style";
import { columnWidths, pageColumnBorders, printedCellText, rowHeights, rowsSetClose } from "./table-grid";
import { cellAlignments, cellInsets, cellVerticalAligns, cellLinePitch } from "./table-cell-text";
import type { CellShifts } from "./pptx-repair";

/** A table of aligned text (or one the parser could not tell) is drawn without a grid. */
const NO_BORDER: PptxGenJS.BorderProps = { type: "none" };
/** Cell padding (inches): tight, so PDF-sized columns keep their line breaks. */
const CELL_MARGIN = 0.03;
/** Text size relative to the body when the table has no spans of its own. */
const TABLE_TEXT_SCALE = 0.9;

/** Turned cell text: reading up the page is PowerPoint's "rotate 270", down it "rotate 90". */
const TURNED = { up: "vert270", down: "vert" } as const;

/** A cell line's text options; without a style of its own a header is bold. */
function runStyle(style: CellStyle | undefined, header: boolean | undefined, scale: number): PptxGenJS.TextPropsOptions {
  return {
    bold: style ? style.bold || undefined : header || undefined,
    italic: style?.italic || undefined,
    fontSize: style ? slidePoints(style.fontSize * scale * 72) : undefined,
    fontFace: style?.fontFamily ? officeFont(style.fontFamily) : undefined,
    color: style?.color ? style.color.replace("#", "").toUpperCase() : undefined,
  };
}

/** `scale` maps PDF points to inches on this slide; `shifts` collects the cells' paragraph margins by table name (written when the file is mended). */
export function addSlideTable(slide: PptxGenJS.Slide, block: Block, scale: number, bodySize: number, font: string, shifts: CellShifts): void {
  const table = block.table!;
  const [x0, y0, x1] = block.bbox;
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const fontSize = (spans.length ? dominantStyle(spans).fontSize : bodySize * TABLE_TEXT_SCALE) * scale * 72;
  const widths = columnWidths(table, x1 - x0, block.bbox, { grow: true });
  const borders = pageColumnBorders(block);
  const alignOf = cellAlignments(block, borders);
  const insetOf = cellInsets(block, borders, alignOf, CELL_MARGIN / scale);
  // Rows set close keep their height: no margin above and below the text.
  const vertical = rowsSetClose(block) ? 0 : CELL_MARGIN;
  const lineStyles = cellLineStyles(block);
  const valignOf = cellVerticalAligns(block);
  const objectName = `table ${block.bbox.map(Math.round).join(",")}`;
  const cellShifts = new Map<number, number>();
  let ordinal = 0;
  const rows: PptxGenJS.TableRow[] = table.rows.map((row) =>
    row.map((c) => {
      const inset = insetOf(c);
      if (inset.shift) cellShifts.set(ordinal, inset.shift * scale * 72);
      ordinal++;
      // The cell's lines break where the PDF's did, each in its own style.
      const lines = printedCellText(c).split("\n");
      const styles = lineStyles(c, lines.length);
      // Turned lines as far apart as printed; level lines keep the default spacing, which
      // LibreOffice draws closer to the PDF (p2d-demo-section's two-line dates).
      const pitch = c.rotated ? cellLinePitch(c, lines.length, styles[0]?.fontSize ?? fontSize / scale / 72) : undefined;
      const spacing = pitch ? { lineSpacing: pitch * scale * 72 } : {};
      return {
        text: lines.map((text, k) => ({ text, options: { ...runStyle(styles[k], c.header, scale), ...spacing, breakLine: k < lines.length - 1 } })),
        options: {
          rowspan: c.rowSpan > 1 ? c.rowSpan : undefined,
          colspan: c.colSpan > 1 ? c.colSpan : undefined,
          align: alignOf(c),
          valign: valignOf(c),
          textDirection: c.rotated ? TURNED[c.rotated] : undefined,
          // Inches, as pptxgenjs reads a margin whose top is under 1 ([top, right, bottom, left]).
          margin: [vertical, inset.right * scale, vertical, inset.left * scale],
        },
      };
    }),
  );
  if (cellShifts.size) shifts.set(objectName, cellShifts);
  slide.addTable(rows, {
    objectName,
    x: x0 * scale,
    y: y0 * scale,
    w: widths.reduce((a, b) => a + b, 0) * scale,
    colW: widths.map((w) => w * scale),
    // Rows as tall as the PDF's; PowerPoint grows a row its text needs.
    rowH: table.rows.length ? rowHeights(table, block.bbox).map((h) => h * scale) : undefined,
    fontSize: slidePoints(fontSize),
    fontFace: font,
    margin: [vertical, CELL_MARGIN, vertical, CELL_MARGIN],
    valign: "middle",
    // No grid of its own: the slide redraws the PDF's rules and fills where they were (page-shapes.ts).
    border: NO_BORDER,
    autoPage: false,
  });
}
