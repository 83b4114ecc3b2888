// The tests of office-pptx.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// PowerPoint files read natively (inside workerd): a page per shown slide, reading order
// from shape positions, titles, list levels, tables with merges, charts as data tables,
// pictures through the image sink.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { corpusFile } from "../helpers/corpus";
import { corpusWithImages, imageBlocks, parseCorpus } from "./office-helpers";

describe("pptx", () => {
  it("makes a page per slide with the slide size, the title first", async () => {
    const { doc, result } = await parseCorpus("docling-testdata/pptx/powerpoint_sample.pptx");
    expect(doc.pages).toHaveLength(3);
    expect(doc.pages[0].width).toBeGreaterThan(doc.pages[0].height);
    expect(doc.pages[0].blocks[0]).toMatchObject({ type: "title", text: "Test Table Slide", titleLevel: 1 });
    expect(result.catalog.map((c) => c.content)).toContain("Second slide title");
  });
  it("reads bullets and numbered paragraphs as list items with their levels", async () => {
    const { doc } = await parseCorpus("docling-testdata/pptx/powerpoint_sample.pptx");
    const items = doc.pages.flatMap((p) => p.blocks).filter((b) => b.type === "list");
    expect(items.find((b) => b.text === "List item5")!.list).toEqual({ ordered: true, level: 0, marker: "2." });
    expect(items.find((b) => b.text === "Bar")!.list).toMatchObject({ ordered: false, level: 0 });
    expect(items.length).toBeGreaterThanOrEqual(15);
  });
  it("keeps table merges as spans", async () => {
    const { doc } = await parseCorpus("docling-testdata/pptx/powerpoint_sample.pptx");
    const table = doc.pages[0].blocks.find((b) => b.type === "table")!.table!;
    expect(table.columnCount).toBe(7);
    expect(table.rows[0].find((c) => c.text === "Class1")).toMatchObject({ colSpan: 3 });
    expect(table.rows[1].find((c) => c.text === "A merged with B")).toMatchObject({ colSpan: 2 });
  });
  it("gives a chart's cached data as a table", async () => {
    const { doc } = await parseCorpus("docling-testdata/pptx/pptx_chart.pptx");
    const table = doc.pages[0].blocks.find((b) => b.type === "table")!.table!;
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([["", "Freshwater Ducks", "Saltwater Ducks"], ["2019", "120", "80"], ["2020", "130", "95"], ["2021", "150", "110"], ["2022", "175", "130"]]);
    expect(doc.pages[0].blocks.find((b) => b.type === "table")!.captions).toEqual(["Wild Duck Observations by Year"]);
  });
  it("keeps links of runs", async () => {
    const { markdown } = await parseCorpus("docling-testdata/pptx/powerpoint_comments.pptx");
    expect(markdown).toContain("[Python library](https://pypi.org/project/docling)");
  });
});

describe("pptx pictures", () => {
  it("places a slide's picture at its shape, hands the PNG to the sink, and says a linked one is not in the file", async () => {
    const path = "docling-testdata/pptx/powerpoint_with_image.pptx";
    const { doc, store, markdown } = await corpusWithImages(path);
    const blocks = doc.pages[0].blocks;
    expect(blocks.map((b) => b.type === "image" ? `image ${b.image!.ref}` : b.text)).toEqual(["Docling", "Image test", "image page1-1.png", "Image linked to file"]);
    // a:off 5689599, 3022600 and a:ext 812800 EMU: 448, 238, 64 pt.
    expect(blocks[2].bbox).toEqual([448, 238, 512, 302]);
    expect(store.images.get("page1-1.png")).toEqual({ bytes: unzipSync(await corpusFile(path))["ppt/media/image1.png"], mime: "image/png" });
    expect(doc.warnings.map((w) => w.message)).toEqual(["1 picture(s) of the presentation are linked to files outside it, not embedded, and are left out."]);
    expect(markdown).toContain("Image test\n\n![](images/page1-1.png)\n\nImage linked to file");
  });
  it("takes alt text from p:cNvPr descr, also for pictures in placeholders", async () => {
    const { doc, markdown } = await corpusWithImages("office/python-pptx/ph-populated-placeholders.pptx");
    expect(imageBlocks(doc).map((b) => [b.captions, b.image!.ref])).toEqual([[["monty-truth.png"], "page1-1.png"], [["python-powered.png"], "page2-1.png"]]);
    expect(markdown).toContain("![monty-truth.png](images/page1-1.png)");
  });
});
