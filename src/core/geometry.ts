// Box arithmetic shared by the readers and processors (boxes are [x0, y0, x1, y1], top-left origin).
import type { BBox, Block } from "./model";

/** Share of `a`'s area that lies inside `b` (0 when they do not meet or `a` is empty). */
export function coveredShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const area = (a[2] - a[0]) * (a[3] - a[1]);
  return w > 0 && h > 0 && area > 0 ? (w * h) / area : 0;
}

/** Whether the centre of `b` lies inside `box`. */
export function centreIn(b: BBox, box: BBox): boolean {
  const x = (b[0] + b[2]) / 2;
  const y = (b[1] + b[3]) / 2;
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

/** Whether two boxes share some area. */
export function boxesMeet(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** A line this many times taller than wide, and no wider than this many font sizes, is set vertically. */
const VERTICAL_ASPECT = 2.5;
const VERTICAL_MAX_WIDTH_EM = 1.6;

/**
 * Text set vertically (rotated a quarter turn, as in table headers and margin notes): every
 * line far taller than wide and about one letter wide. Written horizontally in a box this
 * narrow it would break after every letter or two.
 */
export function isVertical(block: Block): boolean {
  const lines = block.lines ?? [];
  if (!lines.length || block.text.replace(/\s/g, "").length < 2) return false;
  return lines.every((l) => {
    const w = l.bbox[2] - l.bbox[0];
    const h = l.bbox[3] - l.bbox[1];
    const size = Math.max(1, ...l.spans.map((s) => s.fontSize));
    return h > VERTICAL_ASPECT * w && w <= VERTICAL_MAX_WIDTH_EM * size;
  });
}

/** The smallest box holding both. */
export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
