// Word flow: underlines, strike-throughs and highlights. A PDF draws them as rules and fills
// under, through and behind its text, not as text styles; flow mode writes no drawing, so
// they are read back onto the spans they mark (the layout modes redraw the drawing itself).
// A mark over part of a span (one struck word) cuts the span there.
import type { Block, Document, Line, Page, Span } from "../model";
import { splitRunAt } from "../processors/tables/split-runs";
import { shapeBox, shapesNotDrawnElsewhere } from "./page-shapes";

export interface Decoration {
  underline?: boolean;
  strike?: boolean;
  /** The fill behind the text ("#rrggbb"). */
  highlight?: string;
}

export type DecoratedSpan = Span & Decoration;

/** Where a rule through or under a span lies, as shares of the span's box height from its top: */
const STRIKE_ZONE = [0.4, 0.74] as const;
const UNDERLINE_ZONE = [0.74, 1.2] as const;
/** A rule thicker than this share of the type size is a bar, not an underline. */
const MAX_RULE_SHARE = 0.15;
/** A mark reaching past its line's text by more than this many type sizes is a page rule or a band, not the text's. */
const REACH = 1.5;
/** A highlight is between these many times the span's box height tall... */
const HIGHLIGHT_HEIGHT = [0.6, 1.8] as const;
/** ...and covers this share of it. */
const HIGHLIGHT_COVER = 0.6;
/** A mark over less of a span than this (points) marks none of it; over this share of it, all of it. */
const MIN_MARK = 2;
const WHOLE_SPAN = 0.9;

/** A level rule (an underline or a strike-through, by where it crosses the text) or a filled box (a highlight). */
type Mark = { kind: "rule" | "fill"; x0: number; x1: number; y0: number; y1: number; color: string };

/** The document with its text's drawn marks as span styles; blocks without any stay the same objects. */
export function decoratedDocument(doc: Document): Document {
  let changed = false;
  const pages = doc.pages.map((page) => {
    const marks = pageMarks(page);
    if (!marks.length) return page;
    const blocks = page.blocks.map((block) => {
      const lines = block.lines?.map((line) => decorateLine(line, marks));
      if (!lines || lines.every((l, i) => l === block.lines![i])) return block;
      changed = true;
      return { ...block, lines } as Block;
    });
    return { ...page, blocks };
  });
  return changed ? { ...doc, pages } : doc;
}

/** The page's level rules and filled boxes that are not white (a white rule is a gap in a fill). */
function pageMarks(page: Page): Mark[] {
  const marks: Mark[] = [];
  for (const shape of shapesNotDrawnElsewhere(page)) {
    const [x0, y0, x1, y1] = shapeBox(shape);
    if (shape.kind === "line" && y1 - y0 <= 0.5 && shape.stroke !== "#ffffff") marks.push({ kind: "rule", x0, x1, y0: y0 - shape.width / 2, y1: y1 + shape.width / 2, color: shape.stroke });
    else if (shape.kind === "rect" && shape.fill && shape.fill !== "#ffffff") marks.push({ kind: "fill", x0, x1, y0, y1, color: shape.fill });
  }
  return marks;
}

function decorateLine(line: Line, marks: Mark[]): Line {
  const size = Math.max(...line.spans.map((s) => s.fontSize));
  const near = marks.filter((m) => m.x0 >= line.bbox[0] - REACH * size && m.x1 <= line.bbox[2] + REACH * size && m.y1 >= line.bbox[1] && m.y0 <= line.bbox[3] + size);
  if (!near.length) return line;
  let spans: DecoratedSpan[] = line.spans;
  for (const mark of near) spans = spans.flatMap((span) => markSpan(span, mark));
  return spans.length === line.spans.length && spans.every((s, i) => s === line.spans[i]) ? line : { ...line, spans };
}

/** The span with the mark applied: as it is, marked whole, or cut where the mark starts and ends. */
function markSpan(span: DecoratedSpan, mark: Mark): DecoratedSpan[] {
  const style = styleOf(span, mark);
  if (!style) return [span];
  const [x0, , x1] = span.bbox;
  const from = Math.max(x0, mark.x0);
  const to = Math.min(x1, mark.x1);
  if (to - from < MIN_MARK) return [span];
  if (to - from >= WHOLE_SPAN * (x1 - x0)) return [{ ...span, ...style }];
  return splitRunAt(span, [mark.x0, mark.x1]).map((piece) => {
    const middle = (piece.bbox[0] + piece.bbox[2]) / 2;
    return middle > mark.x0 && middle < mark.x1 ? { ...piece, ...style } : piece;
  });
}

/** What the mark does to the span: a rule under it or through it, a fill behind it; nothing when it lies elsewhere. */
function styleOf(span: Span, mark: Mark): Decoration | undefined {
  if (span.script) return undefined;
  const [, top, , bottom] = span.bbox;
  const height = bottom - top;
  if (height <= 0) return undefined;
  if (mark.kind === "fill") {
    const tall = mark.y1 - mark.y0;
    const cover = Math.min(bottom, mark.y1) - Math.max(top, mark.y0);
    return tall >= HIGHLIGHT_HEIGHT[0] * height && tall <= HIGHLIGHT_HEIGHT[1] * height && cover >= HIGHLIGHT_COVER * height ? { highlight: mark.color } : undefined;
  }
  if (mark.y1 - mark.y0 > Math.max(1, MAX_RULE_SHARE * span.fontSize)) return undefined;
  const at = ((mark.y0 + mark.y1) / 2 - top) / height;
  if (at >= STRIKE_ZONE[0] && at < STRIKE_ZONE[1]) return { strike: true };
  if (at >= UNDERLINE_ZONE[0] && at <= UNDERLINE_ZONE[1]) return { underline: true };
  return undefined;
}
