// Tables of one page: ruled tables from the drawing first, then unruled tables from text
// alignment among the runs left over. The runs a table takes are handed back, so the
// paragraph steps never see them. `mayHoldTable` is the cheap look at the text layer
// that decides whether the page's drawing is worth fetching at all.
import { bodySizeOf, type PageRuns, type Ruling, type Run } from "../../runs";
import type { Block } from "../../model";
import { toTableBlock } from "./cells";
import { ruledDrafts } from "./ruled";
import { alignedDrafts } from "./aligned";
import type { TableDraft } from "./draft";
import { figuresApart, wholeOf } from "./split-runs";
import { figureLettering } from "./not-a-table";
import { buildLines } from "../lines";
import { toBlock } from "../blocks";

export { mayHoldTable } from "./hints";
export { mergeTablesAcrossPages } from "./cross-page";

/**
 * `tables`, and `columns`: the text blocks of regions whose columns line up like a table's
 * but hold short blocks of text side by side (a paper's authors). The paragraph steps would
 * join such columns' lines across their narrow gaps, so they are built here, a column at a time.
 */
export function extractTables(raw: PageRuns, rulings: Ruling[] = raw.rulings ?? []): { tables: Block[]; columns: Block[]; rest: Run[] } {
  const tables: Block[] = [];
  const columns: Block[] = [];
  const taken = new Set<Run>();
  const take = (draft: TableDraft) => draft.cells.forEach((c) => c.runs.forEach((r) => taken.add(wholeOf(r))));
  const bodySize = bodySizeOf(raw.runs);
  const tableOf = (draft: TableDraft) => (figureLettering(draft.cells.flatMap((c) => c.runs), bodySize) ? null : toTableBlock(draft));
  // Figures written as one item are looked at one by one; a table taking one takes the item.
  const runs = raw.runs.flatMap(figuresApart);
  for (const draft of ruledDrafts(runs, rulings)) {
    const block = tableOf(draft);
    if (!block) continue;
    tables.push(block);
    take(draft);
  }
  const left = taken.size ? runs.filter((r) => !taken.has(wholeOf(r))) : runs;
  // Turned text has no rows and columns of its own to align on (a side heading beside a
  // table): it stays out of the alignment search, and comes out as a block of its own.
  for (const draft of alignedDrafts(left.filter((r) => !r.rotated), raw.width, rulings)) {
    if (draft.textColumns) {
      columns.push(...columnBlocks(draft));
      take(draft);
      continue;
    }
    const block = tableOf(draft);
    if (!block) continue;
    tables.push(block);
    take(draft);
  }
  const rest = taken.size ? raw.runs.filter((r) => !taken.has(r)) : raw.runs;
  return { tables, columns, rest };
}

/** One text block a column of the draft (a person's name over their affiliation stays one block), its lines top to bottom. */
function columnBlocks(draft: TableDraft): Block[] {
  return Array.from({ length: draft.colCount }, (_, col) => draft.cells.filter((c) => c.c0 === col).flatMap((c) => c.runs))
    .filter((runs) => runs.length)
    .map((runs) => toBlock(buildLines(runs)));
}
