// The tests of tables.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Tables in real PDFs, inside workerd: ruled grids with merged cells, tables that rule their
// columns but not their rows, unruled tables, header rows, tables continued over pages, and
// ordinary multi-column text that must stay text.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { pdfPageRuns } from "../../src/core/pipeline/pdf-pages";
import { DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import type { Block, Document, TableCell } from "../../src/core/model";
import { tableHtml, tableMarkdown } from "../../src/core/render/table";
import { corpusFile } from "../helpers/corpus";
import { openPdf } from "../../src/core/backends/pdf/open";

async function parse(path: string, over: Partial<FeatureConfig> = {}, pageRange?: [number, number]): Promise<Document> {
  return parseDocument(await corpusFile(path), path, { features: { ...DEFAULT_FEATURES, ...over }, pageRange });
}

const tablesOf = (doc: Document, page?: number): Block[] =>
  doc.pages.filter((p) => page === undefined || p.index === page).flatMap((p) => p.blocks.filter((b) => b.type === "table" && !b.hidden));

const texts = (row: TableCell[]) => row.map((c) => c.text);

describe("ruled tables", () => {
  it("reads a grid drawn with lines, merged cells as spans", async () => {
    const tables = tablesOf(await parse("tabula-java/spanning_cells.pdf"));
    expect(tables).toHaveLength(2);
    const first = tables[0].table!;
    expect(first.columnCount).toBe(6);
    // Converters draw borders where the PDF drew a grid.
    expect(first.ruled).toBe(true);
    // The scenario title is one cell across the whole table.
    expect(first.rows[0]).toHaveLength(1);
    expect(first.rows[0][0]).toMatchObject({ text: "Improved operation scenario", colSpan: 6, rowSpan: 1 });
    expect(texts(first.rows[1])).toEqual(["Volume servers in:", "2007", "2008", "2009", "2010", "2011"]);
    expect(texts(first.rows[2])).toEqual(["Server closets", "1,505", "1,580", "1,643", "1,673", "1,689"]);
    expect(texts(tables[1].table!.rows[3])).toEqual(["High-end", "76,295", "81,624", "86,849", "92,662", "98,864"]);
  });

  it("keeps a header whose cells wrap onto lines of their own as one row", async () => {
    // convert-samples/p2d-demo-section.pdf: each header cell a drawn box; "Persons / directly
    // reached (in lakh)" wraps onto four lines whose second shares a baseline with its neighbours'.
    const [table] = tablesOf(await parse("convert-samples/p2d-demo-section.pdf"));
    const rows = table.table!.rows;
    expect(texts(rows[0])).toEqual(["State", "Date", "Halt stations", "Halt days", "Persons directly reached (in lakh)", "Persons trained", "Persons counseled", "Persons tested for HIV"]);
    expect(texts(rows[1]).slice(0, 3)).toEqual(["Delhi", "1.12.2009", "8"]);
  });

  it("keeps a cell's wrapped lines in the cell", async () => {
    const [table] = tablesOf(await parse("tabula-java/Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf", {}, [0, 1]));
    const rows = table.table!.rows;
    expect(texts(rows[0]).slice(0, 4)).toEqual(["Serial No.", "Contract Description", "Contract No.", "Method of Procurement"]);
    const first = rows.find((r) => r[0].text === "1")!;
    expect(first[1].text).toBe("Procurement of 33No. (4X4) Pickups, 4No. (4x2) Pickups");
    // Where the PDF broke the cell's lines is kept, for layout conversions.
    expect(first[1].lineBreaks?.length).toBeGreaterThan(0);
    expect(first[1].lineBreaks!.every((at) => first[1].text[at] === " ")).toBe(true);
    expect(first[4].text).toBe("Japan Motors Trading Company Limited");
  });

  it("splits cells the drawing merges only by leaving out the column borders", async () => {
    // EFSA table: shaded header with column borders, then only rules between the rows.
    const [table] = tablesOf(await parse("icdar2013-tables/eu/eu-016.pdf", {}, [2, 3]));
    const rows = table.table!.rows;
    // (The text layer spells the first heading "domestic": its D is a separate glyph run.)
    expect(texts(rows[0]).map((t) => t.toLowerCase())).toEqual(["country", "domestic (%)", "imported (%)", "unknown (%)", "total (n)"]);
    expect(texts(rows[1])).toEqual(["Austria", "86.2", "13.8", "0", "3,375"]);
    expect(rows.every((r) => r.length === 5 && r.every((c) => c.colSpan === 1))).toBe(true);
  });

  it("cuts a text item that runs over a drawn column border", async () => {
    // The PDF writes a clipped first name and the next cell's house number as one item.
    const doc = await parse("tabula-java/schools.pdf", {}, [0, 1]);
    const [table] = tablesOf(doc);
    // The item the table cut is the table's: its text is not read again as a paragraph.
    expect(doc.pages[0].blocks.filter((b) => b.type !== "table").map((b) => b.text)).not.toContainEqual(expect.stringContaining("2165"));
    const boyle = table.table!.rows.find((r) => r[0].text === "Boyle")!;
    expect(texts(boyle).slice(0, 4)).toEqual(["Boyle", "Matthew C. & Elizab", "2165 Princeton Ave", "Saint Paul"]);
    const bennett = table.table!.rows.find((r) => r[0].text === "Bennett")!;
    expect(texts(bennett).slice(5, 7)).toEqual(["55110", "retired"]);
  });

  it("splits rows the drawing leaves out when every column has a line on them, marks the header", async () => {
    // Federal Register cost table: vertical rules between columns, none between rows.
    const [table] = tablesOf(await parse("born-digital/pdfplumber/federal-register-2020-17221.pdf", {}, [4, 5]));
    const rows = table.table!.rows;
    expect(rows).toHaveLength(4);
    expect(texts(rows[0])).toEqual(["Action", "Labor cost", "Parts cost", "Cost per product", "Cost on U.S. operators"]);
    expect(rows[0].every((c) => c.header)).toBe(true);
    expect(rows[1].some((c) => c.header)).toBe(false);
    // Dot leaders are not content; a wrapped cell stays one cell.
    expect(texts(rows[2])).toEqual(["AFM revisions", "1 work-hour × $85 per hour = $85", "$0", "$85", "$6,205."]);
    expect(rows[3][0].text).toBe("MDS installation and verification, INOP marker removal.");
  });

  it("gives a group's name a cell over the columns whose borders hang below it, and keeps the drawn grid", async () => {
    // NICS checks: "Pre-Pawn" over "Handgun | Long Gun | *Other", whose borders start below the
    // name with no line between the two header lines; "State / Territory" fills both lines.
    const [table] = tablesOf(await parse("convert-samples/pl-nics-background-checks-2015-11.pdf", {}, [0, 1]));
    const { rows, columnCount, columnBorders, rowBorders } = table.table!;
    const group = rows[1].find((c) => c.text === "Pre-Pawn")!;
    expect(group).toMatchObject({ colSpan: 3, rowSpan: 1 });
    expect(rows[1].find((c) => c.text === "State / Territory")).toMatchObject({ rowSpan: 2, colSpan: 1 });
    expect(rows[1].find((c) => c.text === "Return to Seller - Private Sale")).toMatchObject({ colSpan: 3 });
    expect(texts(rows[2]).slice(6, 9)).toEqual(["Handgun", "Long Gun", "*Other"]);
    expect(texts(rows[3]).slice(0, 3)).toEqual(["Alabama", "18,870", "23,022"]);
    // Where the PDF drew the grid, for converters to set cells on it.
    expect(columnBorders).toHaveLength(columnCount + 1);
    expect(rowBorders).toHaveLength(rows.length + 1);
    const sorted = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]);
    expect(sorted(columnBorders!) && sorted(rowBorders!)).toBe(true);
    // "18,870" ends just inside its column's right border.
    const permit = rows[3][1].bbox!;
    expect(columnBorders![2] - permit[2]).toBeGreaterThan(0);
    expect(columnBorders![2] - permit[2]).toBeLessThan(4);
  });

  it("gives a body drawn as one box the header's columns and the text's rows", async () => {
    // Senate expenditures: only the header draws column borders; the body is two boxes over
    // every column, and long descriptions run on under the amounts' head.
    const [table] = tablesOf(await parse("born-digital/pdfplumber/senate-expenditures.pdf", {}, [0, 1]));
    const rows = table.table!.rows;
    expect(table.table!.columnCount).toBe(7);
    const staff = rows.find((r) => r.some((c) => c.text === "SMITH, ALVARO R"))!;
    expect(texts(staff).filter(Boolean)).toEqual(["SMITH, ALVARO R", "LEGISLATIVE CORRESPONDENT", "21,000.00"]);
    const last = rows[rows.length - 1];
    expect(texts(last)).toEqual(["DHAW20190070", "09/09/2019", "CITIBANK - TRAVEL CBA CARD", "08/12/2019", "08/14/2019", "STAFF TRANSPORTATION AIRFARE FOR C WEIHS WASHINGTON DC TO SPRINGFIELD AND RETURN", "411.49"]);
    const spilled = rows.find((r) => r[0].text === "DHAW20190004")!;
    expect(spilled[5].text).toMatch(/^STAFF TRANSPORTATION AIRFARE FOR K FORD .* SAINT LOUIS TO WASHINGTON DC$/);
    expect(spilled[6].text).toBe("903.90");
  });
});

