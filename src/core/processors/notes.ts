// Notes drawn over a page by its annotations (a free-text note, a stamp: backends/pdf/notes.ts)
// are the annotator's words, not the document's. They are laid out apart from the page's own
// text (a note set beside a heading would otherwise join its line and read "Abstract Abstract"),
// take their place in the page's reading order like any block, and sit out the document
// steps: a note is never furniture, a heading, a footnote or a list item, and never merges.
import type { Block, Page } from "../model";
import type { Run } from "../runs";
import { buildLines } from "./lines";
import { buildBlocks } from "./blocks";
import { buildTurnedBlocks } from "./turned";

/** The notes' runs as blocks of their own, marked; words turned a quarter turn (a stamp up the margin) as turned blocks. */
export function noteBlocks(runs: Run[]): Block[] {
  if (!runs.length) return [];
  const blocks = [...buildBlocks(buildLines(runs.filter((r) => !r.rotated && !r.vertical))), ...buildTurnedBlocks(runs.filter((r) => r.rotated))];
  return blocks.map((b) => ({ ...b, note: true }));
}

/**
 * Takes the notes out of the pages and returns what puts them back, each after the block it
 * followed (or the nearest earlier one the steps in between kept), so a note keeps its place
 * in reading order whatever the steps merged.
 */
export function setNotesAside(pages: Page[]): () => void {
  const aside: { page: Page; note: Block; before: Block[] }[] = [];
  for (const page of pages) {
    if (!page.blocks.some((b) => b.note)) continue;
    const kept: Block[] = [];
    for (const b of page.blocks) {
      if (b.note) aside.push({ page, note: b, before: [...kept] });
      else kept.push(b);
    }
    page.blocks = kept;
  }
  return () => {
    for (const { page, note, before } of aside) {
      const anchor = before.reverse().find((b) => page.blocks.includes(b));
      let at = anchor ? page.blocks.indexOf(anchor) + 1 : 0;
      while (page.blocks[at]?.note) at++; // after the notes already put back behind the same block
      page.blocks.splice(at, 0, note);
    }
  };
}
