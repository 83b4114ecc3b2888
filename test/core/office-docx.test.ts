// Word files read natively (inside workerd): headings and the catalog, Word's numbering,
// merged table cells, links, foot/endnotes, text boxes, equations, headers and footers,
// pages, tracked changes and comments.
import { describe, expect, it } from "vitest";
import { inspectDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
import { hyperlinkDocx, trackedChangesDocx } from "../fixtures/office/crafted";
import { allBlocks, parseBytes, parseCorpus } from "./office-helpers";

describe("docx headings", () => {
  it("takes heading levels from styles, numbers headings as Word does, nests the catalog", async () => {
    const { doc, result } = await parseCorpus("docling-testdata/docx/unit_test_headers_numbered.docx");
    const titles = allBlocks(doc).filter((b) => b.type === "title");
    expect(titles[0]).toMatchObject({ text: "Test Document", titleLevel: 1, source: "ooxml" });
    expect(titles.find((t) => t.text.endsWith("Section 1.1"))).toMatchObject({ text: "1.1. Section 1.1", titleLevel: 3 });
    expect(titles.find((t) => t.text.endsWith("Section 1.2.3"))).toMatchObject({ text: "1.2.1. Section 1.2.3", titleLevel: 4 });
    const root = result.catalog;
    expect(root).toHaveLength(1);
    expect(root[0].content).toBe("Test Document");
    expect(root[0].children.map((c) => c.content)).toContain("2. Section 2");
    expect(root[0].children[0].children.map((c) => c.content)).toEqual(["1.1. Section 1.1", "1.2. Section 1.2"]);
  });
});

describe("docx lists", () => {
  it("resolves numbering definitions to the markers Word shows, with levels", async () => {
    const { doc } = await parseCorpus("docling-testdata/docx/unit_test_headers_numbered.docx");
    const items = allBlocks(doc).filter((b) => b.type === "list");
    const hardware = items.find((b) => b.text.startsWith("Hardware Constraints"))!;
    expect(hardware.list).toEqual({ ordered: true, level: 2, marker: "2.3.1." });
    expect(items.find((b) => b.text.startsWith("Third sub-item"))!.list).toEqual({ ordered: true, level: 3, marker: "2.3.8.3." });
  });
  it("writes multi-level numbers into Markdown as Word shows them", async () => {
    const { markdown } = await parseCorpus("docling-testdata/docx/unit_test_headers_numbered.docx");
    expect(markdown).toContain("    - 2.3.1. Hardware Constraints – Egde Case\n");
    expect(markdown).toContain("      - 2.3.8.1. First sub-item at this level\n");
  });
  it("nests bullets and restarts numbered lists that are new instances", async () => {
    const { doc } = await parseCorpus("docling-testdata/docx/docx_lists.docx");
    const items = allBlocks(doc).filter((b) => b.type === "list");
    const nested = items.find((b) => b.text === "List item 1.1.1")!;
    expect(nested.list).toMatchObject({ ordered: false, level: 2 });
    const singles = items.filter((b) => b.text === "Single item of a new list");
    expect(singles.length).toBeGreaterThanOrEqual(2);
    for (const s of singles) expect(s.list?.marker).toMatch(/^1\W/);
    expect(items.find((b) => b.text === "Fourth item with numId 2")!.list?.marker).toBe("4.");
  });
});

describe("docx tables", () => {
  it("keeps horizontal (gridSpan) and vertical (vMerge) merges as spans", async () => {
    const { doc } = await parseCorpus("docling-testdata/docx/word_tables.docx", {}, { table: "html" });
    const tables = allBlocks(doc).filter((b) => b.type === "table");
    expect(tables.length).toBe(7);
    const cell = (text: string) => tables.flatMap((t) => t.table!.rows.flat()).find((c) => c.text === text);
    expect(cell("Merged Cell 1.1 1.2")).toMatchObject({ colSpan: 2, rowSpan: 1 });
    expect(cell("Merged Cell 1.1 2.1")).toMatchObject({ colSpan: 1, rowSpan: 2 });
    expect(cell("Merged Cell 4.4 5.4")).toMatchObject({ rowSpan: 2 });
    expect(tables[0].table!.rows[0].every((c) => c.header)).toBe(true);
  });
  it("gives mammoth's cells in order", async () => {
    const { doc } = await parseCorpus("office/mammoth/tables.docx");
    const blocks = allBlocks(doc);
    expect(blocks.map((b) => b.type)).toEqual(["text", "table", "text"]);
    expect(blocks[1].table!.rows.map((r) => r.map((c) => c.text))).toEqual([["Top left", "Top right"], ["Bottom left", "Bottom right"]]);
  });
});

describe("docx runs and notes", () => {
  it("keeps hyperlinks (relationship and HYPERLINK field) as Markdown links, field instructions hidden", async () => {
    const { markdown } = await parseBytes(hyperlinkDocx(), "links.docx");
    expect(markdown.trim()).toBe("See [the site](https://example.org/site) and [the field](https://example.org/field).");
  });
  it("shows field results (caption numbers), not their instructions", async () => {
    const { doc } = await parseCorpus("docling-testdata/docx/word_sample.docx");
    const caption = allBlocks(doc).find((b) => b.type === "caption")!;
    expect(caption.text).toBe("Figure 1: This is a cute duckling");
  });
  it("marks footnote references in place and puts the notes at the foot of the page", async () => {
    const { doc } = await parseCorpus("office/mammoth/footnotes.docx");
    const blocks = allBlocks(doc);
    expect(blocks[0].text).toBe("Ouch[1].[2]");
    expect(blocks.filter((b) => b.type === "footnote").map((b) => b.text)).toEqual(["[1] A tachyon walks into a bar.", "[2] Fin."]);
  });
  it("puts endnotes at the end", async () => {
    const { markdown } = await parseCorpus("office/mammoth/endnotes.docx");
    expect(markdown.trim().split("\n\n")).toEqual(["Ouch[1].[2]", "[1] A tachyon walks into a bar.", "[2] Fin."]);
  });
  it("leaves comments out", async () => {
    const { markdown } = await parseCorpus("office/mammoth/comments.docx");
    expect(markdown.trim()).toBe("Ouch.");
  });
  it("reads text boxes once, after their anchor", async () => {
    expect((await parseCorpus("office/mammoth/text-box.docx")).markdown.trim()).toBe("Datum plane");
    const { markdown } = await parseCorpus("docling-testdata/docx/textbox.docx");
    expect(markdown.split("Student falls ill").length - 1).toBe(1);
  });
});

describe("docx equations", () => {
  it("turns inline and display OMML into LaTeX", async () => {
    const { doc, markdown } = await parseCorpus("docling-testdata/docx/equations.docx");
    expect(markdown).toContain("$A=\\pi r^{2}$");
    const formulas = allBlocks(doc).filter((b) => b.type === "formula");
    expect(formulas.length).toBeGreaterThanOrEqual(2);
    expect(formulas.every((f) => f.formula?.display)).toBe(true);
    expect(formulas.map((f) => f.formula!.latex).join(" ")).toContain("\\sum_{n=1}^{\\infty}");
  });
});

describe("docx pages, headers and footers", () => {
  it("cuts pages at breaks, gives page sizes from the section, hides headers and footers unless asked", async () => {
    const { doc, pages, markdown } = await parseCorpus("docling-testdata/docx/docx_page_header_footer_first_page.docx");
    expect(doc.pages).toHaveLength(2);
    expect(pages[1].blocks.some((b: any) => b.content === "Page 2")).toBe(true);
    expect(pages[0].page_size.w).toBeGreaterThan(500);
    expect(markdown).not.toContain("HEADER");
    const kept = await parseCorpus("docling-testdata/docx/docx_page_header_footer_first_page.docx", { keep_header_footer: true });
    expect(kept.pages[0].blocks[0]).toMatchObject({ type: "header", content: "FIRST PAGE HEADER (page 1 only)" });
    expect(kept.pages[1].blocks[0]).toMatchObject({ type: "header", content: "REGULAR HEADER (page 2 onward)" });
    expect(kept.pages[1].blocks.at(-1)).toMatchObject({ type: "footer", content: "REGULAR FOOTER (page 2 onward)" });
  });
  it("boxes every block inside its page", async () => {
    const { pages } = await parseCorpus("docling-testdata/docx/equations.docx");
    for (const page of pages) for (const b of page.blocks) {
      expect(b.bbox[0]).toBeLessThanOrEqual(b.bbox[2]);
      expect(b.bbox[1]).toBeLessThanOrEqual(b.bbox[3]);
      expect(b.bbox[3]).toBeLessThanOrEqual(page.page_size.h);
    }
  });
  it("counts pages for the quota as Word did (docProps/app.xml), never fewer than found", async () => {
    expect(await inspectDocument(await corpusFile("docling-testdata/docx/word_tables.docx"), "t.docx")).toEqual({ fileType: ".docx", pageCount: 2 });
    expect((await inspectDocument(await corpusFile("docling-testdata/docx/docx_lists.docx"), "l.docx")).pageCount).toBe(3);
  });
});

describe("docx tracked changes", () => {
  it("reads the accepted text: insertions and moves in, deletions and move origins out", async () => {
    const { doc, markdown } = await parseBytes(trackedChangesDocx(), "tracked.docx");
    expect(markdown).toContain("The cat purred loudly.");
    expect(markdown).not.toContain("slept");
    expect(markdown).not.toContain("Moved away");
    expect(markdown).toContain("Moved here");
    // The explicit page break inside "Second ... continues" ends the page after that paragraph.
    expect(doc.pages.map((p) => p.blocks.map((b) => b.text))).toEqual([["The cat purred loudly.", "Second\ncontinues"], ["Moved here"]]);
  });
});
