// The tests of office-xlsx.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Excel workbooks read natively (inside workerd): a page per visible sheet, tables split at
// empty rows and columns, merged cells, values as Excel displays them, pictures on sheets.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { inspectDocument } from "../../src/core/pipeline";
import { corpusFile, fixtureFile } from "../helpers/corpus";
import { allBlocks, corpusWithImages, imageBlocks, parseBytes, parseCorpus } from "./office-helpers";

const grid = (t: { rows: { text: string }[][] }) => t.rows.map((r) => r.map((c) => c.text));

describe("xlsx", () => {
  it("makes one page per sheet, in order, each opening with the sheet name as a title", async () => {
    const { doc, result } = await parseCorpus("office/sheetjs/mixed_sheets.xlsx");
    expect(doc.pages.map((p) => p.blocks[0].text)).toEqual(["survey", "choices", "settings"]);
    expect(doc.pages.every((p) => p.blocks[0].type === "title" && p.blocks[0].titleLevel === 1)).toBe(true);
    expect(result.catalog.map((c) => c.content)).toEqual(["survey", "choices", "settings"]);
    expect(grid(doc.pages[1].blocks[1].table!)).toEqual([["list_name", "value", "label"], ["yes_no", "Yes", "Yes"], ["yes_no", "No", "No"]]);
  });
  it("skips hidden sheets, in the page count too", async () => {
    const bytes = await corpusFile("docling-testdata/xlsx/xlsx_01.xlsx");
    const { doc } = await parseCorpus("docling-testdata/xlsx/xlsx_01.xlsx");
    expect(doc.pages.map((p) => p.blocks[0].text)).toEqual(["Sheet1", "Sheet2", "Sheet3"]);
    expect(await inspectDocument(bytes, "x.xlsx")).toEqual({ fileType: ".xlsx", pageCount: 3 });
  });
  it("splits a sheet into tables at empty rows and columns", async () => {
    const { doc } = await parseCorpus("docling-testdata/xlsx/xlsx_01.xlsx");
    const sheet2 = doc.pages[1].blocks.filter((b) => b.type === "table");
    expect(sheet2.length).toBeGreaterThanOrEqual(2);
    expect(grid(sheet2[0].table!)[0]).toEqual(["col-1", "col-2", "col-3", "col-4"]);
    expect(grid(sheet2[1].table!)[0]).toEqual(["col-1", "col-2", "col-3"]);
  });
  it("keeps merged ranges as spanning cells", async () => {
    const { doc } = await parseCorpus("office/sheetjs/merge_cells.xlsx");
    const table = allBlocks(doc).find((b) => b.type === "table")!.table!;
    expect(table.rows[0][0]).toMatchObject({ text: "A1:B2", rowSpan: 2, colSpan: 2 });
    expect(table.rows[0][1]).toMatchObject({ text: "C1:C2", rowSpan: 2, colSpan: 1 });
    expect(table.rows[2][0]).toMatchObject({ text: "A3:B3", colSpan: 2 });
  });
  it("shows values as Excel displays them: number formats, shared and rich strings, booleans, cached formula results", async () => {
    const numbers = await parseCorpus("office/sheetjs/text_and_numbers.xlsx");
    const cells = allBlocks(numbers.doc).filter((b) => b.table).flatMap((b) => b.table!.rows.flat().map((c) => c.text));
    expect(cells).toEqual(expect.arrayContaining(["Hello", "שלום", "1337", "13.37", " $1,337.00 "]));
    const attendance = await parseCorpus("office/sheetjs/Attendance.xlsx");
    const rows = grid(allBlocks(attendance.doc).find((b) => b.table)!.table!);
    expect(rows[1].slice(0, 3)).toEqual(["10/1", "FALSE", "TRUE"]);
    const formulae = await parseCorpus("office/sheetjs/formulae_test_simple.xlsx");
    expect(grid(allBlocks(formulae.doc).find((b) => b.table)!.table!).at(-1)).toContain("55");
  });
  it("gives an empty sheet a page with its title only", async () => {
    const { doc } = await parseCorpus("office/sheetjs/text_and_numbers.xlsx");
    expect(doc.pages[1].blocks.map((b) => b.type)).toEqual(["title"]);
  });
  it("gives the data of a chart drawn on a sheet as a table", async () => {
    const { doc } = await parseCorpus("docling-testdata/xlsx/xlsx_03_chartsheet.xlsx");
    const chart = doc.pages[1].blocks.find((b) => b.type === "table")!.table!;
    expect(chart.rows[0].map((c) => c.text)).toEqual(["", "Freshwater Ducks", "Saltwater Ducks"]);
    expect(chart.rows.at(-1)!.map((c) => c.text)).toEqual(["2024", "180", "130"]);
  });
});

describe("xlsx pictures", () => {
  it("puts a sheet's picture after its tables and hands the PNG to the sink", async () => {
    const path = "docling-testdata/xlsx/xlsx_01.xlsx";
    const { doc, store } = await corpusWithImages(path);
    const [picture, ...more] = imageBlocks(doc);
    expect(more).toHaveLength(0);
    const page = doc.pages.find((p) => p.blocks.includes(picture))!;
    expect(page.blocks[page.blocks.length - 1]).toBe(picture);
    // a:ext 3444270 x 3517900 EMU: 271.2 x 277 pt.
    expect(picture.bbox[2] - picture.bbox[0]).toBeCloseTo(271.2, 1);
    expect(store.images.get(picture.image!.ref)).toEqual({ bytes: unzipSync(await corpusFile(path))["xl/media/image1.png"], mime: "image/png" });
  });
});

describe("xls (Excel 97-2003)", () => {
  // test/fixtures/office/*.xls: corpus workbooks saved as "MS Excel 97" by LibreOffice; the .xls must read as the .xlsx does.
  const cells = (doc: Awaited<ReturnType<typeof parseCorpus>>["doc"]) =>
    doc.pages.map((p) => p.blocks.map((b) => (b.table ? b.table.rows.map((r) => r.map((c) => [c.text, c.rowSpan, c.colSpan])) : [b.type, b.text])));

  it.each(["merge_cells", "text_and_numbers", "formulae_test_simple"])("reads %s.xls as its .xlsx: sheets, shared strings, numbers in their formats, formula results, merged cells", async (name) => {
    const xls = await parseBytes(await fixtureFile(`office/${name}.xls`), `${name}.xls`);
    const xlsx = await parseCorpus(`office/sheetjs/${name}.xlsx`);
    expect(xls.doc.source.fileType).toBe(".xls");
    expect(cells(xls.doc)).toEqual(cells(xlsx.doc));
  });
});
