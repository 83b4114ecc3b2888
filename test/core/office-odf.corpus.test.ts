// Reads the evaluation corpus: run by `npm run test:corpus`.
// OpenDocument text and spreadsheets (the native sources of the corpus's ODF-exported PDFs),
// read natively inside workerd.
import { describe, expect, it } from "vitest";
import { inspectDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
import { allBlocks, parseCorpus } from "./office-helpers";

describe("odt", () => {
  it("reads the Title style above text:h headings, keeps spaces written as their own spans", async () => {
    const { doc, result } = await parseCorpus("docling-testdata/odf-exported-pdf/text_document_01.odt");
    const titles = allBlocks(doc).filter((b) => b.type === "title");
    expect(titles[0]).toMatchObject({ text: "Title", titleLevel: 1 });
    expect(titles.find((t) => t.text === "heading level 1.0")!.titleLevel).toBe(2);
    expect(titles.find((t) => t.text === "Heading level 2: A")!.titleLevel).toBe(3);
    expect(result.catalog[0].content).toBe("Title");
    expect(allBlocks(doc).some((b) => b.text.startsWith("Lorem Ipsum is simply dummy text"))).toBe(true);
  });
  it("reads list styles: numbered items with their numbers, bullets nested below", async () => {
    const { doc } = await parseCorpus("docling-testdata/odf-exported-pdf/text_document_01.odt");
    const items = allBlocks(doc).filter((b) => b.type === "list");
    expect(items.find((b) => b.text === "numbered list 2")!.list).toEqual({ ordered: true, level: 0, marker: "2." });
    expect(items.find((b) => b.text === "bullet list 2.2.1")!.list).toMatchObject({ ordered: false, level: 2 });
  });
  it("reads tables, one line per paragraph in a cell", async () => {
    const { doc } = await parseCorpus("docling-testdata/odf-exported-pdf/text_document_03.odt");
    const table = allBlocks(doc).find((b) => b.type === "table")!.table!;
    expect(table.rows[0].map((c) => c.text)).toEqual(["Column A", "Column B"]);
    expect(table.rows[2][0].text.split("\n").filter(Boolean).slice(0, 2)).toEqual(["First Paragraph", "Second Paragraph"]);
  });
});

describe("ods", () => {
  it("makes a page per sheet with its tables, spans kept, the page count from the sheets", async () => {
    const path = "docling-testdata/odf-exported-pdf/odf_table_with_title_01.ods";
    const { doc } = await parseCorpus(path);
    expect(doc.pages[0].blocks[0]).toMatchObject({ type: "title", text: "Sheet1" });
    const tables = doc.pages[0].blocks.filter((b) => b.table).map((b) => b.table!.rows.map((r) => r.map((c) => c.text)));
    expect(tables).toContainEqual(expect.arrayContaining([["Year", "Freshwater Ducks"], ["2024", "180"]]));
    expect(await inspectDocument(await corpusFile(path), "t.ods")).toEqual({ fileType: ".ods", pageCount: doc.pages.length });
  });
});

describe("odp", () => {
  it("reads a slide per page at the slide's size, the title first, frames and shapes where the slide puts them", async () => {
    const path = "docling-testdata/odf-exported-pdf/odf_presentation_01.odp";
    expect(await inspectDocument(await corpusFile(path), "odf_presentation_01.odp")).toEqual({ fileType: ".odp", pageCount: 3 });
    const { doc } = await parseCorpus(path);
    expect(doc.pages).toHaveLength(3);
    // 16:9 slides of 33.867 cm x 19.05 cm.
    expect(doc.pages[0].width).toBeCloseTo(960, 0);
    expect(doc.pages[0].height).toBeCloseTo(540, 0);
    const [title, ...rest] = doc.pages[0].blocks;
    expect(title).toMatchObject({ type: "title", text: "Test Table Slide", titleLevel: 1 });
    // The table keeps its spans; the subtitle is text. The speaker's notes are left out.
    const table = rest.find((b) => b.type === "table")!.table!;
    expect(table.rows[0].map((c) => [c.text, c.colSpan])).toEqual([["", 1], ["Class1", 3], ["Class2", 3]]);
    expect(rest.some((b) => b.text === "With footnote")).toBe(true);
    expect(doc.pages[1].blocks.some((b) => b.text.includes("Some notes on the second slide"))).toBe(false);
    // A shape's own text, and list numbering from the list style.
    const second = doc.pages[1].blocks;
    expect(second[0]).toMatchObject({ type: "title", text: "Second slide title" });
    expect(second.some((b) => b.text === "A rectangle shape with this text inside.")).toBe(true);
    expect(second.find((b) => b.text === "Let’s introduce a list")!.list).toMatchObject({ ordered: true, level: 0 });
    // Boxes are inside the slide.
    for (const b of doc.pages.flatMap((p) => p.blocks)) expect(b.bbox[2]).toBeLessThanOrEqual(doc.pages[0].width);
  });
});
