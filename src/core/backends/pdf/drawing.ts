// A page's straight-edged vector drawing for conversions that redraw the page: filled and
// stroked rectangles (boxes, shaded bands, bars) and straight stroked segments (rules,
// underlines, frames), with their colours and widths, in page units with a top-left
// origin. Curves are left out (they are glyph-like artwork, better rendered than rebuilt),
// but for rounded rectangles, redrawn as their boxes; white fills (the page is white) and
// page-sized backgrounds are left out too.
import type { BBox, Shape } from "../../model";
import type { PdfPage } from "./open";
import { applyMatrix, walkOperators, type Matrix, type OperatorList } from "./operator-walk";
import { asRect, paintedPath, roundedBoxes, subpaths } from "./graphics";

/** Shapes kept per page at most: a vector chart of thousands of paths is not redrawn piece by piece. */
const MAX_SHAPES = 1500;
/** A filled rectangle covering this share of the page is its background. */
const BACKGROUND_SHARE = 0.9;
/** Strokes thinner than this (points) are still drawn this wide (hairlines vanish otherwise). */
const MIN_WIDTH = 0.25;

export async function pageDrawing(page: PdfPage, rotation = page.rotate): Promise<Shape[]> {
  const viewport = page.getViewport({ scale: 1, rotation });
  const ops = (await page.getOperatorList()) as OperatorList;
  return drawingFromOperators(ops, viewport.transform as Matrix, viewport.width, viewport.height);
}

export function drawingFromOperators(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number): Shape[] {
  const out: Shape[] = [];
  walkOperators(ops, base, (fn, args, { ctm, fill, stroke, lineWidth }) => {
    const path = out.length < MAX_SHAPES ? paintedPath(fn, args) : undefined;
    if (!path) return;
    const { data, fills, strokes } = path;
    // The line width in page units: the transform's scale applied to it.
    const width = Math.max(MIN_WIDTH, Math.round(lineWidth * Math.hypot(ctm[0], ctm[1]) * 100) / 100);
    // Rounded rectangles (a highlight, a panel) are redrawn as their boxes, corners squared.
    const rounded = roundedBoxes(data);
    const polys = rounded ? rounded.map(boxCorners) : subpaths(data);
    for (const poly of polys.map((p) => p.map(([x, y]) => applyMatrix(ctm, x, y)))) {
      const rect = asRect(poly);
      if (rect) {
        const area = (rect[2] - rect[0]) * (rect[3] - rect[1]);
        const filled = fills && fill !== "#ffffff" && area < BACKGROUND_SHARE * pageWidth * pageHeight;
        if (filled || strokes) out.push({ kind: "rect", bbox: rect.map(round) as [number, number, number, number], ...(filled ? { fill } : {}), ...(strokes ? { stroke, width } : {}) });
        continue;
      }
      if (!strokes) continue;
      for (let k = 1; k < poly.length; k++) {
        const [a, b] = [poly[k - 1], poly[k]];
        if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 1) continue;
        out.push({ kind: "line", from: [round(a[0]), round(a[1])], to: [round(b[0]), round(b[1])], stroke, width });
      }
    }
  });
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A box's outline, closed. */
const boxCorners = ([x0, y0, x1, y1]: BBox): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