describe("turned text", () => {
  it("reads a ruled cell of text turned to read up the page line by line, and keeps a turned side heading out of the table beside it", async () => {
    // pdf2docx's table demo: a side heading turned up the page between the first table's
    // columns, and a merged cell of the second table holding three turned paragraphs.
    const doc = await parse("convert-samples/p2d-demo-table.pdf", {}, [0, 1]);
    const [aligned, ruled] = tablesOf(doc);
    const heading = doc.pages[0].blocks.find((b) => b.text.startsWith("Sample Vertical Text"))!;
    expect(heading.type).toBe("text");
    expect(heading.text).toBe("Sample Vertical Text From Bottom to Top and From Left to Right");
    expect(aligned.table!.rows.flat().some((c) => c.text.includes("Sample"))).toBe(false);
    // The last row's name, set between its description's two lines, stays in the row.
    expect(aligned.table!.rows.flat().some((c) => c.text === "Document.loadPage()")).toBe(true);
    const turned = ruled.table!.rows.flat().find((c) => c.rotated)!;
    expect(turned.rotated).toBe("up");
    expect(turned.text).toMatch(/^Document\.getTo C\(\) Document\.loadP age\(\) read a Page read a Page/);
    // Its printed lines, for layout conversions.
    expect(turned.lineBreaks!.length).toBeGreaterThanOrEqual(10);
  });
});

