// Reading order: when a vertical band of whitespace splits a page's blocks into columns,
// read column by column; blocks spanning the gutter (titles, wide figures) cut the page
// into horizontal sections that are read in turn.
import type { Block } from "../model";

/** The gutter must be at least this wide (points) to separate columns. */
const MIN_GUTTER = 8;
/** Only look for the gutter in the middle of the page: margins are not gutters. */
const GUTTER_SEARCH = [0.25, 0.75] as const;

export function orderBlocks(blocks: Block[], pageWidth: number): Block[] {
  const byTop = [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const gutter = findGutter(byTop, pageWidth);
  if (gutter === null) return byTop;
  const out: Block[] = [];
  let left: Block[] = [];
  let right: Block[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const b of byTop) {
    if (b.bbox[2] <= gutter) left.push(b);
    else if (b.bbox[0] >= gutter) right.push(b);
    else {
      flush();
      out.push(b);
    }
  }
  flush();
  return out;
}

/** x of a whitespace band crossed by no block but with text on both sides, or null. */
function findGutter(blocks: Block[], pageWidth: number): number | null {
  if (blocks.length < 4) return null;
  const from = pageWidth * GUTTER_SEARCH[0];
  const to = pageWidth * GUTTER_SEARCH[1];
  const step = 2;
  let best: { x: number; width: number } | null = null;
  let runStart: number | null = null;
  // Blocks that cross the whole candidate region (full-width) do not count against a gutter.
  const narrow = blocks.filter((b) => b.bbox[2] - b.bbox[0] < pageWidth * 0.6);
  for (let x = from; x <= to; x += step) {
    const crossed = narrow.some((b) => b.bbox[0] < x && b.bbox[2] > x);
    if (!crossed && runStart === null) runStart = x;
    if ((crossed || x + step > to) && runStart !== null) {
      const width = x - runStart;
      if (width >= MIN_GUTTER && (!best || width > best.width)) best = { x: runStart + width / 2, width };
      runStart = null;
    }
  }
  if (!best) return null;
  const leftText = narrow.filter((b) => b.bbox[2] <= best!.x).reduce((n, b) => n + b.text.length, 0);
  const rightText = narrow.filter((b) => b.bbox[0] >= best!.x).reduce((n, b) => n + b.text.length, 0);
  // Both columns must carry real text, or this is just a ragged margin.
  return leftText > 200 && rightText > 200 ? best.x : null;
}
