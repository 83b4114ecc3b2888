// Each table cell's own text style (font, size, bold, italic, colour), from the spans of
// the table block that lie inside the cell's text box: a table's title row, header and
// figures are often set differently, and one style for the whole table loses that.
import type { BBox, Block, Shape, Span, TableCell } from "../model";
import { dominantStyle, type StyledRun } from "./spans";

export type CellStyle = Omit<StyledRun, "text">;

/** A cell's box grown by this much (points) holds its spans. */
const SLACK = 1;
/** Share of the smaller of a span and a cell that must overlap across for the span to be the cell's. */
const MOSTLY = 0.5;

/** The cell's style, or the table's main style for a cell without a box or spans; undefined when the block kept no spans. */
export function cellStyles(block: Block): (cell: TableCell) => CellStyle | undefined {
  return cellSpansAndStyles(block).style;
}

/** The spans inside each cell's text box (looked for once a cell) and the cell's style from them. */
function cellSpansAndStyles(block: Block): { spansIn: (cell: TableCell) => Span[]; style: (cell: TableCell) => CellStyle | undefined } {
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const inside = new Map<TableCell, Span[]>();
  const spansIn = (cell: TableCell) => {
    let found = inside.get(cell);
    if (!found) inside.set(cell, (found = cell.bbox ? spans.filter((s) => within(s, cell.bbox!)) : []));
    return found;
  };
  if (!spans.length) return { spansIn, style: () => undefined };
  const main = dominantStyle(spans);
  const styles = new Map<TableCell, CellStyle>();
  return {
    spansIn,
    style: (cell) => {
      let style = styles.get(cell);
      if (!style) styles.set(cell, (style = spansIn(cell).length ? dominantStyle(spansIn(cell)) : main));
      return style;
    },
  };
}

/**
 * One style per printed line of each cell (layout modes keep a cell's lines): a title cell
 * of a black name over a red date keeps both colours. A cell whose spans do not fall into
 * as many lines as it printed gets its one style on every line.
 */
export function cellLineStyles(block: Block): (cell: TableCell, lineCount: number) => (CellStyle | undefined)[] {
  const { spansIn, style: whole } = cellSpansAndStyles(block);
  return (cell, lineCount) => {
    const style = whole(cell);
    const same = Array<CellStyle | undefined>(lineCount).fill(style);
    if (lineCount < 2 || !cell.bbox) return same;
    const lines = spanLines(spansIn(cell));
    return lines.length === lineCount ? lines.map((l) => dominantStyle(l)) : same;
  };
}

/** Spans grouped into lines, top to bottom: a span whose middle lies within a line's height joins it. */
function spanLines(spans: Span[]): Span[][] {
  const middle = (s: Span) => (s.bbox[1] + s.bbox[3]) / 2;
  const lines: { bottom: number; spans: Span[] }[] = [];
  for (const s of [...spans].sort((a, b) => middle(a) - middle(b))) {
    const last = lines[lines.length - 1];
    if (last && middle(s) <= last.bottom) last.spans.push(s);
    else lines.push({ bottom: s.bbox[3], spans: [s] });
  }
  return lines.map((l) => l.spans);
}

/**
 * Whether the span's text is in the cell: its middle within the cell's rows, and across it
 * covering most of the cell or most of itself lying in the cell (one style's span may run on
 * over several cells of a row: "Barcode  Last-used" in a monospaced header).
 */
function within(span: Span, box: BBox): boolean {
  const y = (span.bbox[1] + span.bbox[3]) / 2;
  if (y < box[1] - SLACK || y > box[3] + SLACK) return false;
  const overlap = Math.min(span.bbox[2], box[2] + SLACK) - Math.max(span.bbox[0], box[0] - SLACK);
  return overlap > MOSTLY * Math.min(span.bbox[2] - span.bbox[0], box[2] - box[0]);
}

/** A fill is a cell's background when it lies under this share of the cell's text box (less is a highlighted word). */
const UNDER_TEXT = 0.8;

/**
 * Each cell's background as the PDF painted it ("#rrggbb"), from the page's drawing: the
 * smallest filled rectangle inside the table under the cell's text (a header band, a
 * shaded column, a zebra row). Undefined for a cell on white or without text, or whose
 * text is only partly on a fill (p2d-demo-table's highlighted "Document" of
 * "Document.getToC()" is no yellow cell).
 */
export function cellFills(block: Block, drawing: Shape[] | undefined): (cell: TableCell) => string | undefined {
  const [tx0, ty0, tx1, ty1] = block.bbox;
  const fills = (drawing ?? []).flatMap((s) => (s.kind === "rect" && s.fill && s.bbox[0] >= tx0 - SLACK * 2 && s.bbox[1] >= ty0 - SLACK * 2 && s.bbox[2] <= tx1 + SLACK * 2 && s.bbox[3] <= ty1 + SLACK * 2 ? [{ box: s.bbox, fill: s.fill }] : []));
  if (!fills.length) return () => undefined;
  const area = ([x0, y0, x1, y1]: BBox) => (x1 - x0) * (y1 - y0);
  return (cell) => {
    if (!cell.bbox || !cell.text.trim()) return undefined;
    const text = cell.bbox;
    const covered = (box: BBox) => area([Math.max(box[0], text[0]), Math.max(box[1], text[1]), Math.min(box[2], text[2]), Math.min(box[3], text[3])]);
    const under = fills.filter(({ box }) => box[2] > text[0] && box[0] < text[2] && box[3] > text[1] && box[1] < text[3] && covered(box) >= UNDER_TEXT * area(text));
    return under.sort((a, b) => area(a.box) - area(b.box))[0]?.fill;
  };
}