describe("unruled tables", () => {
  it("finds a table from text alignment inside a two-column page", async () => {
    const doc = await parse("born-digital/py-pdf-sample-files/026-latex-multicolumn/multicolumn.pdf");
    const [table] = tablesOf(doc, 2);
    const rows = table.table!.rows;
    expect(table.table!.ruled).toBe(false);
    expect(rows.find((r) => r[0].text === "Belgium")!.map((c) => c.text).slice(-2)).toEqual(["Brussels", "Dutch, French, German"]);
    expect(rows.find((r) => r[0].text === "Finland")!.map((c) => c.text)).toEqual(["Finland", "5.5", "338,424", "Helsinki", "Finnish, Swedish"]);
    // Headings wider than the numbers under them head their own column, not three at once;
    // the superscript of km² stays in its heading instead of becoming a paragraph.
    expect(texts(rows[0])).toEqual(["Country", "Population (millions)", "Area (km2)", "Capital", "Official Language"]);
    expect(doc.pages[2].blocks.filter((b) => b.type === "text").map((b) => b.text)).not.toContain("2");
  });

  it("gives each heading of a benchmark table its column", async () => {
    // Short headings over columns of numbers, set close together in one line.
    const [table] = tablesOf(await parse("born-digital/pdfjs/tracemonkey.pdf", {}, [11, 12]));
    const rows = table.table!.rows;
    expect(texts(rows[0])).toEqual(["", "Loops", "Trees", "Traces", "Aborts", "Flushes", "Trees/Loop", "Traces/Tree", "Traces/Loop", "Speedup"]);
    expect(texts(rows[1])).toEqual(["3d-cube", "25", "27", "29", "3", "0", "1.1", "1.1", "1.2", "2.20x"]);
  });

  it("reads a borderless competition table with its header", async () => {
    const tables = tablesOf(await parse("icdar2013-tables/eu/eu-002.pdf"));
    expect(tables).toHaveLength(1);
    const rows = tables[0].table!.rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0].some((c) => c.header)).toBe(true);
  });

  it("keeps a description wrapped over two lines in its row, beside a name printed between them", async () => {
    // p2d-demo-table's first table: the description column has the most lines (its texts
    // wrap), the numbered first column says where rows start.
    const [table] = tablesOf(await parse("convert-samples/p2d-demo-table.pdf"));
    const row4 = table.table!.rows.find((r) => r[0].text === "4")!;
    expect(texts(row4)).toEqual(["4", "Document.loadPage()", "Page read a Page read a Page read a Page read a Page read a Page"]);
    const row3 = table.table!.rows.find((r) => r[0].text === "3")!;
    expect(texts(row3)).toEqual(["3", "Document.getToC()", "get the table of contents (list)"]);
  });

  it("keeps a row of figures that leaves the name column empty a row of its own", async () => {
    // eu-027: "Gross wealth - end of 2007 (Euro)" over two rows of amounts; numbers do not wrap.
    const doc = await parse("icdar2013-tables/eu/eu-027.pdf", {}, [2, 3]);
    const rows = tablesOf(doc).flatMap((t) => t.table!.rows);
    const at = rows.findIndex((r) => r[0].text.startsWith("Gross wealth - end of 2007"));
    expect(texts(rows[at]).slice(1)).toEqual(["187,281", "384,198", "0", "7,720,000"]);
    expect(texts(rows[at + 1]).slice(1)).toEqual(["38,855", "114,128", "0", "2,870,000"]);
  });

  it("takes no line of the next column into a chart's lettering as a note between rows", async () => {
    // tracemonkey page 13: a bar chart's labels in the left column, paragraphs beside it on the right.
    expect(tablesOf(await parse("born-digital/pdfjs/tracemonkey.pdf", {}, [12, 13]))).toHaveLength(0);
  });

  it("leaves two- and three-column running text alone", async () => {
    expect(tablesOf(await parse("born-digital/pdfjs/tracemonkey.pdf", {}, [0, 1]))).toHaveLength(0);
    const federal = await parse("born-digital/pdfplumber/federal-register-2020-17221.pdf", {}, [0, 4]);
    expect(tablesOf(federal)).toHaveLength(0);
    expect(federal.pages[0].blocks.filter((b) => b.type === "text").length).toBeGreaterThan(10);
  });
});

