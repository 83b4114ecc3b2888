// Where a vertically set block (geometry.ts isVertical) goes, for both layout
// converters: the PDF box widened to hold a line of the substitute font and lengthened a
// little at its top, since text read bottom to top starts at the box's bottom edge.
import type { Block } from "../model";

/** A line box is this many font sizes thick (the substitute fonts' line height). */
const LINE_HEIGHT_EM = 1.25;
/** Room for a substitute font a little longer than the PDF's. */
const LENGTH_SLACK = 1.08;

/** The box in points, top-left origin. */
export function verticalBox(block: Block): { x: number; y: number; width: number; height: number; fontSize: number } {
  const [x0, y0, x1, y1] = block.bbox;
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const fontSize = spans.length ? Math.max(...spans.map((s) => s.fontSize)) : 10;
  const lines = Math.max(1, block.lines?.length ?? 1);
  const width = Math.max(x1 - x0, lines * fontSize * LINE_HEIGHT_EM);
  const height = (y1 - y0) * LENGTH_SLACK;
  return { x: (x0 + x1) / 2 - width / 2, y: y1 - height, width, height, fontSize };
}
