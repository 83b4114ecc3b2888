// A region of a PDF page to draw as a picture (a vector figure, a table asked for as an
// image) and the pixel size it will have: known while the page is parsed, before the
// renderer (PDFium, in its own Worker or in Node) draws it.
import type { BBox } from "../model";

/** Resolution figures and table images are drawn at: sharp on screen, a fraction of a scan's weight. */
export const REGION_DPI = 150;
/** A region is drawn with at most this many pixels (the resolution is lowered to fit): a bounded share of the isolate's memory. */
export const MAX_REGION_PIXELS = 6_000_000;

/** Scale (pixels per point) a region is drawn at. */
export function regionScale([x0, y0, x1, y1]: BBox, dpi: number): number {
  return Math.min(dpi / 72, Math.sqrt(MAX_REGION_PIXELS / Math.max(1, (x1 - x0) * (y1 - y0))));
}

export function regionPixelSize(bbox: BBox, dpi: number): { width: number; height: number } {
  const scale = regionScale(bbox, dpi);
  return { width: Math.max(1, Math.round((bbox[2] - bbox[0]) * scale)), height: Math.max(1, Math.round((bbox[3] - bbox[1]) * scale)) };
}
