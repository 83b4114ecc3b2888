// An Excel 97-2003 workbook (.xls) as a Document, the same way as an .xlsx: a page per
// visible worksheet opening with its name, tables split at empty rows and columns, merged
// cells kept, the workbook's cell budget applied. Read from the compound file's Workbook
// stream by our own BIFF8 reader (biff.ts): the npm registry's SheetJS is an old release
// with known advisories, and the records a parser needs are few.
import { CoreError } from "../../../errors";
import { MAX_SHEET_CELLS } from "../../../limits";
import type { Block, Page, Warning } from "../../../model";
import { tableBlock, textBlock } from "../blocks";
import { readCompoundFile } from "../cfb";
import type { OfficeParse } from "../docx/index";
import { layoutFlow } from "../layout";
import { sheetTables } from "../xlsx/regions";
import { readXlsBook, readXlsSheet } from "./biff";

export function parseXls(bytes: Uint8Array): OfficeParse {
  const stream = workbookStream(bytes);
  const book = readXlsBook(stream);
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  let budget = MAX_SHEET_CELLS;
  for (const sheet of book.sheets.filter((s) => s.visible)) {
    const title = textBlock("title", sheet.name);
    title.titleLevel = 1;
    const cells = readXlsSheet(stream, book, sheet, budget);
    budget -= cells.count;
    const blocks: Block[] = [title, ...sheetTables(cells).map((t) => tableBlock(t))];
    if (cells.truncated) {
      const message = `Sheet "${sheet.name}" was cut short: a workbook is read up to ${MAX_SHEET_CELLS} cells, the remaining cells are left out.`;
      blocks.push(textBlock("text", message));
      warnings.push({ page: pages.length, code: "sheet_truncated", message });
    }
    const columns = Math.max(0, ...blocks.map((b) => b.table?.columnCount ?? 0));
    const width = Math.max(612, 72 + columns * 64);
    layoutFlow(blocks, { width, height: Number.MAX_SAFE_INTEGER, left: 36, right: 36, top: 36, bottom: 0 });
    pages.push({ index: pages.length, width, height: Math.max(792, Math.max(...blocks.map((b) => b.bbox[3])) + 36), blocks });
  }
  return { pages, pageCount: pages.length, warnings };
}

/** Visible worksheets: the page count, without reading a cell. */
export function xlsSheetCount(bytes: Uint8Array): number {
  return readXlsBook(workbookStream(bytes)).sheets.filter((s) => s.visible).length;
}

function workbookStream(bytes: Uint8Array): Uint8Array {
  const file = readCompoundFile(bytes);
  const stream = file.stream("Workbook") ?? file.stream("Book");
  if (!stream) throw new CoreError("corrupt_file", "The Excel file has no workbook stream.");
  return stream;
}
