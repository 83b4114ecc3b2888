// Tables in real PDFs, inside workerd: ruled grids with merged cells, tables that rule their
// columns but not their rows, unruled tables, header rows, tables continued over pages, and
// ordinary multi-column text that must stay text.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import type { Block, Document, TableCell } from "../../src/core/model";
import { tableMarkdown } from "../../src/core/render/table";
import { fixtureFile } from "../helpers/corpus";
import { cutsWord } from "../../src/core/processors/tables/split-runs";

/** A fixture of ours (test/fixtures/pdf), parsed as the API parses by default. */
const parseFixture = async (name: string): Promise<Document> => parseDocument(await fixtureFile(`pdf/${name}`), name, { features: DEFAULT_FEATURES });

const tablesOf = (doc: Document, page?: number): Block[] =>
  doc.pages.filter((p) => page === undefined || p.index === page).flatMap((p) => p.blocks.filter((b) => b.type === "table" && !b.hidden));

const texts = (row: TableCell[]) => row.map((c) => c.text);

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

describe("a drawn border through a word", () => {
  const run = (text: string, x0: number, x1: number) => ({ text, bbox: [x0, 100, x1, 110] as [number, number, number, number], fontSize: 10 });

  it("cuts a word when it runs deep inside it, as squared paper's lines run through a page's words", () => {
    expect(cutsWord(run("Examenregelement", 100, 180), 140)).toBe(true);
  });

  it("does not when a tight cell's word runs a few points past its border, nor at a word space", () => {
    expect(cutsWord(run("Parameter", 302, 337), 333)).toBe(false);
    expect(cutsWord(run("Parameter", 372, 407), 373.5)).toBe(false);
    expect(cutsWord(run("Parameter Value", 300, 370), 334)).toBe(false);
  });
});

describe("pages that hold no table where their drawing or alignment suggests one", () => {
  // Real pages others made (test/fixtures/real-docs/pdfs/): an exam written over squared paper, a font's catalogue, a
  // manual's chart beside its code, a paper's first page with its contents in the left column.
  const realPage = async (name: string) => parseDocument(await fixtureFile(`real-docs/pdfs/${name}`), name, { features: DEFAULT_FEATURES });

  it("reads text written over squared paper as text: the grid's lines run through its words", async () => {
    const doc = await realPage("languages/nl-uantwerpen-exam-p2.pdf");
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.find((b) => b.text.startsWith("Het volledige Onderwijs- en Examenregelement (OER) is van toepassing"))?.type).toBe("text");
    expect(tablesOf(doc).every((t) => !t.text.includes("Belangrijke informatie"))).toBe(true);
    // The page's head and foot, no longer cut into cells, are found as furniture.
    expect(doc.pages[0].blocks.filter((b) => b.hidden).map((b) => b.text)).toEqual(expect.arrayContaining(["Student nr. 127", "2/9"]));
  });

  it("reads a catalogue's panels of paragraphs under its banner as text, not as a table's cells", async () => {
    const doc = await realPage("other-origins/accanthis-catalogue-p1.pdf");
    expect(tablesOf(doc)).toHaveLength(0);
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toEqual(expect.arrayContaining(["PRÉSENTATION", "RÉALISATION"]));
    expect(doc.pages[0].blocks.some((b) => b.type === "text" && b.text.startsWith("La version initiale est réalisée pour être une alternative au Galliard."))).toBe(true);
  });

  it("keeps a contents table to its column: the next column's heading, short lines and stretched lines stay text", async () => {
    const doc = await realPage("papers/ieeepes-doc-p1.pdf");
    const [contents] = tablesOf(doc);
    expect(contents.table!.rows.map((r) => r.map((c) => c.text).join(" "))).toContain("9 Equations 4");
    for (const line of ["1 Introduction", "tion.", "4.0, 1999/04/13.", "Delivery"]) expect(contents.text).not.toContain(line);
    expect(doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text)).toContain("1 Introduction");
  });

  it("ends a table where two lines of a paragraph run across its columns", async () => {
    const doc = await realPage("graphics/pgfplots-legend-grid-chart.pdf");
    const [head, section] = ["CHAPTER 3. STEP-BY-STEP TUTORIALS", "3.3.3 Add a Legend and a Grid"].map((t) => doc.pages[0].blocks.find((b) => b.text === t));
    expect(head?.hidden).toBe(true);
    expect(section?.type).toBe("title");
    expect(tablesOf(doc).some((t) => t.text.includes("A legend is a text label"))).toBe(false);
  });
});

describe("source code lined up in columns", () => {
  // test/fixtures/pdf/code-columns.tex (pdflatex): a database's entry, a settings file and a program's report, all verbatim.
  const fixture = parseFixture("code-columns.pdf");

  it("leaves code whose spaces line it up to the code step: a database's fields, a settings file", async () => {
    const doc = await fixture;
    expect(tablesOf(doc).some((t) => /author|source/.test(t.text))).toBe(false);
    const code = doc.pages[0].blocks.filter((b) => b.type === "code").map((b) => b.text);
    expect(code.some((t) => t.includes("publisher = {Addison-Wesley},"))).toBe(true);
    expect(code.some((t) => t.includes("output      = build/out"))).toBe(true);
  });

  it("keeps a program's report in the same face, with no sign of code, a table", async () => {
    const report = tablesOf(await fixture).find((t) => t.text.startsWith("Volume"));
    expect(report?.table!.rows.map(texts)).toEqual([
      ["Volume", "Size", "Used", "Free"],
      ["system", "120G", "48G", "72G"],
      ["home", "500G", "310G", "190G"],
      ["archive", "2.0T", "1.4T", "600G"],
    ]);
  });
});

describe("a table of contents under a running head", () => {
  // test/fixtures/pdf/contents-pages.tex (pdflatex): pages 1 (under a running head) and 2 (with a foot).
  const fixture = parseFixture("contents-pages.pdf");

  it("leaves the head standing off the entries at the page's top out of the table, for the furniture step", async () => {
    const doc = await fixture;
    expect(tablesOf(doc, 0).some((t) => t.text.includes("CONTENTS"))).toBe(false);
    expect(doc.pages[0].blocks.find((b) => b.text === "CONTENTS")?.hidden).toBe(true);
  });

  it("keeps a section's entry of five words or more a cell before its page, not a line of text", async () => {
    const [contents] = tablesOf(await fixture, 0);
    expect(contents.table!.rows.map(texts)).toContainEqual(["1", "Rivers of the northern plain", "3"]);
    expect((await fixture).pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text)).not.toContain("Rivers of the northern plain");
  });

  it("keeps a page's first entry, standing off the next as each section's entry does, in the table", async () => {
    const [contents] = tablesOf(await fixture, 1);
    expect(contents.table!.rows[0].map((c) => c.text).join(" ")).toContain("9 Drinking water supply");
  });
});

describe("table rendering", () => {

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