describe("not tables", () => {
  const paper = "born-digital/pdfjs/tracemonkey.pdf";
  it("leaves a numbered code listing, and the prose line beside it in the other column, alone", async () => {
    const doc = await parse(paper, {}, [1, 2]);
    expect(tablesOf(doc)).toHaveLength(0);
    // The left column's line that shares a baseline with the listing stays in its paragraph.
    const prose = doc.pages[0].blocks.filter((b) => b.type === "text").map((b) => b.text);
    expect(prose.some((t) => t.includes("iterations of the loop."))).toBe(true);
  });

  it("does not take a diagram's boxes and labels for tables", async () => {
    // Page 2: a state machine of boxes and arrows; page 6: trace trees drawn with lines.
    expect(tablesOf(await parse(paper, {}, [1, 2]))).toHaveLength(0);
    expect(tablesOf(await parse(paper, {}, [5, 6]))).toHaveLength(0);
    // The paper's real tables are still found.
    expect(tablesOf(await parse(paper, {}, [7, 8]))).toHaveLength(1);
  });

  it("reads authors side by side as one block each, not as a table", async () => {
    // p2d-demo's three authors: name, department, university and email centred in columns.
    const doc = await parse("convert-samples/p2d-demo.pdf");
    const first = doc.pages[0].blocks;
    expect(first.filter((b) => b.type === "table")).toHaveLength(0);
    const authors = first.filter((b) => /@(ist\.)?psu\.edu/.test(b.text)).map((b) => b.text);
    expect(authors).toEqual([
      "Sagnik Ray Choudhury Information Sciences and Technology Pennsylvania State University sagnik@psu.edu",
      "Shuting Wang Computer Science and Engineering Pennsylvania State University sxw327@psu.edu",
      "Prasenjit Mitra, C. Lee Giles Information Sciences and Technology Pennsylvania State University pmitra@ist.psu.edu, giles@ist.psu.edu",
    ]);
    // The paper's three tables are still tables.
    expect(tablesOf(doc)).toHaveLength(3);
  });
});

