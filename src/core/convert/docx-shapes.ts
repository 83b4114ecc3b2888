// The page's drawing in Word layout mode: rules, boxes and fills as DrawingML shapes floating
// behind the text at their page positions, a table's rules and fills included (drawn figures hold
// their own lines). All of a page's shapes ride in one empty paragraph, so they take no room.
import { HorizontalPositionRelativeFrom, Paragraph, TextWrappingType, VerticalPositionRelativeFrom } from "docx";
import { ShapeRun } from "docx/shapes";
import type { Page, Shape } from "../model";
import { shapeBox, shapesNotDrawnElsewhere } from "./page-shapes";

/** EMUs (the unit of drawing positions) per point. */
const EMU_PER_POINT = 12700;
/** Points to the 96-dpi pixels docx sizes shapes in (fractions kept: a hairline is under a pixel). */
const toPixels = (points: number) => (points * 96) / 72;

/** The page's shapes in one paragraph, or none when the page draws nothing of its own. */
export function pageShapes(page: Page): Paragraph[] {
  const shapes = shapesNotDrawnElsewhere(page);
  return shapes.length ? [new Paragraph({ spacing: { before: 0, after: 0 }, children: shapes.map((shape, k) => shapeRun(shape, k + 1)) })] : [];
}

/** `order` keeps the PDF's painting order (a highlight over a shaded panel stays over it). */
function shapeRun(shape: Shape, order: number): ShapeRun {
  const [x0, y0, x1, y1] = shapeBox(shape);
  const floating = {
    horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(x0 * EMU_PER_POINT) },
    verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(y0 * EMU_PER_POINT) },
    behindDocument: true,
    zIndex: order,
    allowOverlap: true,
    wrap: { type: TextWrappingType.NONE },
  };
  const color = (c: string) => c.replace("#", "").toUpperCase();
  if (shape.kind === "rect") {
    return new ShapeRun({
      type: "rectangle",
      transformation: { width: toPixels(x1 - x0), height: toPixels(y1 - y0) },
      fill: shape.fill ? color(shape.fill) : "none",
      line: shape.stroke ? { color: color(shape.stroke), width: shape.width ?? 1 } : "none",
      floating,
    });
  }
  // A line shape runs from its box's top-left corner to the bottom-right; flipped for the other diagonal.
  const [[ax, ay], [bx, by]] = [shape.from, shape.to];
  return new ShapeRun({
    type: "line",
    transformation: { width: toPixels(x1 - x0), height: toPixels(y1 - y0), flip: (bx < ax) !== (by < ay) ? { horizontal: true } : undefined },
    line: { color: color(shape.stroke), width: shape.width },
    floating,
  });
}
