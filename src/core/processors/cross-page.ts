// A paragraph cut by a page break: the page's first body paragraph continues the previous
// page's last one when that one stops mid-sentence and this one starts in lower case at
// the same size. Merged into the earlier block; the later one is hidden and flagged.
import type { Block, Page } from "../model";
import { lineFontSize } from "./lines";

export function mergeAcrossPages(pages: Page[]): void {
  for (let i = 1; i < pages.length; i++) {
    const prev = lastBody(pages[i - 1].blocks);
    const next = pages[i].blocks.find((b) => !b.hidden);
    if (!prev || !next || prev.type !== "text" || next.type !== "text") continue;
    const sameSize = Math.abs(lineFontSize(prev.lines![0]) - lineFontSize(next.lines![0])) < 0.6;
    if (!sameSize || /[.!?:"”)]$/.test(prev.text) || !/^[a-z(]/.test(next.text)) continue;
    prev.text = /[A-Za-z]-$/.test(prev.text) ? prev.text.slice(0, -1) + next.text : `${prev.text} ${next.text}`;
    next.continuesFromPreviousPage = true;
    next.hidden = true;
  }
}

function lastBody(blocks: Block[]): Block | undefined {
  for (let i = blocks.length - 1; i >= 0; i--) if (!blocks[i].hidden) return blocks[i];
  return undefined;
}
