// How much of a scan's print its OCR text layer covers: the other half of a page's
// confidence, beside whether the layer's words read as words (pipeline/reading-confidence.ts). An
// OCR layer that skipped a column, a handwritten note or a passage in Fraktur holds good
// words and still leaves part of the page unread. The scan is cut into cells; a cell with
// the ink of print in it is read when a word of the layer lies on it.
import type { Run } from "../../runs";
import type { BBox } from "../../model";
import type { GrayImage } from "../../images/gray";

/** Cell side (points): about a line of body text. */
const CELL = 12;
/** A pixel darker than this is ink. */
const INK = 128;
/** A cell holds print when this share of it or more is ink (specks and dust hold less)... */
const MIN_INK = 0.02;
/** ...and no more than this (a photograph, a black border or a halftone holds more). */
const MAX_INK = 0.5;
/** Fewer cells of print than this say too little to judge. */
const MIN_PRINTED_CELLS = 10;
/** A word covers the cells within this many points of its box (the layer's boxes are tight). */
const REACH = 2;

/** The share (0..1) of the scan's cells of print that the runs' words lie on; undefined for a page with too little print. */
export function printCoverage(scan: GrayImage, box: BBox, runs: Run[]): number | undefined {
  const [x0, y0, x1, y1] = box;
  const perPointX = scan.width / (x1 - x0);
  const perPointY = scan.height / (y1 - y0);
  const columns = Math.ceil((x1 - x0) / CELL);
  const rows = Math.ceil((y1 - y0) / CELL);
  const covered = new Uint8Array(columns * rows);
  for (const r of runs) {
    const c0 = Math.max(0, Math.floor((r.bbox[0] - REACH - x0) / CELL));
    const c1 = Math.min(columns - 1, Math.floor((r.bbox[2] + REACH - x0) / CELL));
    const r0 = Math.max(0, Math.floor((r.bbox[1] - REACH - y0) / CELL));
    const r1 = Math.min(rows - 1, Math.floor((r.bbox[3] + REACH - y0) / CELL));
    for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) covered[row * columns + col] = 1;
  }
  let printed = 0;
  let read = 0;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const share = inkShare(scan, Math.floor(col * CELL * perPointX), Math.floor(row * CELL * perPointY), Math.floor((col + 1) * CELL * perPointX), Math.floor((row + 1) * CELL * perPointY));
      if (share < MIN_INK || share > MAX_INK) continue;
      printed++;
      read += covered[row * columns + col];
    }
  }
  return printed >= MIN_PRINTED_CELLS ? read / printed : undefined;
}

/** Share of ink among the pixels of [px0, px1) × [py0, py1), sampled every other pixel each way. */
function inkShare(scan: GrayImage, px0: number, py0: number, px1: number, py1: number): number {
  let ink = 0;
  let all = 0;
  for (let y = py0; y < Math.min(py1, scan.height); y += 2) {
    const row = y * scan.width;
    for (let x = px0; x < Math.min(px1, scan.width); x += 2) {
      all++;
      if (scan.pixels[row + x] < INK) ink++;
    }
  }
  return all ? ink / all : 0;
}