describe("which pages have their drawing read", () => {
  /** Pages (0-based) whose text made the parser fetch the drawing (ruling lines). */
  async function hinted(path: string): Promise<number[]> {
    const pdf = await openPdf(await corpusFile(path));
    const out: number[] = [];
    for (let i = 1; i <= pdf.numPages; i++) if ((await pdfPageRuns(await pdf.getPage(i))).rulings !== undefined) out.push(i - 1);
    return out;
  }

  it("skips two-column prose whose short lines sit beside the other column, keeps label/value pairs and lettered captions", async () => {
    // tracemonkey: 2 (LIR listing beside comments), 5 (figure), 7 and 11 (tables), 12 (figure);
    // 6 and 9 only have paragraph ends and section numbers beside the other column's lines.
    expect(await hinted("born-digital/pdfjs/tracemonkey.pdf")).toEqual([2, 5, 7, 11, 12]);
    // "Low-income | Less than 50": labels with values of several words.
    expect(await hinted("icdar2013-tables/us/us-005.pdf")).toContain(0);
    // "Table ES-1" beside a line of the left column.
    expect(await hinted("icdar2013-tables/us/us-038.pdf")).toContain(1);
  });
});

describe("tables over pages", () => {
  const report = "born-digital/pdfplumber/WARN-Report-for-7-1-2015-to-03-25-2016.pdf";
  it("merges a table continued on the next pages only when asked to", async () => {
    const apart = tablesOf(await parse(report, {}, [0, 3]));
    expect(apart).toHaveLength(3);
    const doc = await parse(report, { enable_table_cross_page: true }, [0, 3]);
    const merged = tablesOf(doc);
    expect(merged).toHaveLength(1);
    expect(merged[0].table!.rows.length).toBe(apart.reduce((n, t) => n + t.table!.rows.length, 0));
    expect(doc.pages[1].blocks.find((b) => b.type === "table")).toMatchObject({ hidden: true, continuesFromPreviousPage: true });
    // One header row at the top, none in the middle.
    expect(merged[0].table!.rows.filter((r) => r.some((c) => c.header))).toHaveLength(1);
  });
});

describe("table rendering", () => {
  it("writes spans as rowspan/colspan with <th> headers in HTML, and repeats merged content in Markdown", async () => {
    const [table] = tablesOf(await parse("tabula-java/spanning_cells.pdf"));
    const html = tableHtml(table.table!);
    // The title and the year row head the table; the body rows are data cells.
    expect(html).toMatch(/^<table><tr><th colspan="6">Improved operation scenario<\/th><\/tr><tr><th>Volume servers in:<\/th><th>2007<\/th>/);
    expect(html).toContain("<tr><td>Server closets</td><td>1,505</td>");
    const md = tableMarkdown(table.table!).split("\n");
    expect(md[0]).toBe(`| ${Array(6).fill("Improved operation scenario").join(" | ")} |`);
    expect(md[1]).toBe("| --- | --- | --- | --- | --- | --- |");
    expect(md[3]).toBe("| Server closets | 1,505 | 1,580 | 1,643 | 1,673 | 1,689 |");
  });
});
