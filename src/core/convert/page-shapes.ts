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
  return (page.drawing ?? []).filter((shape) => !inside(shapeBox(shape)));
}
