// Whether a page's text layer leaves room for a figure: the cheap look that decides whether
// the page's drawing (pdf.js operator list, about as costly as the text itself) is fetched
// for its images. A figure is drawn where there is no text, so a page whose text leaves no
// empty rectangle of figure size cannot hold one (images under text are backgrounds, and
// tiny ones are decoration; both are dropped anyway).
import type { BBox } from "../model";

/** Grid cell (points): coarse enough to be cheap, finer than a line of text. */
const CELL = 8;
/** Top and bottom band of the page (points) not counted: nothing but page numbers lives there. */
const MARGIN = 36;
/** Smallest empty area (points) that may hold a figure: an inch by an inch and a half. */
const MIN_FIGURE_WIDTH = 72;
const MIN_FIGURE_HEIGHT = 72;
const MIN_FIGURE_AREA = 72 * 108;

export function mayHoldFigure(boxes: BBox[], width: number, height: number): boolean {
  // Across, the text's own extent: side margins are wide and empty on every page (a figure
  // wider than the text still crosses it). Down, the whole page but its edges: a figure may
  // sit above the first line or below the last.
  const left = boxes.length ? Math.max(0, Math.min(...boxes.map((b) => b[0]))) : MARGIN;
  const right = boxes.length ? Math.min(width, Math.max(...boxes.map((b) => b[2]))) : width - MARGIN;
  const cols = Math.floor((right - left) / CELL);
  const rows = Math.floor((height - 2 * MARGIN) / CELL);
  if (cols * CELL < MIN_FIGURE_WIDTH || rows * CELL < MIN_FIGURE_HEIGHT) return boxes.length === 0;
  const filled = new Uint8Array(cols * rows);
  for (const [x0, y0, x1, y1] of boxes) {
    const c0 = Math.max(0, Math.floor((x0 - left) / CELL));
    const c1 = Math.min(cols - 1, Math.floor((x1 - left) / CELL));
    const r0 = Math.max(0, Math.floor((y0 - MARGIN) / CELL));
    const r1 = Math.min(rows - 1, Math.floor((y1 - MARGIN) / CELL));
    for (let r = r0; r <= r1; r++) filled.fill(1, r * cols + c0, r * cols + c1 + 1);
  }
  return hasEmptyRectangle(filled, cols, rows, Math.ceil(MIN_FIGURE_WIDTH / CELL), Math.ceil(MIN_FIGURE_HEIGHT / CELL), Math.ceil(MIN_FIGURE_AREA / (CELL * CELL)));
}

/** The maximal-rectangle scan over column heights of empty cells (one stack pass per row). */
function hasEmptyRectangle(filled: Uint8Array, cols: number, rows: number, minW: number, minH: number, minArea: number): boolean {
  const heights = new Uint16Array(cols + 1);
  const stack: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) heights[c] = filled[r * cols + c] ? 0 : heights[c] + 1;
    stack.length = 0;
    for (let c = 0; c <= cols; c++) {
      const h = c === cols ? 0 : heights[c];
      while (stack.length && heights[stack[stack.length - 1]] >= h) {
        const top = heights[stack.pop()!];
        const left = stack.length ? stack[stack.length - 1] + 1 : 0;
        const w = c - left;
        if (top >= minH && w >= minW && top * w >= minArea) return true;
      }
      stack.push(c);
    }
  }
  return false;
}
