// An Excel workbook (.xlsx) as a Document: one page per visible sheet, in workbook order,
// opening with the sheet name as a title, then each table of the sheet (islands of filled
// cells) with merged cells as spans and values as Excel displays them. Hidden sheets make
// no page. Pictures on a sheet follow its tables and charts. Past MAX_SHEET_CELLS cells the rest of the workbook is left out, with a note on
// the page where it stopped and a warning.
import { MAX_SHEET_CELLS } from "../../../limits";
import type { Block, Page, Table, Warning } from "../../../model";
import { tableBlock, textBlock } from "../blocks";
import type { OfficeParse } from "../docx/index";
import { drawingChartTables } from "../chart";
import { layoutFlow } from "../layout";
import { readRelationships } from "../rels";
import { readCoreTitle } from "../properties";
import type { OfficeZip } from "../zip";
import { sheetTables } from "./regions";
import { readSheetCells } from "./sheet";
import { readWorkbook } from "./workbook";
import { drawingPictures } from "./pictures";
import type { PictureParts } from "../pictures";

/** A sheet page is at least US Letter; wider tables widen it (an average column is about 64 points). */
const MIN_PAGE = { width: 612, height: 792 };
const COLUMN_WIDTH = 64;
const MARGIN = 36;

/** Visible sheets: what the page count and the pages are made of. */
export function visibleSheetCount(zip: OfficeZip): number {
  return readWorkbook(zip).sheets.filter((s) => s.visible).length;
}

export function parseXlsx(zip: OfficeZip): OfficeParse {
  const book = readWorkbook(zip);
  const warnings: Warning[] = [];
  const pages: Page[] = [];
  let budget = MAX_SHEET_CELLS;
  const pictures: PictureParts = new Map();
  const lost = { linked: 0 };
  for (const sheet of book.sheets.filter((s) => s.visible)) {
    const index = pages.length;
    const title = textBlock("title", sheet.name);
    title.titleLevel = 1;
    const blocks: Block[] = [title];
    if (sheet.kind === "worksheet") {
      const xml = zip.text(sheet.part);
      if (xml) {
        const cells = readSheetCells(xml, sheet.part, book, budget);
        budget -= cells.count;
        for (const table of sheetTables(cells)) blocks.push(...titledTable(table));
        blocks.push(...sheetCharts(zip, sheet.part));
        for (const part of drawingParts(zip, sheet.part)) blocks.push(...drawingPictures(zip, part, pictures, lost));
        if (cells.truncated) {
          const message = `Sheet "${sheet.name}" was cut short: a workbook is read up to ${MAX_SHEET_CELLS} cells, the remaining cells are left out.`;
          blocks.push(textBlock("text", message));
          warnings.push({ page: index, code: "sheet_truncated", message });
        }
      }
    } else {
      const charts = sheetCharts(zip, sheet.part);
      blocks.push(...charts);
      if (!charts.length) warnings.push({ page: index, code: "chart_not_extracted", message: `Sheet "${sheet.name}" holds no chart data we could read.` });
    }
    pages.push(placeOnPage(index, blocks));
  }
  if (lost.linked) warnings.push({ code: "images_not_extracted", message: `${lost.linked} picture(s) of the workbook are linked to files outside it, not embedded, and are left out.` });
  return { pages, pageCount: pages.length, title: readCoreTitle(zip), warnings, pictures };
}

/** A first row that is one cell merged across the whole table is the table's title, not a row of it. */
function titledTable(table: Table): Block[] {
  const first = table.rows[0];
  if (table.rows.length < 2 || first.length !== 1 || first[0].colSpan !== table.columnCount || table.columnCount < 2 || first[0].rowSpan !== 1 || !first[0].text) return [tableBlock(table)];
  return [textBlock("text", first[0].text), tableBlock({ rows: table.rows.slice(1), columnCount: table.columnCount })];
}

/** Charts drawn on a sheet (or filling a chart sheet), as tables of their data. */
function sheetCharts(zip: OfficeZip, sheetPart: string) {
  return drawingParts(zip, sheetPart).flatMap((part) => drawingChartTables(zip, part));
}

const drawingParts = (zip: OfficeZip, sheetPart: string) => [...readRelationships(zip, sheetPart).values()].filter((r) => r.type.endsWith("/drawing") && !r.external).map((r) => r.target);

function placeOnPage(index: number, blocks: Block[]): Page {
  const columns = Math.max(0, ...blocks.map((b) => b.table?.columnCount ?? 0));
  const width = Math.max(MIN_PAGE.width, 2 * MARGIN + columns * COLUMN_WIDTH);
  // Stack on an unbounded sheet first, then size the page to what was placed.
  layoutFlow(blocks, { width, height: Number.MAX_SAFE_INTEGER, left: MARGIN, right: MARGIN, top: MARGIN, bottom: 0 });
  const bottom = Math.max(0, ...blocks.map((b) => b.bbox[3]));
  return { index, width, height: Math.max(MIN_PAGE.height, bottom + MARGIN), blocks };
}
