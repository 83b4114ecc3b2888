// Each table cell's own text style (font, size, bold, italic, colour), from the spans of
// the table block that lie inside the cell's text box: a table's title row, header and
// figures are often set differently, and one style for the whole table loses that.
import type { Block, Span, TableCell } from "../model";
import { dominantStyle, type StyledRun } from "./spans";

export type CellStyle = Omit<StyledRun, "text">;

/** A span belongs to a cell when its middle lies inside the cell's box grown by this much (points). */
const SLACK = 1;

/** The cell's style, or the table's main style for a cell without a box or spans; undefined when the block kept no spans. */
export function cellStyles(block: Block): (cell: TableCell) => CellStyle | undefined {
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  if (!spans.length) return () => undefined;
  const main = dominantStyle(spans);
  const cache = new Map<TableCell, CellStyle>();
  return (cell) => {
    let style = cache.get(cell);
    if (!style) {
      const inside = cell.bbox ? spans.filter((s) => within(s, cell.bbox!)) : [];
      style = inside.length ? dominantStyle(inside) : main;
      cache.set(cell, style);
    }
    return style;
  };
}

function within(span: Span, box: [number, number, number, number]): boolean {
  const x = (span.bbox[0] + span.bbox[2]) / 2;
  const y = (span.bbox[1] + span.bbox[3]) / 2;
  return x >= box[0] - SLACK && x <= box[2] + SLACK && y >= box[1] - SLACK && y <= box[3] + SLACK;
}
