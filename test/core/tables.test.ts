// Tables in real PDFs, inside workerd: ruled grids with merged cells, tables that rule their
// columns but not their rows, unruled tables, header rows, tables continued over pages, and
// ordinary multi-column text that must stay text.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { pdfPageRuns } from "../../src/core/pipeline/pdf-pages";
import { DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import type { Block, Document, TableCell } from "../../src/core/model";
import { tableHtml, tableMarkdown } from "../../src/core/render/table";
import { corpusFile, fixtureFile } from "../helpers/corpus";
import { openPdf } from "../../src/core/backends/pdf/open";

async function parse(path: string, over: Partial<FeatureConfig> = {}, pageRange?: [number, number]): Promise<Document> {
  return parseDocument(await corpusFile(path), path, { features: { ...DEFAULT_FEATURES, ...over }, pageRange });
}

/** A fixture of ours (test/fixtures/pdf), parsed as the API parses by default. */
const parseFixture = async (name: string): Promise<Document> => parseDocument(await fixtureFile(`pdf/${name}`), name, { features: DEFAULT_FEATURES });

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

describe("tables in the columns of a two-column page", () => {
  // test/fixtures/pdf/column-tables.tex (pdflatex, twocolumn): the rows below are its source's.
  const fixture = parseFixture("column-tables.pdf");

  it("splits a ruled table's columns that only the text shows (l|cc)", async () => {
    const [stations] = tablesOf(await fixture);
    expect(stations.table!.rows.map(texts)).toEqual([
      ["Station", "Spring", "Autumn"],
      ["Alder Ford", "412", "96"],
      ["Birch Weir", "1,250", "310"],
      ["Cedar Lock", "87", "12"],
      ["Dunmore", "2,004", "655"],
    ]);
  });

  it("gives a group heading over unruled columns a cell spanning them, on a row of its own", async () => {
    const [, gauges] = tablesOf(await fixture);
    const [heading, columns, ...body] = gauges.table!.rows;
    expect(heading.find((c) => c.text === "Readings by hour")?.colSpan).toBe(4);
    expect(texts(columns).slice(-4)).toEqual(["6h", "12h", "18h", "24h"]);
    expect(body.map(texts)).toEqual([
      ["North", "1.2", "1.8", "2.4", "2.1"],
      ["South", "0.7", "0.9", "1.6", "1.1"],
      ["East", "3.3", "3.9", "4.0", "3.5"],
    ]);
  });

  it("keeps a table whole beside the other column's paragraph, whose lines fall between its rows", async () => {
    const [, , crops] = tablesOf(await fixture);
    expect(crops.table!.rows.map(texts)).toEqual([
      ["Crop", "Area", "Yield"],
      ["Barley", "340", "5.1"],
      ["Oats", "125", "4.4"],
      ["Rye", "60", "3.9"],
      ["Wheat", "910", "7.2"],
    ]);
    const prose = (await fixture).pages[0].blocks.filter((b) => b.type === "text").map((b) => b.text);
    expect(prose[0]).toMatch(/^Rivers of the northern plain .* at the same stations\.$/);
  });
});

describe("an invoice's line items", () => {
  // test/fixtures/pdf/invoice-lines.tex (pdflatex): an unruled tabular of items, two of them
  // described at length, a note on an item between the rows, totals under the amounts.
  const fixture = parseFixture("invoice-lines.pdf");
  const rowsOf = async () => tablesOf(await fixture)[0].table!.rows.map(texts);

  it("keeps a long description a cell of its row, however wide and wordy", async () => {
    const rows = await rowsOf();
    expect(rows).toContainEqual(["A-1001", "Stainless steel mixing bowl with pouring spout, 8 litres", "2", "14.50", "29.00"]);
    expect(rows).toContainEqual(["B-0777", "Heavy cast iron baking stone for deck ovens, rectangular", "1", "89.00", "89.00"]);
  });

  it("leaves the invoice's own head lines, set flush left and right above the items, out of the table", async () => {
    const rows = await rowsOf();
    expect(rows[0]).toEqual(["Code", "Description", "Qty", "Unit price", "Amount"]);
    expect(rows.flat().some((t) => t.includes("Northwind") || t.includes("Harbour Street Bakery"))).toBe(false);
  });

  it("keeps a note between two items in the table, on a row of its own, and the items after it", async () => {
    const rows = await rowsOf();
    const note = rows.findIndex((r) => r[0].startsWith("The flour is delivered"));
    expect(rows[note - 1]).toEqual(["A-2040", "Flour", "25", "0.80", "20.00"]);
    expect(rows[note + 1]).toEqual(["B-0310", "Proofing baskets", "6", "7.25", "43.50"]);
    expect(rows[rows.length - 1].slice(-2)).toEqual(["Total", "217.80"]);
  });

  it("keeps the columns of a short list of items whose closing line runs across them", async () => {
    const short = tablesOf(await fixture).find((t) => t.table!.rows[0][0].text === "Article")!;
    const rows = short.table!.rows.map(texts);
    expect(rows[0]).toEqual(["Article", "Description", "Price", "VAT", "Quantity", "Amount"]);
    expect(rows[1]).toEqual(["E103184", "Maintenance kit CA6707", "49.99", "21%", "1", "49.99"]);
    expect(rows[rows.length - 1][rows[rows.length - 1].length - 1]).toBe("74.99");
  });
});

describe("a table of figures set close, beside the other column's text", () => {
  // test/fixtures/pdf/close-figures.tex (pdflatex, twocolumn): the rows below are its source's.
  const fixture = parseFixture("close-figures.pdf");

  it("splits figures set close on every row where the head shows two columns", async () => {
    const [table] = tablesOf(await fixture);
    const rows = table.table!.rows.map(texts);
    expect(rows[1]).toEqual(["State", "no.", "%", "no.", "%"]);
    expect(rows[2]).toEqual(["Alabama", "21,522", "184.3", "6,618", "48.8"]);
  });

  it("keeps one table whatever lines of the other column fall between its rows", async () => {
    const doc = await fixture;
    const tables = tablesOf(doc);
    expect(tables).toHaveLength(1);
    const states = tables[0].table!.rows.slice(2).map((r) => r[0].text);
    expect(states).toHaveLength(30);
    expect(states[0]).toBe("Alabama");
    expect(states[states.length - 1]).toBe("Utah");
    expect(doc.pages[0].blocks.some((b) => b.type !== "table" && b.text.includes("References"))).toBe(true);
  });
});

describe("tables that rule their columns, not their rows", () => {
  // test/fixtures/pdf/ruled-columns.tex (pdflatex): the rows below are its source's.
  const fixture = parseFixture("ruled-columns.pdf");

  it("gives each line of a column drawn as one box its row, through a total ruled off beside it", async () => {
    const [ages] = tablesOf(await fixture);
    const rows = ages.table!.rows.map(texts);
    expect(rows).toHaveLength(8);
    expect(rows[1]).toEqual(["Under 5 years", "0.065", "20,201,362"]);
    expect(rows[6]).toEqual(["25 to 34 years", "0.133", "41,063,948"]);
    expect(rows[7]).toEqual(["All ages", "0.472", "145,917,503"]);
  });

  it("reads double column rules as one border", async () => {
    const [, regions] = tablesOf(await fixture);
    expect(regions.table!.rows.map(texts)).toEqual([
      ["Region", "Stations", "Readings"],
      ["North Coast", "14", "3,412"],
      ["Inland Plains", "22", "5,918"],
      ["Highlands", "9", "1,207"],
      ["River Delta", "17", "4,450"],
    ]);
  });
});

describe("a financial statement", () => {
  // test/fixtures/pdf/statement.tex (pdflatex): the rows below are its source's.
  it("reads labels without their leaders, a dollar sign with its amount, negative amounts in parentheses", async () => {
    const doc = await parseFixture("statement.pdf");
    const [statement] = tablesOf(doc);
    const rows = statement.table!.rows.map(texts);
    expect(rows[0]).toEqual(["", "2025", "2024"]);
    expect(rows[1]).toEqual(["Revenue", "$ 48,210", "$ 44,975"]);
    expect(rows[2]).toEqual(["Cost of goods sold", "(31,402)", "(29,880)"]);
    expect(rows[rows.length - 1]).toEqual(["Net income", "$ 4,029", "$ 3,154"]);
    expect(rows).toHaveLength(12);
  });
});

describe("a table set sideways", () => {
  it("reads a table turned a quarter turn on a portrait page row by row", async () => {
    // test/fixtures/pdf/turned-table.tex (pdflatex, sidewaystable): the rows below are its source's.
    const doc = await parseFixture("turned-table.pdf");
    const [rainfall] = tablesOf(doc);
    const rows = rainfall.table!.rows.map(texts);
    expect(rows[0]).toEqual(["Station", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"]);
    expect(rows[4]).toEqual(["Dune Gate", "78", "70", "66", "49", "39", "31", "27", "33"]);
    expect(rainfall.captions?.join(" ")).toContain("Monthly rainfall by station");
  });
});

describe("tables of values", () => {
  // test/fixtures/pdf/value-tables.tex (pdflatex, booktabs): the rows below are its source's.
  const fixture = parseFixture("value-tables.pdf");

  it("reads wordy labels beside a column of figures as a table, not as running text", async () => {
    const [settings] = tablesOf(await fixture);
    expect(settings.table!.rows.map(texts)).toEqual([
      ["Setting", "Value"],
      ["Number of training epochs per stage", "120"],
      ["Learning rate at the start of training", "0.003"],
      ["Batch size on each of the devices", "64"],
      ["Weight decay applied to all layers", "0.05"],
      ["Warm-up steps before the full rate", "500"],
    ]);
  });

  it("keeps a dash for a missing value in its column, and the head whose column rules stop short of the rules", async () => {
    const [, errors] = tablesOf(await fixture);
    const rows = errors.table!.rows.map(texts);
    expect(rows[0]).toEqual(["N", "error", "order", "error", "order", "error", "order"]);
    expect(rows[1]).toEqual(["4", "7.59E-15", "–", "3.84E-15", "–", "2.22E-15", "–"]);
    expect(rows[2]).toEqual(["6", "2.25E-15", "3.00", "1.14E-15", "3.00", "6.63E-16", "2.98"]);
  });

  it("cuts two tables set one under the other where the head comes again", async () => {
    const [, , , first, second] = tablesOf(await fixture);
    expect(first.table!.rows.map((r) => r[0].text)).toEqual(["Proportion", "0.95", "0.90", "0.85", "0.80"]);
    const rows = second.table!.rows.map(texts);
    expect(rows.find((r) => r[0] === "Proportion")).toEqual(["Proportion", "1.7", "1.8", "1.9", "2.0"]);
    expect(rows[rows.length - 1]).toEqual(["0.80", "68", "72", "76", "80"]);
  });

  it("reads a doubled rule under the head as one border, every body row a row", async () => {
    const [, , steps] = tablesOf(await fixture);
    const rows = steps.table!.rows.map(texts);
    expect(rows.map((r) => r[0])).toEqual(["Steps", "ADE", "20", "40", "60", "80"]);
    expect(rows[rows.length - 1]).toEqual(["80", "0.417", "0.453", "7.30", "1.24"]);
  });
});

describe("tables framed by their rules", () => {
  // test/fixtures/pdf/framed-tables.tex (pdflatex, booktabs): the rows below are its source's.
  const fixture = parseFixture("framed-tables.pdf");

  it("keeps blocks set well apart between a table's top and bottom rules in one table", async () => {
    const [weights] = tablesOf(await fixture);
    const rows = weights.table!.rows.map(texts);
    expect(rows[0].filter(Boolean)).toEqual(["Day 1", "Day 7", "Day 14"]);
    const male = rows.findIndex((r) => r[0] === "Male");
    const female = rows.findIndex((r) => r[0] === "Female");
    expect(rows[male + 1]).toEqual(["0", "39", "5.8", "", "13.5", "", "25.7", ""]);
    expect(rows[female - 1]).toEqual(["1,000", "31", "5.8", "100", "13.0", "96", "24.9", "97"]);
    expect(rows[female + 1]).toEqual(["0", "23", "5.4", "", "12.7", "", "24.7", ""]);
    expect(rows[rows.length - 1]).toEqual(["1,000", "40", "5.5", "102", "12.4", "98", "24.2", "98"]);
  });

  it("puts figures set close together in their own columns", async () => {
    const [, populations] = tablesOf(await fixture);
    const rows = populations.table!.rows.map(texts);
    expect(rows).toContainEqual(["10–14", "13,340,788", "14,032,118", "2,194,990", "2,776,284", "32,344,180"]);
    expect(rows).toContainEqual(["0–4", "87,948", "22,490", "292,652", "255,744", "658,834"]);
  });

  it("keeps two tables ruled alike, one above the other, apart", async () => {
    const [, , sites, months] = tablesOf(await fixture);
    expect(sites.table!.rows.map(texts)).toEqual([["Site", "Samples", "Mean"], ["North", "12", "4.1"], ["South", "15", "3.8"], ["East", "9", "5.2"]]);
    expect(months.table!.rows.map((r) => r[0].text)).toEqual(["Month", "May", "June", "July"]);
  });

  it("keeps a section's long label, standing off the rows above it, inside the table's rules", async () => {
    const degrees = tablesOf(await fixture).find((t) => t.table!.rows[0][0].text === "Characteristic")!;
    const rows = degrees.table!.rows.map(texts);
    expect(rows.map((r) => r[0])).toEqual([
      "Characteristic",
      "Total",
      "Highest enrollment after the first degree, by the end of the survey",
      "Master’s degree",
      "Doctoral degree",
      "Highest degree earned by the end of the survey, all graduates",
      "Bachelor’s degree",
      "Master’s degree",
    ]);
    expect(rows[rows.length - 1]).toEqual(["Master’s degree", "31.8", "22.8", "17.5"]);
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

  it("flattens a head of several rows into one Markdown row, a group's name before each of its columns", async () => {
    // test/fixtures/pdf/column-tables.tex: `& \multicolumn{4}{c}{Readings by hour} \\ Gauge & 6h & 12h & 18h & 24h`.
    const doc = await parseFixture("column-tables.pdf");
    const gauges = tablesOf(doc).find((t) => t.table!.rows.flat().some((c) => c.text === "Readings by hour"))!;
    // The head's two rows are both heading rows: "Gauge" spans them.
    expect(gauges.table!.rows.slice(0, 2).flat().every((c) => c.header)).toBe(true);
    const md = tableMarkdown(gauges.table!).split("\n");
    expect(md[0]).toBe("| Gauge | Readings by hour / 6h | Readings by hour / 12h | Readings by hour / 18h | Readings by hour / 24h |");
    expect(md[2]).toBe("| North | 1.2 | 1.8 | 2.4 | 2.1 |");
  });
});
