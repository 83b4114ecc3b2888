// The page's drawing (rules, boxes, fills) as the layout converters redraw it.
import type { BBox, Page, Shape } from "../model";

/** The box a shape covers (a line's from its two ends). */
export function shapeBox(shape: Shape): BBox {
  if (shape.kind === "rect") return shape.bbox;
  const [[ax, ay], [bx, by]] = [shape.from, shape.to];
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/**
 * Shapes a drawn figure's picture does not already hold. A table's rules and fills are
 * among them: the PDF's own lines, exactly where it drew them (often only some of a grid's),
 * and the table is written without borders or shading of its own.
 */
export function shapesNotDrawnElsewhere(page: Page): Shape[] {
  const owners = page.blocks.filter((b) => b.drawn && !b.hidden).map((b) => b.bbox);
  const inside = (box: BBox) => owners.some((t) => box[0] >= t[0] - 1 && box[1] >= t[1] - 1 && box[2] <= t[2] + 1 && box[3] <= t[3] + 1);
  return (page.drawing ?? []).filter((shape) => !inside(shapeBox(shape))).map(fillAsRule);
}

/** A filled bar thinner than this (points) is a rule the PDF painted as a fill. */
const RULE_THICKNESS = 1;

/**
 * A thin filled bar (a table's 0.24 pt row rule) as a line as thick as the bar. Renderers
 * smooth a sub-pixel fill into a faint grey that vanishes, where a PDF viewer and a stroked
 * line keep it a pixel wide; and to the person editing, a rule is a line.
 */
function fillAsRule(shape: Shape): Shape {
  if (shape.kind !== "rect" || !shape.fill || shape.stroke) return shape;
  const [x0, y0, x1, y1] = shape.bbox;
  const [width, height] = [x1 - x0, y1 - y0];
  if (Math.min(width, height) >= RULE_THICKNESS) return shape;
  const [midX, midY] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return width >= height
    ? { kind: "line", from: [x0, midY], to: [x1, midY], stroke: shape.fill, width: height }
    : { kind: "line", from: [midX, y0], to: [midX, y1], stroke: shape.fill, width };
}
