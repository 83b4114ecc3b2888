// Ruling lines of a PDF page from pdf.js's operator list: the horizontal and vertical
// strokes and thin filled rectangles that draw table grids, in page units with a top-left
// origin. Cell shading (filled rectangles) contributes its edges, which is how tables
// drawn with coloured cells instead of lines show their grid.
//
// pdf.js 6 packs each path into one `constructPath` op: args [paintOp, [Float32Array of
// DrawOPS (moveTo 0 x y, lineTo 1 x y, curveTo 2 x1 y1 x2 y2 x y, quadraticCurveTo 3, closePath 4)], minMax];
// the current transform is tracked by the shared walker (operator-walk.ts).
import type { Ruling } from "../../runs";
import type { BBox } from "../../model";
import type { PdfPage } from "./open";
import { pdfjs } from "./pdfjs";
import { applyMatrix, walkOperators, type Matrix, type OperatorList } from "./operator-walk";

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
/** Paint operators that stroke a path (and maybe fill it), and those that only fill it. */
const STROKE_OPS = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const FILL_OPS = new Set<number>([OPS.fill, OPS.eoFill]);
/** Every paint operator that fills the path (with or without stroking it). */
const FILLING_OPS = new Set<number>([...FILL_OPS, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);

/** `rotation`: the viewport rotation the page's text was read under (PageRuns.rotation). */
export async function pageRulings(page: PdfPage, rotation = page.rotate): Promise<Ruling[]> {
  const viewport = page.getViewport({ scale: 1, rotation });
  // pdf.js caches the list per page: a page whose fonts were probed (fonts.ts) pays nothing more.
  const ops = (await page.getOperatorList()) as OperatorList;
  return rulingsFromOperators(ops, viewport.transform as Matrix, viewport.width, viewport.height);
}

/** A painted path of the operator list: its paint operator, its packed path data, and whether it is stroked and filled; undefined for any other operator (and for paths only clipped with). */
export function paintedPath(fn: number, args: unknown[]): { paint: number; data: ArrayLike<number>; strokes: boolean; fills: boolean } | undefined {
  if (fn !== OPS.constructPath) return undefined;
  const paint = args[0] as number;
  const data = (args[1] as (ArrayLike<number> | null)[])?.[0];
  const strokes = STROKE_OPS.has(paint);
  const fills = FILLING_OPS.has(paint);
  return data && (strokes || fills) ? { paint, data, strokes, fills } : undefined;
}

export function rulingsFromOperators(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number): Ruling[] {
  const out: Ruling[] = [];
  walkOperators(ops, base, (fn, args, { ctm, fill }) => {
    const path = paintedPath(fn, args);
    if (!path) return;
    const { paint, data } = path;
    const polys = subpaths(data).map((p) => p.map(([x, y]) => applyMatrix(ctm, x, y)));
    for (const poly of polys) {
      const rect = asRect(poly);
      if (FILL_OPS.has(paint) && !rect) continue;
      if (rect && (FILL_OPS.has(paint) || paint === OPS.fillStroke || paint === OPS.closeFillStroke)) {
        if (fill === "#ffffff" && !STROKE_OPS.has(paint)) continue;
        addRect(out, rect, pageWidth, pageHeight);
        continue;
      }
      for (let k = 1; k < poly.length; k++) addSegment(out, poly[k - 1], poly[k]);
    }
  });
  return out;
}

/** Sub-paths as point lists; curves contribute only their end points (they are not rules). */
export function subpaths(data: ArrayLike<number>): [number, number][][] {
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

/** A rounded corner or end bulges at most this share of the box's shorter side (a circle's quarters bulge half of it). */
const CORNER_SHARE = 0.35;
/** A rounded box has a level or plumb side at least this share of its longer side. */
const SIDE_SHARE = 0.5;

/**
 * The boxes [x0, y0, x1, y1] (path units) of a path whose every outline is a rounded
 * rectangle: level and plumb lines with small curves at the corners or ends (a panel, a
 * button, a text highlight with round ends, one outline a line of text); null when the
 * path has no curve, or any outline is something else (a circle, an ellipse, a curve).
 */
export function roundedBoxes(data: ArrayLike<number>): BBox[] | null {
  const outlines: { points: [number, number][]; curves: [number, number][][]; longest: number }[] = [];
  let cur: (typeof outlines)[number] | undefined;
  let [x, y] = [0, 0];
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === DRAW.moveTo) {
      [x, y] = [data[i++], data[i++]];
      cur = { points: [[x, y]], curves: [], longest: 0 };
      outlines.push(cur);
    } else if (!cur) return null;
    else if (op === DRAW.lineTo || op === DRAW.closePath) {
      const [nx, ny] = op === DRAW.lineTo ? [data[i++], data[i++]] : cur.points[0];
      if (Math.abs(nx - x) > AXIS_TOLERANCE && Math.abs(ny - y) > AXIS_TOLERANCE) return null;
      cur.longest = Math.max(cur.longest, Math.hypot(nx - x, ny - y));
      [x, y] = [nx, ny];
      cur.points.push([x, y]);
    } else if (op === DRAW.curveTo) {
      const curve: [number, number][] = [[x, y], [data[i], data[i + 1]], [data[i + 2], data[i + 3]], [data[i + 4], data[i + 5]]];
      i += 6;
      cur.curves.push(curve);
      cur.points.push(...curve.slice(1));
      [x, y] = curve[3];
    } else return null;
  }
  if (!outlines.length || outlines.every((o) => !o.curves.length)) return null;
  const boxes: BBox[] = [];
  for (const { points, curves, longest } of outlines) {
    const box = extent(points);
    const [w, h] = [box[2] - box[0], box[3] - box[1]];
    const most = CORNER_SHARE * Math.min(w, h);
    if (longest < SIDE_SHARE * Math.max(w, h)) return null;
    for (const c of curves) {
      const [cx0, cy0, cx1, cy1] = extent(c);
      if (Math.min(cx1 - cx0, cy1 - cy0) > most) return null;
    }
    boxes.push(box);
  }
  return boxes;
}

const extent = (points: [number, number][]): BBox => {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

/** An axis-aligned rectangle [x0, y0, x1, y1] when the polygon is one. */
export function asRect(poly: [number, number][]): [number, number, number, number] | null {
  // A point repeated (a path closed by a line back to its start, then closed again) adds no corner.
  const distinct = poly.filter((p, k) => k === 0 || p[0] !== poly[k - 1][0] || p[1] !== poly[k - 1][1]);
  const pts = distinct.length > 1 && distinct[0][0] === distinct[distinct.length - 1][0] && distinct[0][1] === distinct[distinct.length - 1][1] ? distinct.slice(0, -1) : distinct;
  if (pts.length !== 4) return null;
  for (let k = 0; k < 4; k++) {
    const [a, b] = [pts[k], pts[(k + 1) % 4]];
    if (Math.abs(a[0] - b[0]) > AXIS_TOLERANCE && Math.abs(a[1] - b[1]) > AXIS_TOLERANCE) return null;
  }
  return extent(pts);
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
