// Reading order: when a vertical band of whitespace splits a page's blocks into columns,
// read column by column; blocks spanning the gutter (titles, wide figures) cut the page
// into horizontal sections that are read in turn. Each column is split again the same
// way, so three or more columns (and columns inside a column) are read in order too.
import { withSideLabelsFirst } from "./side-labels";
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

/** A block beside a crossing block shares this share of its height with it. */
const BESIDE_OVERLAP = 0.5;
/** Tops closer than this (points) are level: computed from glyph boxes, they differ by rounding only. */
const LEVEL_TOPS = 2;
/** A block across the gutter narrower than this share of the region may be an inset. */
const INSET_MAX_WIDTH = 0.4;
/** Columns inside columns: deeper than this is noise, not layout. */
const MAX_DEPTH = 4;

export function orderBlocks(blocks: Block[], pageWidth: number): Block[] {
  // Stacked parts first: a masthead, and stretches parted by a wide clear band across the
  // whole page (a figure the text layer does not show), are each read on their own.
  const cuts = [mastheadCut(blocks), ...wideGapCuts(blocks)].filter((y): y is number => y !== null).sort((a, b) => a - b);
  const out: Block[] = [];
  let from = -Infinity;
  for (const y of [...cuts, Infinity]) {
    out.push(...orderRegion(blocks.filter((b) => b.bbox[3] > from && b.bbox[3] <= y), 0, pageWidth, 0));
    from = y;
  }
  return out;
}

/** A clear band across the whole page at least this many lines tall parts the page into stacked stretches. */
const WIDE_GAP_LINES = 5;

/** The y of each clear band across the whole page taller than WIDE_GAP_LINES lines. */
function wideGapCuts(blocks: Block[]): number[] {
  const gap = WIDE_GAP_LINES * medianLineHeight(blocks);
  const cuts: number[] = [];
  let bottom = -Infinity;
  for (const b of [...blocks].sort((a, c) => a.bbox[1] - c.bbox[1])) {
    if (bottom > -Infinity && b.bbox[1] - bottom >= gap) cuts.push(bottom);
    bottom = Math.max(bottom, b.bbox[3]);
  }
  return cuts;
}

/** A masthead (title, issue line, date) is separated from the page's body by a clear band at least this many lines tall... */
const MASTHEAD_GAP_LINES = 1.5;
/** ...lies in this top share of the page's text... */
const MASTHEAD_MAX_HEIGHT = 0.25;
/** ...and holds at most this share of its characters. */
const MASTHEAD_MAX_TEXT = 0.2;

/**
 * The y of a clear band across the whole page that closes a masthead: the blocks above it
 * are read first, even when some stand above a column of the body (a newspaper's or a
 * register's issue line in the top corner would otherwise be read as that column's start).
 */
function mastheadCut(blocks: Block[]): number | null {
  if (blocks.length < 4) return null;
  const byTop = [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1]);
  const top = byTop[0].bbox[1];
  const height = Math.max(...blocks.map((b) => b.bbox[3])) - top;
  const total = blocks.reduce((n, b) => n + b.text.length, 0);
  const gap = MASTHEAD_GAP_LINES * medianLineHeight(blocks);
  let bottom = -Infinity;
  let chars = 0;
  let cut: number | null = null;
  for (const b of byTop) {
    if (b.bbox[1] - top > height * MASTHEAD_MAX_HEIGHT) break;
    if (chars > 0 && b.bbox[1] - bottom >= gap) cut = bottom;
    bottom = Math.max(bottom, b.bbox[3]);
    chars += b.text.length;
    if (chars > total * MASTHEAD_MAX_TEXT) break;
  }
  return cut;
}

function medianLineHeight(blocks: Block[]): number {
  const heights = blocks.flatMap((b) => (b.lines ?? []).map((l) => l.bbox[3] - l.bbox[1])).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 12;
}

function orderRegion(blocks: Block[], x0: number, x1: number, depth: number): Block[] {
  const byTop = topToBottom(blocks);
  const gutter = depth < MAX_DEPTH ? findGutter(byTop, x0, x1) : null;
  if (gutter === null) {
    // No gutter runs the whole height (a wide table or panel crosses it): the stretches
    // parted by clear bands across the region may still be set in columns, each read on its own.
    const parts = depth < MAX_DEPTH ? stackedParts(byTop) : [byTop];
    return parts.length > 1 ? parts.flatMap((part) => orderRegion(part, x0, x1, depth + 1)) : byTop;
  }
  // Insets (a photo's caption set in the middle of a magazine page) sit across the gutter
  // with column text above and below them on both sides: read after the columns instead
  // of cutting them in two.
  const insets = byTop.filter((b) => isInset(b, byTop, gutter, x1 - x0));
  const flowing = insets.length ? byTop.filter((b) => !insets.includes(b)) : byTop;
  const out: Block[] = [];
  for (const section of sections(flowing, gutter)) {
    if (section.spanning) {
      // Across the gutter (a title, an author row, a wide figure): its own layout, read on its own.
      out.push(...orderRegion(section.blocks, x0, x1, depth + 1));
    } else {
      out.push(...orderRegion(section.blocks.filter((b) => b.bbox[2] <= gutter), x0, gutter, depth + 1));
      out.push(...orderRegion(section.blocks.filter((b) => b.bbox[0] >= gutter), gutter, x1, depth + 1));
    }
  }
  return [...out, ...insets];
}

