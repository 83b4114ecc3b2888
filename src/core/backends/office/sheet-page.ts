// One worksheet as a page, for the spreadsheet formats read cell by cell (.ods, .xls): its
// name as the page's title, its tables split at empty rows and columns, a note when the
// workbook's cell budget cut it short, blocks stacked down a page as wide as its columns.
import { MAX_SHEET_CELLS } from "../../limits";
import type { Block, Page, Warning } from "../../model";
import { tableBlock, textBlock } from "./blocks";
import { layoutFlow } from "./layout";
import { sheetTables } from "./xlsx/regions";
import type { SheetCells } from "./xlsx/sheet";

export function sheetPage(index: number, name: string, cells: SheetCells, warnings: Warning[]): Page {
  const title = textBlock("title", name);
  title.titleLevel = 1;
  const blocks: Block[] = [title, ...sheetTables(cells).map((t) => tableBlock(t))];
  if (cells.truncated) {
    const message = `Sheet "${name}" was cut short: a workbook is read up to ${MAX_SHEET_CELLS} cells, the remaining cells are left out.`;
    blocks.push(textBlock("text", message));
    warnings.push({ page: index, code: "sheet_truncated", message });
  }
  const columns = Math.max(0, ...blocks.map((b) => b.table?.columnCount ?? 0));
  const width = Math.max(612, 72 + columns * 64);
  layoutFlow(blocks, { width, height: Number.MAX_SAFE_INTEGER, left: 36, right: 36, top: 36, bottom: 0 });
  return { index, width, height: Math.max(792, Math.max(...blocks.map((b) => b.bbox[3])) + 36), blocks };
}
