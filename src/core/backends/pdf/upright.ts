// Pages whose text runs sideways or upside down as displayed: a landscape table on a
// portrait page, or a /Rotate that turns the page away from its text. They are read in the
// frame where their text stands upright, as a person turns the page (or their head) to
// read it; otherwise every line would be a column of one word each and tables transposed.
import { pdfjs } from "./pdfjs";

/** Share of a page's characters that must run in one turned direction to turn the page. */
const TURN_SHARE = 0.6;
/** Fewer characters than this say too little about a page's orientation (a stamp, a margin note). */
const MIN_CHARS = 20;

interface OrientedItem {
  str: string;
  transform: number[];
  dir: string;
}

/**
 * The viewport rotation (degrees, as pdf.js's getViewport takes it) under which most of
 * the page's text reads left to right, top to bottom: `displayed` when it already does.
 * Vertical CJK writing (`ttb`) reads top to bottom by design and is not counted.
 */
export function uprightRotation(items: readonly unknown[], displayed: number, viewportTransform: number[]): number {
  // Characters by direction in the displayed frame (y down): right, down, left, up.
  const byDirection = [0, 0, 0, 0];
  for (const raw of items) {
    const item = raw as Partial<OrientedItem>;
    if (!item.str || !item.transform || item.dir === "ttb") continue;
    const [a, b] = pdfjs.Util.transform(viewportTransform, item.transform) as number[];
    const quadrant = Math.abs(a) >= Math.abs(b) ? (a >= 0 ? 0 : 2) : b >= 0 ? 1 : 3;
    byDirection[quadrant] += item.str.trim().length;
  }
  const total = byDirection.reduce((s, n) => s + n, 0);
  if (total < MIN_CHARS) return displayed;
  const dominant = byDirection.indexOf(Math.max(...byDirection));
  if (dominant === 0 || byDirection[dominant] < TURN_SHARE * total) return displayed;
  // Text running down was turned a quarter clockwise: turn the view a quarter back (+270), and so on.
  return (displayed + 360 - dominant * 90) % 360;
}