/** The blocks (top to bottom) cut at every clear band across them: a block starting below all the blocks before it opens a new part. */
function stackedParts(byTop: Block[]): Block[][] {
  const parts: Block[][] = [];
  let bottom = -Infinity;
  for (const b of byTop) {
    if (b.bbox[1] >= bottom || !parts.length) parts.push([]);
    parts[parts.length - 1].push(b);
    bottom = Math.max(bottom, b.bbox[3]);
  }
  return parts;
}

/** An inset is narrow and embedded: both columns run on above and below it. */
function isInset(b: Block, blocks: Block[], gutter: number, regionWidth: number): boolean {
  if (!(b.bbox[0] < gutter && b.bbox[2] > gutter) || b.bbox[2] - b.bbox[0] > INSET_MAX_WIDTH * regionWidth) return false;
  const side = (o: Block) => (o.bbox[2] <= gutter ? "left" : o.bbox[0] >= gutter ? "right" : null);
  return (["left", "right"] as const).every(
    (s) => blocks.some((o) => side(o) === s && o.bbox[3] <= b.bbox[1]) && blocks.some((o) => side(o) === s && o.bbox[1] >= b.bbox[3]),
  );
}

interface Section {
  spanning: boolean;
  blocks: Block[];
}

/**
 * Horizontal sections of a page split by a gutter: stretches read column by column, and
 * the stretches taken by blocks across the gutter together with the blocks beside them
 * (the other names of an author row stand beside the one that crosses the gutter).
 */
function sections(byTop: Block[], gutter: number): Section[] {
  const crosses = (b: Block) => b.bbox[0] < gutter && b.bbox[2] > gutter;
  const bands: [number, number][] = [];
  for (const b of byTop.filter(crosses)) {
    const last = bands[bands.length - 1];
    if (last && b.bbox[1] < last[1]) last[1] = Math.max(last[1], b.bbox[3]);
    else bands.push([b.bbox[1], b.bbox[3]]);
  }
  const bandOf = (b: Block) =>
    crosses(b) ? bands.findIndex(([y0, y1]) => b.bbox[1] >= y0 && b.bbox[1] <= y1) : bands.findIndex(([y0, y1]) => overlap(b, y0, y1) > BESIDE_OVERLAP * (b.bbox[3] - b.bbox[1]));
  const out: Section[] = [];
  const spanningAt = new Map<number, Section>();
  for (const b of byTop) {
    const band = bandOf(b);
    if (band >= 0) {
      let section = spanningAt.get(band);
      if (!section) {
        section = { spanning: true, blocks: [] };
        spanningAt.set(band, section);
        out.push(section);
      }
      section.blocks.push(b);
      continue;
    }
    const last = out[out.length - 1];
    if (last && !last.spanning) last.blocks.push(b);
    else out.push({ spanning: false, blocks: [b] });
  }
  return out;
}

const overlap = (b: Block, y0: number, y1: number) => Math.min(b.bbox[3], y1) - Math.max(b.bbox[1], y0);

/** Top to bottom; blocks whose tops are level (one row of a layout) left to right. */
function topToBottom(blocks: Block[]): Block[] {
  const sorted = [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const out: Block[] = [];
  let row: Block[] = [];
  for (const b of sorted) {
    if (row.length && b.bbox[1] - row[0].bbox[1] > LEVEL_TOPS) {
      out.push(...row.sort((a, c) => a.bbox[0] - c.bbox[0]));
      row = [];
    }
    row.push(b);
  }
  out.push(...row.sort((a, c) => a.bbox[0] - c.bbox[0]));
  return withSideLabelsFirst(out);
}

/**
 * The x of the gutter between two columns, or null: of the vertical lines in the middle of
 * the page, the one crossed by the least text that leaves real text on both sides (with
 * four columns, the first gutter may leave too little on its left: the next one is tried).
 * Blocks that do cross it (titles, wide figures) are allowed while they carry little text.
 */
function findGutter(blocks: Block[], x0: number, x1: number): number | null {
  // Three blocks may be two columns (a paragraph on one side, two on the other); each side must still hold real text.
  if (blocks.length < 3) return null;
  const width = x1 - x0;
  const total = blocks.reduce((n, b) => n + b.text.length, 0);
  const enough = Math.max(MIN_COLUMN_CHARS, total * MIN_COLUMN_SHARE);
  // Clear bands: runs of x positions crossed by the same amount of text; each band's middle is a candidate.
  const bands: { x: number; crossing: number; balance: number }[] = [];
  let start = -1;
  let previous = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const x = (start + end) / 2;
    const left = blocks.filter((b) => b.bbox[2] <= x).reduce((n, b) => n + b.text.length, 0);
    const right = blocks.filter((b) => b.bbox[0] >= x).reduce((n, b) => n + b.text.length, 0);
    if (left >= enough && right >= enough) bands.push({ x, crossing: previous, balance: Math.min(left, right) });
  };
  for (let x = x0 + width * GUTTER_SEARCH[0]; x <= x0 + width * GUTTER_SEARCH[1]; x += GUTTER_STEP) {
    const crossing = blocks.reduce((n, b) => (b.bbox[0] < x && b.bbox[2] > x ? n + b.text.length : n), 0);
    if (crossing !== previous) {
      close(x - GUTTER_STEP);
      start = x;
      previous = crossing;
    }
  }
  close(x0 + width * GUTTER_SEARCH[1]);
  // Less crossing text first; among equals, the more even split.
  const best = bands.sort((a, b) => a.crossing - b.crossing || b.balance - a.balance)[0];
  return best && best.crossing <= total * MAX_CROSSING_SHARE ? best.x : null;
}
