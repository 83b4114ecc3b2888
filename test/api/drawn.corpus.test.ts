// Pictures the renderer Worker draws (PDFium over the RENDERER service binding, with the
// task's input read from the shared R2 bucket): vector figures of a born-digital paper
// become image blocks with real PNGs and their labels leave the text; tables asked for
// as images come as pictures of their region; and without the renderer the text stays.
// The corpus's part (npm run test:corpus); drawn.test.ts has the fixtures' part.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { decode as decodePng } from "fast-png";
import { createKey, parseWithBindings, corpusPdfFile, post } from "../helpers/api";
import { blocksOf, ink, png } from "./drawn-helpers";

let apiKey: string;
let paper: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("drawn"));
  // Pages 2 and 11 of the tracemonkey paper: a state diagram and a bar chart drawn with paths.
  paper = await corpusPdfFile("born-digital/pdfjs/tracemonkey.pdf");
});

describe("vector figures", () => {
  it("are drawn to PNG by the renderer Worker, captioned, and their labels leave the text", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: paper, output_formats: "json,markdown" });
    expect(body.code).toBe(0);
    const blocks = blocksOf(body.data);
    const chart = blocks.find((b: any) => b.type === "image" && b.captions[0]?.startsWith("Figure 10."));
    expect(chart).toBeDefined();
    expect(chart.page).toBe(10);
    // The chart spans the page's width above its caption.
    expect(chart.bbox[2] - chart.bbox[0]).toBeGreaterThan(400);
    const picture = await png(chart.img_url);
    expect(picture.width).toBeGreaterThan(800);
    expect(ink(picture)).toBeGreaterThan(0.01);
    const diagram = blocks.find((b: any) => b.type === "image" && b.captions[0]?.startsWith("Figure 2."));
    expect(diagram.page).toBe(1);
    expect(ink(await png(diagram.img_url))).toBeGreaterThan(0.01);
    // The diagram's node labels are in its picture, not paragraphs of the page.
    const text = blocks.filter((b: any) => b.type !== "image").map((b: any) => b.content).join("\n");
    expect(text).not.toContain("Symbol Key");
    expect(body.data.result.outputs.markdown).toContain(`](${diagram.img_url})`);
  });

  it("enable_image_ocr: a drawn figure's text comes from the text layer, exactly (and cross-page merging passes over figures)", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: paper, output_formats: "json", feature_config: '{"enable_image_ocr":true,"enable_text_cross_page":true}' });
    const diagram = blocksOf(body.data).find((b: any) => b.type === "image" && b.captions[0]?.startsWith("Figure 2."));
    expect(diagram.image_text).toContain("Symbol Key");
    expect(diagram.image_text).toContain("Compiled Trace");
  });

  it("without the renderer binding the labels stay text and no figure is invented", async () => {
    const { body } = await parseWithBindings({ RENDERER: undefined, PROCESSOR: undefined }, { api_key: apiKey, file: paper, output_formats: "json" });
    expect(body.code).toBe(0);
    const blocks = blocksOf(body.data);
    expect(blocks.some((b: any) => b.type === "image" && b.captions[0]?.startsWith("Figure 10."))).toBe(false);
    expect(blocks.map((b: any) => b.content).join("\n")).toContain("Symbol Key");
  });
});

describe("element_formats.table: image", () => {
  it("answers each table as a picture of its region, its cells kept as HTML in the JSON", async () => {
    const file = await corpusPdfFile("born-digital/pdfplumber/senate-expenditures.pdf");
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file, element_formats: '{"table":"image"}' });
    expect(body.code).toBe(0);
    const tables = blocksOf(body.data).filter((b: any) => b.type === "table");
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(new URL(t.img_url).pathname).toMatch(/\/files\/images\/page\d+-table\d+\.png$/);
      expect(t.content).toMatch(/^<table>/);
      const picture = await png(t.img_url);
      // 150 dpi: the picture is about 2.08 pixels a point of the table's box.
      expect(picture.width / (t.bbox[2] - t.bbox[0])).toBeCloseTo(150 / 72, 1);
      expect(ink(picture)).toBeGreaterThan(0.005);
    }
    expect(body.data.result.outputs.markdown).toContain(`](${tables[0].img_url})`);
    expect(body.data.result.outputs.markdown).not.toContain("<table>");
  });

  it("falls back to HTML when the table cannot be drawn", async () => {
    const file = await corpusPdfFile("born-digital/pdfplumber/senate-expenditures.pdf");
    const { body } = await parseWithBindings({ RENDERER: undefined, PROCESSOR: undefined }, { api_key: apiKey, file, element_formats: '{"table":"image"}', output_formats: "markdown" });
    expect(body.code).toBe(0);
    expect(body.data.result.outputs.markdown).toContain("<table>");
  });
});

describe("the renderer Worker", () => {
  it("draws a region of a file in R2 at the asked resolution, and refuses a missing one", async () => {
    const bytes = new Uint8Array(await paper.arrayBuffer());
    await env.BLOBS.put("test/drawn/paper.pdf", bytes);
    const [region, missingPage] = await env.RENDERER!.renderRegions({ key: "test/drawn/paper.pdf" }, [
      { page: 0, bbox: [0, 0, 306, 396], dpi: 72 },
      { page: 99, bbox: [0, 0, 10, 10], dpi: 72 },
    ]);
    expect(region).toMatchObject({ width: 306, height: 396 });
    expect(decodePng(region!.png)).toMatchObject({ width: 306, height: 396 });
    expect(missingPage).toBeNull();
    const missingFile = await env.RENDERER!.renderRegions({ key: "test/drawn/none.pdf" }, [{ page: 0, bbox: [0, 0, 10, 10], dpi: 72 }]).then(
      () => "drawn",
      (e: Error) => e.message,
    );
    expect(missingFile).toMatch(/no object/);
  });
});
