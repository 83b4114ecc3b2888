// An Excel 97-2003 workbook (.xls) as a Document, the same way as an .xlsx: a page per
// visible worksheet opening with its name, tables split at empty rows and columns, merged
// cells kept, the workbook's cell budget applied. Read from the compound file's Workbook
// stream by our own BIFF8 reader (biff.ts): the npm registry's SheetJS is an old release
// with known advisories, and the records a parser needs are few.
import { CoreError } from "../../../errors";
import { MAX_SHEET_CELLS } from "../../../limits";
import type { Page, Warning } from "../../../model";
import { readCompoundFile } from "../cfb";
import type { OfficeParse } from "../docx/index";
import { sheetPage } from "../sheet-page";
import { readXlsBook, readXlsSheet } from "./biff";

export function parseXls(bytes: Uint8Array): OfficeParse {
  const stream = workbookStream(bytes);
  const book = readXlsBook(stream);
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  let budget = MAX_SHEET_CELLS;
  for (const sheet of book.sheets.filter((s) => s.visible)) {
    const cells = readXlsSheet(stream, book, sheet, budget);
    budget -= cells.count;
    pages.push(sheetPage(pages.length, sheet.name, cells, warnings));
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
