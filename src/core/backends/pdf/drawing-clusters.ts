// Where a page's vector drawing lies: every painted path's box, grouped into clusters of
// paths that touch or nearly touch (a chart's axes, bars and ticks; a diagram's boxes and
// arrows; a molecule's bonds). The figure processor decides which clusters are figures
// (processors/vector-figures.ts); the renderer then draws them to PNG.
//
// Paths are grouped on a coarse grid rather than pairwise: a plotted chart has thousands
// of paths, and a grid keeps that linear. A stroked rectangle marks only its outline, so a
// frame around text or a figure does not glue everything inside it together.
import type { DrawingCluster } from "../../runs";
import type { BBox } from "../../model";
import type { PdfPage } from "./open";
import { applyMatrix, walkOperators, type Matrix, type OperatorList } from "./operator-walk";
import { asRect, paintedPath, subpaths } from "./graphics";

/** Grid cell (points): paths closer than about this are one drawing. */
const CELL = 4;
/** A path covering this share of the page is a background. */
const BACKGROUND_SHARE = 0.5;
/** Paths read per page at most: beyond, the page is artwork throughout and the first paths place it well enough. */
const MAX_PATHS = 20_000;
const CURVE_OPS = new Set([2, 3]);

interface Mark {
  box: BBox;
  /** Only the outline is painted (a stroked rectangle): its inside stays free. */
  outline: boolean;
  curved: boolean;
}

export async function pageDrawingClusters(page: PdfPage, rotation = page.rotate): Promise<DrawingCluster[]> {
  const viewport = page.getViewport({ scale: 1, rotation });
  // pdf.js caches the list per page: a page whose tables or images already fetched it pays nothing more.
  const ops = (await page.getOperatorList()) as OperatorList;
  return drawingClusters(ops, viewport.transform as Matrix, viewport.width, viewport.height);
}

export function drawingClusters(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number): DrawingCluster[] {
  const marks = pathMarks(ops, base, pageWidth, pageHeight);
  if (!marks.length) return [];
  const cols = Math.ceil(pageWidth / CELL) + 1;
  const rows = Math.ceil(pageHeight / CELL) + 1;
  // Each cell holds the index + 1 of a mark painted there; marks sharing a cell are joined.
  const cells = new Int32Array(cols * rows);
  const parent = marks.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const paint = (i: number, c: number, r: number) => {
    const at = r * cols + c;
    const there = cells[at] - 1;
    if (there < 0) cells[at] = i + 1;
    else parent[find(there)] = find(i);
  };
  for (const [i, m] of marks.entries()) {
    const [c0, r0, c1, r1] = [cell(m.box[0]), cell(m.box[1]), cell(m.box[2]), cell(m.box[3])].map((v, k) => Math.min(v, k % 2 ? rows - 1 : cols - 1));
    for (let r = r0; r <= r1; r++) {
      if (m.outline && r !== r0 && r !== r1) {
        paint(i, c0, r);
        paint(i, c1, r);
        continue;
      }
      for (let c = c0; c <= c1; c++) paint(i, c, r);
    }
  }
  const clusters = new Map<number, DrawingCluster>();
  for (const [i, m] of marks.entries()) {
    const root = find(i);
    const c = clusters.get(root);
    if (!c) clusters.set(root, { bbox: [...m.box], paths: 1, curved: m.curved ? 1 : 0 });
    else {
      c.bbox = [Math.min(c.bbox[0], m.box[0]), Math.min(c.bbox[1], m.box[1]), Math.max(c.bbox[2], m.box[2]), Math.max(c.bbox[3], m.box[3])];
      c.paths++;
      if (m.curved) c.curved++;
    }
  }
  return [...clusters.values()].map((c) => ({ ...c, bbox: c.bbox.map(round) as BBox }));
}

/** The grid cell a coordinate falls in (paths sharing a cell are one drawing). */
const cell = (v: number) => Math.max(0, Math.floor(v / CELL));

function pathMarks(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number): Mark[] {
  const marks: Mark[] = [];
  walkOperators(ops, base, (fn, args, { ctm, fill }) => {
    const path = marks.length < MAX_PATHS ? paintedPath(fn, args) : undefined;
    if (!path) return;
    const { data, strokes, fills } = path;
    // White on the white page shows nothing (it only covers what is under it).
    if (!strokes && fill === "#ffffff") return;
    const polys = subpaths(data).map((poly) => poly.map(([x, y]) => applyMatrix(ctm, x, y)));
    const points = polys.flat();
    if (!points.length) return;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const box: BBox = [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys)), Math.min(pageWidth, Math.max(...xs)), Math.min(pageHeight, Math.max(...ys))];
    if (box[2] < box[0] || box[3] < box[1]) return;
    if ((box[2] - box[0]) * (box[3] - box[1]) >= BACKGROUND_SHARE * pageWidth * pageHeight) return;
    const curved = hasCurve(data);
    const rect = asRect(polys[0] ?? []);
    marks.push({ box, outline: !!rect && !fills, curved });
  });
  return marks;
}

/** Coordinates after each operator of pdf.js's packed path data (moveTo, lineTo, curveTo, quadraticCurveTo, closePath). */
const OPERANDS = [2, 2, 6, 4, 0];

function hasCurve(data: ArrayLike<number>): boolean {
  for (let k = 0; k < data.length; k += 1 + (OPERANDS[data[k]] ?? data.length)) if (CURVE_OPS.has(data[k])) return true;
  return false;
}

const round = (n: number) => Math.round(n * 100) / 100;
