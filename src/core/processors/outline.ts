// Headings from the PDF outline: a bookmark names its heading and the page it sits on, so
// the block on that page with the bookmark's text is a title, at the bookmark's depth.
// Titles the heuristics found that no bookmark names keep their place, at the level of
// bookmarked titles of the same size when there are any.
import type { OutlineEntry } from "../runs";
import type { Block, Page } from "../model";
import { lineFontSize } from "./lines";

/** A bookmark names at most a few lines of text. */
const MAX_HEADING_CHARS = 300;
/** A bookmark that is a prefix of a block (or the reverse) matches when it covers this share of it. */
const PREFIX_SHARE = 0.6;
const MIN_PREFIX_CHARS = 4;

/** Lower case letters and digits only, without leading section numbering: "2.1 Results:" -> "results". */
const norm = (s: string) =>
  s.normalize("NFKC").toLowerCase().replace(/^\s*(chapter|section|part)?\s*([\divxlc]+|[a-z])([.-]\d+)*[.):]?\s+/u, "").replace(/[^\p{L}\p{N}]+/gu, "");

function matches(block: string, title: string): boolean {
  if (!block || !title) return false;
  if (block === title) return true;
  const [short, long] = block.length < title.length ? [block, title] : [title, block];
  return short.length >= MIN_PREFIX_CHARS && long.startsWith(short) && short.length >= PREFIX_SHARE * long.length;
}

export function applyOutline(pages: Page[], outline: OutlineEntry[], levels: boolean): void {
  const byIndex = new Map(pages.map((p) => [p.index, p]));
  const levelOfSize = new Map<number, number>();
  const matched = new Set<Block>();
  for (const entry of outline) {
    const page = byIndex.get(entry.page);
    if (!page) continue;
    const title = norm(entry.title);
    const candidates = page.blocks.filter((b) => !b.hidden && !matched.has(b) && (b.type === "text" || b.type === "title") && b.text.length <= MAX_HEADING_CHARS && matches(norm(b.text), title));
    if (!candidates.length) continue;
    // Several blocks may repeat the title (a running head, a TOC line): the one nearest the destination wins.
    const block = entry.top === undefined ? candidates[0] : candidates.reduce((a, b) => (Math.abs(b.bbox[1] - entry.top!) < Math.abs(a.bbox[1] - entry.top!) ? b : a));
    block.type = "title";
    block.titleLevel = levels ? Math.min(entry.level, 6) : 1;
    matched.add(block);
    const size = titleSize(block);
    if (!levelOfSize.has(size)) levelOfSize.set(size, block.titleLevel);
  }
  if (!levels || !matched.size) return;
  for (const page of pages) {
    for (const b of page.blocks) {
      if (b.type !== "title" || matched.has(b)) continue;
      const level = levelOfSize.get(titleSize(b));
      if (level !== undefined) b.titleLevel = level;
    }
  }
}

const titleSize = (b: Block) => Math.max(0, ...(b.lines ?? []).map(lineFontSize));
