// Running headers, footers and page numbers: short blocks in the top or bottom band of a
// page, or in a side margin (stamps and notices set sideways there), that repeat across
// pages (digits ignored), that carry the page's number at the same place on many pages
// (running heads that change with the chapter), or are bare page numbers. They are hidden
// and moved to the header/footer layer, not deleted. What a single page gives away by
// itself (page-furniture.ts) is furniture too.
import type { Block, Page } from "../model";
import { PAGE_NUMBER_BAND, PAGE_NUMBER_TOP_BAND, pageFurniture } from "./page-furniture";
import { PAGE_NUMBER } from "./furniture-wording";
import { blockFontSize, formValues } from "./lines";

/** Share of the page height at the top and bottom where running heads and feet live. */
const BAND = 0.1;
/** Share of the page width at the left and right where margin stamps live. */
const SIDE_BAND = 0.08;
/** Furniture is short. */
const MAX_CHARS = 120;
/** A block repeated on at least this share of the pages (and two pages) is running furniture... */
const REPEAT_SHARE = 0.5;
/**
 * ...and a text on this share of them, at least three, is too: heads change with the
 * chapter and alternate between odd and even pages, and covers and title pages have none.
 */
const TEXT_REPEAT_SHARE = 0.1;
const MIN_TEXT_REPEATS = 3;

const normalise = (t: string) => t.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

/** `bodySize`: the document's body font size (headings.ts bodyFontSize). */
export function markFurniture(pages: Page[], bodySize: number): void {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const b of page.blocks) {
      if (!inMargin(b.bbox, page) || b.text.length > MAX_CHARS) continue;
      seen.add(normalise(b.text));
      const numbered = numberedKey(b, page);
      if (numbered) seen.add(numbered);
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length * REPEAT_SHARE));
  const neededText = Math.max(2, Math.min(needed, Math.max(MIN_TEXT_REPEATS, Math.ceil(pages.length * TEXT_REPEAT_SHARE))));
  const count = (key: string | undefined) => (key ? (counts.get(key) ?? 0) : 0);
  for (const page of pages) {
    const furniture = new Set<Block>();
    for (const b of page.blocks) {
      if (b.text.length > MAX_CHARS) continue;
      const key = normalise(b.text);
      // Pictures repeated in the margin (a logo) need the stricter share: figures often open pages.
      const enough = /\p{L}/u.test(key) && b.type !== "table" ? neededText : needed;
      const repeated = inMargin(b.bbox, page) && pages.length > 1 && (count(key) >= enough || count(numberedKey(b, page)) >= neededText);
      if (repeated) furniture.add(b);
      else for (const f of pageNumberFurniture(b, page)) furniture.add(f);
    }
    for (const f of pageFurniture(page, bodySize)) furniture.add(f);
    for (const b of furniture) {
      // A value filled into a form is the user's, wherever it stands (keep_header_footer has no say over it).
      if (formValues(b).length) continue;
      const top = b.bbox[3] <= page.height * BAND || (!inBand(b.bbox, page.height) && b.bbox[1] + b.bbox[3] < page.height);
      b.layer = top ? "header" : "footer";
      b.type = top ? "header" : "footer";
      b.hidden = true;
    }
  }
}

/**
 * A margin block that opens or ends with a number, keyed by where it stands and by that
 * number less the page's index: the running head or foot carrying the page number, whatever
 * its words, is at one place with one offset on every page of a run of pages.
 */
function numberedKey(b: Page["blocks"][number], page: Page): string | undefined {
  const m = /^(\d{1,4})\s|\s(\d{1,4})$/.exec(b.text.trim());
  if (!m) return undefined;
  const offset = Number(m[1] ?? m[2]) - page.index;
  return `#page ${b.bbox[1] + b.bbox[3] < page.height ? "top" : "bottom"} ${Math.round(b.bbox[1] / 2)} ${offset}`;
}

function inMargin(bbox: number[], page: Page): boolean {
  return inBand(bbox, page.height) || bbox[2] <= page.width * SIDE_BAND || bbox[0] >= page.width * (1 - SIDE_BAND);
}

function inBand(bbox: number[], height: number, band = BAND): boolean {
  return bbox[3] <= height * band || bbox[1] >= height * (1 - band);
}

/**
 * A bare number in the outer band with nothing but short margin lines further out: the page
 * number, and with it those lines (a reporter's or a publisher's name under it). It needs no
 * other page to be recognised, so a one-page file has its foot too. Empty when `b` is not one.
 */
function pageNumberFurniture(b: Block, page: Page): Block[] {
  const top = b.bbox[3] <= page.height / 2;
  const inReach = top ? b.bbox[3] <= page.height * PAGE_NUMBER_TOP_BAND : b.bbox[1] >= page.height * (1 - PAGE_NUMBER_BAND);
  if (!PAGE_NUMBER.test(b.text.trim()) || !inReach) return [];
  // At the foot, lines of their own on the number's line, in type no larger than its, are
  // the foot's pieces ("Release 2.0.7 ... 3/16"; translator, page, author): a column's last
  // line is a paragraph's, and a specimen's line in display type beside the number is the page's.
  const beside = top ? [] : page.blocks.filter((o) => o !== b && !o.hidden && onLineOf(o, b) && (o.type === "text" || o.type === "title") && (o.lines?.length ?? 1) === 1 && o.text.length <= MAX_CHARS && blockFontSize(o) <= FOOT_PIECE_SIZE * blockFontSize(b));
  // Furniture already found (a tagged artifact, a running foot) may sit further out.
  const beyond = page.blocks.filter((o) => o !== b && !o.hidden && !beside.includes(o) && (top ? o.bbox[1] < b.bbox[1] : o.bbox[3] > b.bbox[3]));
  if (!beyond.length) return [b, ...beside];
  // At the foot, short lines wholly under the number are the foot's too (at the top a
  // number under a title is more often a margin line number than the page's).
  const foot = !top && beyond.every((o) => o.bbox[1] >= b.bbox[3] && o.type !== "image" && o.type !== "table" && o.text.length <= MAX_CHARS && inBand(o.bbox, page.height));
  return foot ? [b, ...beyond, ...beside] : [];
}

/** A foot's pieces beside its page number are set no larger than this share of the number's type. */
const FOOT_PIECE_SIZE = 1.1;

/** Block `o` stands on the line of block `b` (overlapping most of the lower one's height). */
const onLineOf = (o: Block, b: Block) => Math.min(o.bbox[3], b.bbox[3]) - Math.max(o.bbox[1], b.bbox[1]) > 0.5 * Math.min(o.bbox[3] - o.bbox[1], b.bbox[3] - b.bbox[1]);
