// The page's drawing in Word layout mode: rules, boxes and fills as DrawingML shapes floating
// behind the text at their page positions, a table's rules and fills included (drawn figures hold
// their own lines). All of a page's shapes ride in one empty paragraph, so they take no room.
import { HorizontalPositionRelativeFrom, Paragraph, TextWrappingType, VerticalPositionRelativeFrom, WpsShapeRun } from "docx";
import type { Page, Shape } from "../model";
import { hexColor } from "./docx-styles";
import { shapeBox, shapesNotDrawnElsewhere } from "./page-shapes";
import { EMU_PER_POINT } from "./fonts";

/** Points to the 96-dpi pixels docx sizes shapes in (fractions kept: a hairline is under a pixel). */
const toPixels = (points: number) => (points * 96) / 72;
/** A line this close (points) to level or plumb is drawn as a rule. */
const AXIS_TOLERANCE = 0.5;

/** The page's shapes in one paragraph, or none when the page draws nothing of its own. */
export function pageShapes(page: Page): Paragraph[] {
  const runs = shapesNotDrawnElsewhere(page).flatMap((shape, k) => shapeRun(shape, k + 1) ?? []);
  return runs.length ? [new Paragraph({ spacing: { before: 0, after: 0 }, children: runs })] : [];
}

/**
 * One shape as an empty DrawingML rectangle (a rule is a rectangle of no height or width
 * with its outline drawn); `order` keeps the PDF's painting order (a highlight over a shaded
 * panel stays over it). Slanted lines are left out: a chart's are in its drawn picture. (The
 * main docx module's shape run is used: its separate shapes module adds 600 kB to the upload.)
 */
function shapeRun(shape: Shape, order: number): WpsShapeRun | undefined {
  const [x0, y0, x1, y1] = shapeBox(shape);
  if (shape.kind === "line" && x1 - x0 > AXIS_TOLERANCE && y1 - y0 > AXIS_TOLERANCE) return undefined;
  const stroke = shape.kind === "line" ? { color: hexColor(shape.stroke), width: shape.width } : shape.stroke ? { color: hexColor(shape.stroke), width: shape.width ?? 1 } : undefined;
  const fill = shape.kind === "rect" ? hexColor(shape.fill) : undefined;
  return new WpsShapeRun({
    type: "wps",
    children: [],
    transformation: { width: toPixels(x1 - x0), height: toPixels(y1 - y0) },
    outline: stroke?.color ? { type: "solidFill", solidFillType: "rgb", value: stroke.color, width: Math.round(stroke.width * EMU_PER_POINT) } : { type: "noFill" },
    solidFill: fill ? { type: "rgb", value: fill } : undefined,
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(x0 * EMU_PER_POINT) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(y0 * EMU_PER_POINT) },
      behindDocument: true,
      zIndex: order,
      allowOverlap: true,
      wrap: { type: TextWrappingType.NONE },
    },
  });
}
