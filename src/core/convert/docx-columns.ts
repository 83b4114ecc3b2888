// Word flow: pages set in two or three columns become column sections, where that keeps the
// reading order. The parser already reads such a page column by column, so its blocks in
// reading order fill Word's first column, then the next; blocks across the columns (a
// title, an abstract, a wide figure or table) stand in one-column stretches between them,
// and Word balances the columns at each such break as the page did.
import type { Block, Page } from "../model";

/** A block at most this many column widths wide sits in a column. */
const COLUMN_SLACK = 1.15;
/** A page is set in columns when blocks in columns hold this share of its text... */
const COLUMN_TEXT_SHARE = 0.6;
/** ...and each column at least this share of what an even split would give it... */
const COLUMN_FILL = 0.4;
/** ...and, on a page with tables, this many characters: a page of tables with a few labels side by side is not set in columns. */
const MIN_COLUMN_CHARS = 200;
/** Column counts tried, most first. */
const COUNTS = [3, 2] as const;
/** Space kept between Word's columns (points), when the page shows none to measure. */
const DEFAULT_GAP = 18;

export interface PageColumns {
  /** How many columns the block is written in: the page's count for a block in one of its columns, else 1. */
  of: (block: Block) => number;
  /** The gutter between the page's columns (points). */
  gap: number;
}

export function pageColumns(page: Page, contentLeft: number, contentRight: number): PageColumns {
  const width = contentRight - contentLeft;
  // Tables are left out: a wide table between column text is a one-column stretch of its own.
  const body = page.blocks.filter((b) => !b.hidden && b.layer === "body" && b.type !== "image" && !b.table);
  const hasTables = page.blocks.some((b) => b.table && !b.hidden);
  const chars = (bs: Block[]) => bs.reduce((n, b) => n + b.text.length, 0);
  const total = chars(body);
  for (const count of COUNTS) {
    if (page.lineNumbers || !total) break;
    const slot = width / count;
    const slotOf = (b: Block) => Math.min(count - 1, Math.max(0, Math.floor(((b.bbox[0] + b.bbox[2]) / 2 - contentLeft) / slot)));
    const inColumn = (b: Block) => b.bbox[2] - b.bbox[0] <= slot * COLUMN_SLACK && b.bbox[0] >= contentLeft + slotOf(b) * slot - slot * (COLUMN_SLACK - 1) && b.bbox[2] <= contentLeft + (slotOf(b) + 1) * slot + slot * (COLUMN_SLACK - 1);
    const columned = body.filter(inColumn);
    if (chars(columned) < COLUMN_TEXT_SHARE * total) continue;
    const perSlot = Array.from({ length: count }, (_, k) => chars(columned.filter((b) => slotOf(b) === k)));
    if (Math.min(...perSlot) < Math.max(hasTables ? MIN_COLUMN_CHARS : 0, (COLUMN_FILL * chars(columned)) / count)) continue;
    // The gutter: from the end of a column's text to the start of the next one's.
    const gaps = Array.from({ length: count - 1 }, (_, k) => {
      const end = Math.max(...columned.filter((b) => slotOf(b) === k).map((b) => b.bbox[2]));
      const start = Math.min(...columned.filter((b) => slotOf(b) === k + 1).map((b) => b.bbox[0]));
      return start - end;
    }).filter((g) => g > 0);
    const gap = gaps.length ? Math.min(...gaps) : DEFAULT_GAP;
    // A picture takes the count of what it sits in: narrow pictures stay in their column.
    return { of: (block) => (inColumn(block) ? count : 1), gap };
  }
  return { of: () => 1, gap: DEFAULT_GAP };
}
