// An OpenDocument spreadsheet (.ods) as a Document, the same way as an Excel workbook: a
// page per sheet opening with its name, tables split at empty rows and columns, spans
// kept. ODF stores each cell's displayed text (text:p) next to its value, so what the
// application shows is read directly. Repeated rows and columns advance the position
// without being stored, so a sheet that declares a million empty rows costs nothing.
import { CoreError } from "../../../errors";
import { MAX_SHEET_CELLS } from "../../../limits";
import type { Block, Page, Warning } from "../../../model";
import { tableBlock, textBlock } from "../blocks";
import type { OfficeParse } from "../docx/index";
import { layoutFlow } from "../layout";
import { sheetTables } from "../xlsx/regions";
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
    const name = attr(table, "name") ?? `Sheet${pages.length + 1}`;
    const title = textBlock("title", name);
    title.titleLevel = 1;
    const cells = readCells(table, budget);
    budget -= cells.count;
    const blocks: Block[] = [title, ...sheetTables(cells).map((t) => tableBlock(t))];
    if (cells.truncated) {
      const message = `Sheet "${name}" was cut short: a workbook is read up to ${MAX_SHEET_CELLS} cells, the remaining cells are left out.`;
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
