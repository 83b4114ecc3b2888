// Ruling lines of a PDF page from pdf.js's operator list: the horizontal and vertical
// strokes and thin filled rectangles that draw table grids, in page units with a top-left
// origin. Cell shading (filled rectangles) contributes its edges, which is how tables
// drawn with coloured cells instead of lines show their grid.
//
// pdf.js 6 packs each path into one `constructPath` op: args [paintOp, [Float32Array of
// DrawOPS (moveTo 0 x y, lineTo 1 x y, curveTo 2 x1 y1 x2 y2 x y, quadraticCurveTo 3, closePath 4)], minMax];
// the current transform is ours to track through save/restore/transform and form XObjects.
import type { PdfPage } from "./open";
import { pdfjs } from "./pdfjs";

/** An axis-aligned line: horizontal when y0 === y1, vertical when x0 === x1 (x0 <= x1, y0 <= y1). */
export interface Ruling {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A rectangle thinner than this (points) is a line drawn as a fill. */
const THIN = 3;
/** Off-axis drift (points) still counted as horizontal/vertical. */
const AXIS_TOLERANCE = 0.5;
/** Shorter segments are dots, dashes or glyph parts, not rules. */
const MIN_LENGTH = 2;
/** A filled rectangle covering more than this share of the page is a background, not a cell. */
const BACKGROUND_SHARE = 0.5;

const OPS = pdfjs.OPS;
const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);

type Matrix = number[];

interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: unknown[];
}

export async function pageRulings(page: PdfPage): Promise<Ruling[]> {
  const viewport = page.getViewport({ scale: 1 });
  // pdf.js caches the list per page: a page whose fonts were probed (fonts.ts) pays nothing more.
  const ops = (await page.getOperatorList()) as OperatorList;
  return rulingsFromOperators(ops, viewport.transform as Matrix, viewport.width, viewport.height);
}

export function rulingsFromOperators(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number): Ruling[] {
  const out: Ruling[] = [];
  let ctm: Matrix = base;
  let fill = "#000000";
  const stack: { ctm: Matrix; fill: string }[] = [];
  const apply = (x: number, y: number): [number, number] => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ctm, fill });
        break;
      case OPS.restore:
        ({ ctm, fill } = stack.pop() ?? { ctm, fill });
        break;
      case OPS.transform:
        ctm = pdfjs.Util.transform(ctm, args as Matrix) as Matrix;
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ctm, fill });
        if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0])) ctm = pdfjs.Util.transform(ctm, Array.from(args[0] as ArrayLike<number>)) as Matrix;
        break;
      case OPS.paintFormXObjectEnd:
        ({ ctm, fill } = stack.pop() ?? { ctm, fill });
        break;
      case OPS.setFillRGBColor:
        if (typeof args?.[0] === "string") fill = args[0];
        break;
      case OPS.constructPath: {
        const paint = args[0] as number;
        const data = (args[1] as (ArrayLike<number> | null)[])?.[0];
        if (!data || !(STROKES.has(paint) || FILLS.has(paint))) break;
        const polys = subpaths(data).map((p) => p.map(([x, y]) => apply(x, y)));
        for (const poly of polys) {
          const rect = asRect(poly);
          if (FILLS.has(paint) && !rect) continue;
          if (rect && (FILLS.has(paint) || paint === OPS.fillStroke || paint === OPS.closeFillStroke)) {
            if (fill === "#ffffff" && !STROKES.has(paint)) continue;
            addRect(out, rect, pageWidth, pageHeight);
            continue;
          }
          for (let k = 1; k < poly.length; k++) addSegment(out, poly[k - 1], poly[k]);
        }
        break;
      }
    }
  }
  return out;
}

/** Sub-paths as point lists; curves contribute only their end points (they are not rules). */
function subpaths(data: ArrayLike<number>): [number, number][][] {
  const out: [number, number][][] = [];
  let cur: [number, number][] = [];
  for (let i = 0; i < data.length; ) {
    switch (data[i++]) {
      case DRAW.moveTo:
        if (cur.length) out.push(cur);
        cur = [[data[i++], data[i++]]];
        break;
      case DRAW.lineTo:
        cur.push([data[i++], data[i++]]);
        break;
      case DRAW.curveTo:
        i += 4;
        // A curve breaks the chain of straight segments: start a new sub-path at its end.
        if (cur.length) out.push(cur);
        cur = [[data[i++], data[i++]]];
        break;
      case DRAW.quadraticCurveTo:
        i += 2;
        if (cur.length) out.push(cur);
        cur = [[data[i++], data[i++]]];
        break;
      case DRAW.closePath:
        if (cur.length > 1) cur.push(cur[0]);
        break;
      default:
        return out;
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** An axis-aligned rectangle [x0, y0, x1, y1] when the polygon is one. */
function asRect(poly: [number, number][]): [number, number, number, number] | null {
  const pts = poly.length > 1 && poly[0][0] === poly[poly.length - 1][0] && poly[0][1] === poly[poly.length - 1][1] ? poly.slice(0, -1) : poly;
  if (pts.length !== 4) return null;
  for (let k = 0; k < 4; k++) {
    const [a, b] = [pts[k], pts[(k + 1) % 4]];
    if (Math.abs(a[0] - b[0]) > AXIS_TOLERANCE && Math.abs(a[1] - b[1]) > AXIS_TOLERANCE) return null;
  }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function addRect(out: Ruling[], [x0, y0, x1, y1]: [number, number, number, number], pageWidth: number, pageHeight: number): void {
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < THIN && h < THIN) return;
  if (h < THIN) return addSegment(out, [x0, (y0 + y1) / 2], [x1, (y0 + y1) / 2]);
  if (w < THIN) return addSegment(out, [(x0 + x1) / 2, y0], [(x0 + x1) / 2, y1]);
  if (w * h > BACKGROUND_SHARE * pageWidth * pageHeight) return;
  addSegment(out, [x0, y0], [x1, y0]);
  addSegment(out, [x0, y1], [x1, y1]);
  addSegment(out, [x0, y0], [x0, y1]);
  addSegment(out, [x1, y0], [x1, y1]);
}

function addSegment(out: Ruling[], a: [number, number], b: [number, number]): void {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if (dy <= AXIS_TOLERANCE && dx >= MIN_LENGTH) {
    const y = (a[1] + b[1]) / 2;
    out.push({ x0: Math.min(a[0], b[0]), y0: y, x1: Math.max(a[0], b[0]), y1: y });
  } else if (dx <= AXIS_TOLERANCE && dy >= MIN_LENGTH) {
    const x = (a[0] + b[0]) / 2;
    out.push({ x0: x, y0: Math.min(a[1], b[1]), x1: x, y1: Math.max(a[1], b[1]) });
  }
}
