// Tables continued on the next page (enable_table_cross_page): when a page ends with a table
// and the next begins with one of the same columns, the second is appended to the first;
// a header row repeated at the top of the continuation is dropped. The continuation block
// stays in the model, hidden and flagged, as processors hide rather than delete.
import type { Block, Page, Table, TableCell } from "../../model";

/** Left and right edges of the two tables may differ by this share of the table's width. */
const SAME_EDGES = 0.1;

export function mergeTablesAcrossPages(pages: Page[]): void {
  // A table running over three pages or more: a continuation, once merged, passes the table on.
  const mergedInto = new Map<Block, Block>();
  for (let i = 1; i < pages.length; i++) {
    const last = lastBody(pages[i - 1].blocks);
    const prev = last && mergedInto.has(last) ? mergedInto.get(last) : last;
    const next = pages[i].blocks.find((b) => !b.hidden && b.layer === "body");
    if (!prev?.table || !next?.table || prev.type !== "table" || next.type !== "table") continue;
    if (!continues(prev, next)) continue;
    const head = prev.table.rows.filter((r) => r.some((c) => c.header));
    let rows = next.table.rows;
    // A repeated header: the continuation's first rows read like the table's header rows.
    if (head.length && rows.length > head.length && head.every((h, k) => rowKey(h) === rowKey(rows[k]))) rows = rows.slice(head.length);
    // The first page's grid stays: its row borders describe the rows printed there (layout
    // modes show only those). A picture of the first part would hide the rest: it goes.
    const { image: _firstPart, ...grid } = prev.table;
    prev.table = { ...grid, rows: [...prev.table.rows, ...rows.map((r) => r.map((c) => ({ ...c, header: undefined }) as TableCell))] };
    prev.text = `${prev.text}\n${rows.map((r) => r.map((c) => c.text).join("\t")).join("\n")}`;
    next.continuesFromPreviousPage = true;
    next.hidden = true;
    mergedInto.set(next, prev);
  }
}

function continues(a: Block, b: Block): boolean {
  if (a.table!.columnCount !== b.table!.columnCount) return false;
  const width = Math.max(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0]);
  return Math.abs(a.bbox[0] - b.bbox[0]) <= SAME_EDGES * width && Math.abs(a.bbox[2] - b.bbox[2]) <= SAME_EDGES * width;
}

const rowKey = (row: Table["rows"][number]) => row.map((c) => `${c.colSpan}:${c.text.replace(/\s+/g, "").toLowerCase()}`).join("|");

/** The page's last body block; a merged continuation counts (it stands for its table). */
function lastBody(blocks: Block[]): Block | undefined {
  for (let i = blocks.length - 1; i >= 0; i--) if ((!blocks[i].hidden || blocks[i].continuesFromPreviousPage) && blocks[i].layer === "body") return blocks[i];
  return undefined;
}
