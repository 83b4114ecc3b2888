// Reading order: when a vertical band of whitespace splits a page's blocks into columns,
// read column by column; blocks spanning the gutter (titles, wide figures) cut the page
// into horizontal sections that are read in turn. Each column is split again the same
// way, so three or more columns (and columns inside a column) are read in order too.
import type { Block } from "../model";

/** Only look for the gutter in the middle of the page: margins are not gutters. */
const GUTTER_SEARCH = [0.25, 0.75] as const;
/** Resolution of the gutter search (points). */
const GUTTER_STEP = 2;
/** Blocks crossing the gutter (titles, wide figures) may hold at most this share of the text. */
const MAX_CROSSING_SHARE = 0.25;
/** Each column must hold at least this share of the page's text... */
const MIN_COLUMN_SHARE = 0.15;
/** ...and at least this many characters, or it is a ragged margin, not a column. */
const MIN_COLUMN_CHARS = 200;

/** Columns inside columns: deeper than this is noise, not layout. */
const MAX_DEPTH = 4;

export function orderBlocks(blocks: Block[], pageWidth: number): Block[] {
  return orderRegion(blocks, 0, pageWidth, 0);
}

function orderRegion(blocks: Block[], x0: number, x1: number, depth: number): Block[] {
  const byTop = [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const gutter = depth < MAX_DEPTH ? findGutter(byTop, x0, x1) : null;
  if (gutter === null) return byTop;
  const out: Block[] = [];
  let left: Block[] = [];
  let right: Block[] = [];
  const flush = () => {
    out.push(...orderRegion(left, x0, gutter, depth + 1), ...orderRegion(right, gutter, x1, depth + 1));
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

/**
 * The x of the gutter between two columns, or null: the vertical line in the middle of
 * the page crossed by the least text. Blocks that do cross it (titles, wide figures) are
 * allowed while they carry little of the page's text; both sides must carry real text.
 */
function findGutter(blocks: Block[], x0: number, x1: number): number | null {
  if (blocks.length < 4) return null;
  const width = x1 - x0;
  const total = blocks.reduce((n, b) => n + b.text.length, 0);
  let best: { x: number; crossing: number; run: number } | null = null;
  let run = 0;
  for (let x = x0 + width * GUTTER_SEARCH[0]; x <= x0 + width * GUTTER_SEARCH[1]; x += GUTTER_STEP) {
    const crossing = blocks.reduce((n, b) => (b.bbox[0] < x && b.bbox[2] > x ? n + b.text.length : n), 0);
    run = crossing === (best?.crossing ?? -1) ? run + 1 : 0;
    // Prefer less crossing text; among equals, the middle of the widest clear band.
    if (!best || crossing < best.crossing) best = { x, crossing, run: 0 };
    else if (crossing === best.crossing && run > best.run) best = { x: x - (run * GUTTER_STEP) / 2, crossing, run };
  }
  if (!best || best.crossing > total * MAX_CROSSING_SHARE) return null;
  const x = best.x;
  const left = blocks.filter((b) => b.bbox[2] <= x).reduce((n, b) => n + b.text.length, 0);
  const right = blocks.filter((b) => b.bbox[0] >= x).reduce((n, b) => n + b.text.length, 0);
  const enough = Math.max(MIN_COLUMN_CHARS, total * MIN_COLUMN_SHARE);
  return left >= enough && right >= enough ? x : null;
}
