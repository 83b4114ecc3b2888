// List items: blocks that open with a bullet or an item number become `list` blocks with
// the marker, ordered or not, and a nesting level from their indentation.
import type { Block, Page } from "../model";

/** The characters that serve as bullets. */
const BULLETS = String.raw`•·◦▪▫●○■□‣⁃–\-*`;
/** A bullet opening a list item ("• Item"). */
export const BULLET = new RegExp(`^([${BULLETS}])\\s+`);
/**
 * An item number: 1. 2) (3), a. b) (c), i. ii) (iv). A capital letter or numeral counts only
 * closed by a parenthesis ("A)", "(B)", "IV)"): before a full stop it is as often a person's
 * initial ("S. Carberry, ...", "V. Kolmogorov" in a reference list), and taking it for a
 * marker would cut it from the text.
 */
export const ITEM_NUMBER = String.raw`(\d{1,3}|[a-z]|[ivx]{1,4})[.)]|([A-Z]|[IVX]{1,4})\)|\((\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})\)`;
const NUMBERED = new RegExp(`^(${ITEM_NUMBER})\\s+`);
/** A list item's marker standing alone: an item number, a reference's number ("[12]") or a bullet. */
export const MARKER_ALONE = new RegExp(String.raw`^(${ITEM_NUMBER}|\[\d{1,3}\]|[${BULLETS}])$`);
/** Indentation step (points) between list levels. */
const INDENT_STEP = 12;
/** A line of dashes or stars ("- - - - x", "* * *") is a rule or a divider, not an item. */
const DIVIDER = /^([-–*•·]\s*){3,}\S?\s*$/;

export function markLists(pages: Page[]): void {
  for (const page of pages) {
    const items = page.blocks.filter((b) => !b.hidden && b.type === "text" && (BULLET.test(b.text) || NUMBERED.test(b.text)) && !DIVIDER.test(b.text));
    if (!items.length) continue;
    // An item's indentation is where its marker stands (its first line): later lines may hang further left.
    const markerX = (b: Block) => b.lines?.[0]?.bbox[0] ?? b.bbox[0];
    for (const b of items) {
      // Indentation counts from the items of the same column (those overlapping this one).
      const left = Math.min(...items.filter((o) => o.bbox[0] < b.bbox[2] && o.bbox[2] > b.bbox[0]).map(markerX));
      const bullet = BULLET.exec(b.text);
      const numbered = bullet ? null : NUMBERED.exec(b.text);
      const marker = (bullet ?? numbered)![0];
      b.type = "list";
      b.list = { ordered: !bullet, level: Math.max(0, Math.round((markerX(b) - left) / INDENT_STEP)), marker: marker.trim() };
      b.text = b.text.slice(marker.length).trim();
    }
  }
}
