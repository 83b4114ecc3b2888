// A model table as a PowerPoint table at its PDF place. pptxgenjs takes rows the way the
// model stores them (a cell covered by a span from above is absent), with rowspan/colspan.
import type PptxGenJS from "pptxgenjs";
import type { Block } from "../model";
import { dominantStyle } from "./spans";
import { columnWidths } from "./table-grid";

const BORDER: PptxGenJS.BorderProps = { type: "solid", pt: 0.5, color: "808080" };
/** A table of aligned text only (the model's `ruled` false) is drawn without a grid, as the PDF showed it. */
const NO_BORDER: PptxGenJS.BorderProps = { type: "none" };
/** Cell padding (inches): tight, so PDF-sized columns keep their line breaks. */
const CELL_MARGIN = 0.03;
/** Text size relative to the body when the table has no spans of its own. */
const TABLE_TEXT_SCALE = 0.9;

/** `scale` maps PDF points to inches on this slide. */
export function addSlideTable(slide: PptxGenJS.Slide, block: Block, scale: number, bodySize: number, font: string): void {
  const table = block.table!;
  const [x0, y0, x1, y1] = block.bbox;
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const fontSize = (spans.length ? dominantStyle(spans).fontSize : bodySize * TABLE_TEXT_SCALE) * scale * 72;
  const rows: PptxGenJS.TableRow[] = table.rows.map((row) =>
    row.map((c) => ({
      text: c.text,
      options: { rowspan: c.rowSpan > 1 ? c.rowSpan : undefined, colspan: c.colSpan > 1 ? c.colSpan : undefined, bold: c.header || undefined },
    })),
  );
  slide.addTable(rows, {
    x: x0 * scale,
    y: y0 * scale,
    w: (x1 - x0) * scale,
    colW: columnWidths(table, x1 - x0).map((w) => w * scale),
    // Rows share the PDF height; PowerPoint grows a row its text needs.
    rowH: table.rows.length ? ((y1 - y0) * scale) / table.rows.length : undefined,
    fontSize: Math.max(1, Math.round(fontSize * 2) / 2),
    fontFace: font,
    margin: CELL_MARGIN,
    valign: "middle",
    border: table.ruled === false ? NO_BORDER : BORDER,
    autoPage: false,
  });
}
