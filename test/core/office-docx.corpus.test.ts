// The tests of office-docx.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Word files read natively (inside workerd): headings and the catalog, Word's numbering,
// merged table cells, links, foot/endnotes, text boxes, equations, headers and footers,
// pages, tracked changes and comments, pictures through the image sink.
import { describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { inspectDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
import { allBlocks, corpusWithImages, imageBlocks, parseCorpus } from "./office-helpers";

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

describe("docx pictures", () => {
  const mediaOf = async (path: string, part: string) => unzipSync(await corpusFile(path))[part];

  it("hands the one PNG of tiny-picture.docx to the sink unchanged, sized from wp:extent", async () => {
    const { doc, store } = await corpusWithImages("office/mammoth/tiny-picture.docx");
    const [image, ...more] = imageBlocks(doc);
    expect(more).toHaveLength(0);
    expect(image.image).toMatchObject({ ref: "page1-1.png", mime: "image/png", width: 10, height: 10 });
    // 95250 EMU is 7.5 pt: the picture is shown at 7.5 x 7.5 pt, at the top of the text area.
    expect(image.bbox).toEqual([72, 72, 79.5, 79.5]);
    expect(store.images.get("page1-1.png")).toEqual({ bytes: await mediaOf("office/mammoth/tiny-picture.docx", "word/media/image1.png"), mime: "image/png" });
    expect(doc.warnings).toEqual([]);
  });

  it("keeps pictures in reading order, stores a part shown twice once, and says the header's picture is left out", async () => {
    const path = "office/python-docx/having-images.docx";
    const { doc, store } = await corpusWithImages(path);
    const images = imageBlocks(doc);
    expect(images.map((b) => b.image!.ref)).toEqual(["page1-1.png", "page1-2.png", "page1-3.png", "page1-2.png", "page1-3.png"]);
    // The same picture at two sizes: 1139868 x 1626212 EMU, then 685932 x 978596.
    expect(images[1].bbox[2] - images[1].bbox[0]).toBeCloseTo(89.75, 1);
    expect(images[3].bbox[2] - images[3].bbox[0]).toBeCloseTo(54.01, 1);
    expect(images.every((b, i) => i === 0 || b.bbox[1] > images[i - 1].bbox[3])).toBe(true);
    expect([...store.images.keys()]).toEqual(["page1-1.png", "page1-2.png", "page1-3.png"]);
    expect(store.images.get("page1-2.png")!.bytes).toEqual(await mediaOf(path, "word/media/image2.png"));
    expect(doc.warnings.map((w) => w.code)).toEqual(["images_not_extracted"]);
    expect(doc.warnings[0].message).toMatch(/^1 picture\(s\) inside notes, headers or footers/);
  });

  it("writes the alt text as ![alt](…), without the note Word appends to generated descriptions", async () => {
    const { doc, markdown } = await corpusWithImages("docling-testdata/docx/word_sample.docx");
    expect(imageBlocks(doc)[0].captions).toEqual(["A cartoon duck holding a paper"]);
    expect(markdown).toContain("![A cartoon duck holding a paper](images/page1-1.png)");
  });

  it("resolves img_url per element_formats.image and puts the picture in the zip", async () => {
    const path = "office/mammoth/tiny-picture.docx";
    const png = await mediaOf(path, "word/media/image1.png");
    const base64 = await corpusWithImages(path, "base64");
    const url = base64.result.outputs.json!.pages[0].blocks.find((b) => b.type === "image")!.img_url;
    expect(Uint8Array.from(atob(url.replace(/^data:image\/png;base64,/, "")), (c) => c.charCodeAt(0))).toEqual(png);
    expect((await corpusWithImages(path, "url")).markdown).toContain("![](https://files.example/page1-1.png?sig=x)");
    expect((await corpusWithImages(path, "none")).markdown).not.toContain("![");
    const zipped = await corpusWithImages(path, "file", ["markdown", "zip"]);
    const files = unzipSync(zipped.result.zip!);
    expect(files["images/page1-1.png"]).toEqual(png);
    expect(strFromU8(files["tiny-picture.md"])).toContain("![](images/page1-1.png)");
  });

  it("extracts no picture without a sink, as for PDFs", async () => {
    const { doc } = await parseCorpus("office/mammoth/tiny-picture.docx");
    expect(imageBlocks(doc)).toEqual([]);
    expect(doc.warnings).toEqual([]);
  });
});

describe("docx pictures in table cells", () => {
  it("follow their table as figures (a cell holds text), hidden with enable_table_image off", async () => {
    const path = "docling-testdata/docx/docx_rich_cells.docx";
    const { doc } = await corpusWithImages(path, "url");
    const blocks = allBlocks(doc);
    const pictures = blocks.filter((b) => b.inTable);
    expect(pictures).toHaveLength(2);
    expect(pictures.every((b) => b.type === "image" && b.image && !b.hidden)).toBe(true);
    // Right after the table with pictures.
    const table = blocks.findIndex((b) => b.table?.rows.some((r) => r.some((c) => c.text === "Text and picture")));
    expect(blocks.slice(table + 1, table + 3)).toEqual(pictures);
    expect(doc.warnings.filter((w) => w.code === "images_not_extracted")).toEqual([]);
    const off = await parseCorpus(path, { enable_table_image: false });
    expect(allBlocks(off.doc).filter((b) => b.inTable).every((b) => b.hidden)).toBe(true);
  });
});
