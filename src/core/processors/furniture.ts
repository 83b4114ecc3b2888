// Running headers, footers and page numbers: short blocks in the top or bottom band of a
// page, or in a side margin (stamps and notices set sideways there), that repeat across
// pages (digits ignored), or are bare page numbers. They are hidden and moved to the
// header/footer layer, not deleted.
import type { Page } from "../model";

/** Share of the page height at the top and bottom where running heads and feet live. */
const BAND = 0.1;
/** Share of the page width at the left and right where margin stamps live. */
const SIDE_BAND = 0.08;
/** A bare page number may sit this far in, as long as nothing lies beyond it. */
const PAGE_NUMBER_BAND = 0.15;
/** Furniture is short. */
const MAX_CHARS = 120;
/** A text repeated on at least this share of the pages (and two pages) is running furniture. */
const REPEAT_SHARE = 0.5;

const PAGE_NUMBER = /^(page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(\s*(of|\/)\s*\d{1,4})?$|^[ivxlcdm]{1,6}$/i;
const normalise = (t: string) => t.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

export function markFurniture(pages: Page[]): void {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const b of page.blocks) if (inMargin(b.bbox, page) && b.text.length <= MAX_CHARS) seen.add(normalise(b.text));
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length * REPEAT_SHARE));
  for (const page of pages) {
    for (const b of page.blocks) {
      if (b.text.length > MAX_CHARS) continue;
      const repeated = inMargin(b.bbox, page) && pages.length > 1 && (counts.get(normalise(b.text)) ?? 0) >= needed;
      if (!repeated && !isPageNumber(b, page)) continue;
      const top = b.bbox[3] <= page.height * BAND || (!inBand(b.bbox, page.height) && b.bbox[1] + b.bbox[3] < page.height);
      b.layer = top ? "header" : "footer";
      b.type = top ? "header" : "footer";
      b.hidden = true;
    }
  }
}

function inMargin(bbox: number[], page: Page): boolean {
  return inBand(bbox, page.height) || bbox[2] <= page.width * SIDE_BAND || bbox[0] >= page.width * (1 - SIDE_BAND);
}

function inBand(bbox: number[], height: number, band = BAND): boolean {
  return bbox[3] <= height * band || bbox[1] >= height * (1 - band);
}

/** A bare number in the outer band with no other content further out. */
function isPageNumber(b: Page["blocks"][number], page: Page): boolean {
  if (!PAGE_NUMBER.test(b.text.trim()) || !inBand(b.bbox, page.height, PAGE_NUMBER_BAND)) return false;
  const top = b.bbox[3] <= page.height / 2;
  // Furniture already found (a tagged artifact, a running foot) may sit further out.
  return page.blocks.every((o) => o === b || o.hidden || (top ? o.bbox[1] >= b.bbox[1] : o.bbox[3] <= b.bbox[3]));
}
