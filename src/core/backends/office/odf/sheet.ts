// An OpenDocument spreadsheet (.ods) as a Document, the same way as an Excel workbook: a
// page per sheet opening with its name, tables split at empty rows and columns, spans
// kept. ODF stores each cell's displayed text (text:p) next to its value, so what the
// application shows is read directly. Repeated rows and columns advance the position
// without being stored, so a sheet that declares a million empty rows costs nothing.
import { CoreError } from "../../../errors";
import { MAX_SHEET_CELLS } from "../../../limits";
import type { Page, Warning } from "../../../model";
import type { OfficeParse } from "../docx/index";
import { sheetPage } from "../sheet-page";
import type { MergedRange, SheetCells } from "../xlsx/sheet";
import { attr, kid, kids, parseXml, path, type XmlElement } from "../xml";
import type { OfficeZip } from "../zip";
import { odfText } from "./units";

/** Rows and columns one repeat may stand for before we stop storing its (non-empty) copies. */
const MAX_STORED_REPEAT = 1000;

export function parseOds(zip: OfficeZip): OfficeParse {
  const xml = zip.text("content.xml");
  if (!xml) throw new CoreError("corrupt_file", "The OpenDocument file has no content.xml.");
  const spreadsheet = path(parseXml(xml, "content.xml"), "body", "spreadsheet");
  if (!spreadsheet) throw new CoreError("corrupt_file", "The OpenDocument spreadsheet has no body.");
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  let budget = MAX_SHEET_CELLS;
  for (const table of kids(spreadsheet, "table")) {
    const cells = readCells(table, budget);
    budget -= cells.count;
    pages.push(sheetPage(pages.length, attr(table, "name") ?? `Sheet${pages.length + 1}`, cells, warnings));
  }
  return { pages, pageCount: pages.length, warnings };
}

function readCells(table: XmlElement, budget: number): SheetCells {
  const cells = new Map<number, Map<number, string>>();
  const merges: MergedRange[] = [];
  let count = 0;
  let truncated = false;
  let r = 0;
  const rowsOf = (el: XmlElement): XmlElement[] => kids(el).flatMap((c) => (c.local === "table-row" ? [c] : ["table-header-rows", "table-rows", "table-row-group"].includes(c.local) ? rowsOf(c) : []));
  for (const row of rowsOf(table)) {
    const rowRepeat = Number(attr(row, "number-rows-repeated") ?? 1);
    const rowCells = kids(row).filter((c) => c.local === "table-cell" || c.local === "covered-table-cell");
    const empty = rowCells.every((c) => !kid(c, "p"));
    for (let rr = 0; rr < (empty ? 0 : Math.min(rowRepeat, MAX_STORED_REPEAT)); rr++) {
      let c = 0;
      for (const cell of rowCells) {
        const repeat = Number(attr(cell, "number-columns-repeated") ?? 1);
        const text = cell.local === "table-cell" ? kids(cell, "p").map(odfText).join("\n") : "";
        if (text) {
          for (let k = 0; k < Math.min(repeat, MAX_STORED_REPEAT); k++) {
            if (count >= budget) {
              truncated = true;
              break;
            }
            count++;
            let line = cells.get(r + rr);
            if (!line) cells.set(r + rr, (line = new Map()));
            line.set(c + k, text);
          }
          const rows = Number(attr(cell, "number-rows-spanned") ?? 1);
          const cols = Number(attr(cell, "number-columns-spanned") ?? 1);
          if (rows > 1 || cols > 1) merges.push({ top: r + rr, left: c, bottom: r + rr + rows - 1, right: c + cols - 1 });
        }
        c += repeat;
      }
    }
    r += rowRepeat;
  }
  return { cells, merges, truncated, count };
}
