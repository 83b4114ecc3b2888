// Images through the API, end to end: /v1/parse/sync on a scan (OCR inside the Worker, the
// pages of a multi-page TIFF charged), a decompression bomb answered at once at no cost.
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { fixtureFile, fixtureText } from "../helpers/corpus";
import { createKey, post, usageOf } from "../helpers/api";
import { removeOcrModels, seedOcrModels } from "../helpers/ocr-models";
import { garbledFontPdf } from "../../scripts/chaos/made-documents.mjs";

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createKey("ocr"));
});

const OCR_TIMEOUT = 180_000;

describe("POST /v1/parse/sync with images", () => {
  it("parses a scanned page into Markdown and blocks, one page charged", async () => {
    const before = await usageOf(apiKey);
    const file = new File([await fixtureFile("images/phototest.tif")], "phototest.tif");
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(res.status).toBe(200);
    expect(body.code, body.message).toBe(0);
    expect(body.data.metadata).toEqual({ page_num: 1, file_type: ".tif" });
    expect(body.data.result.outputs.markdown).toContain("The quick brown dog jumped over the lazy fox.");
    const page = body.data.result.outputs.json.pages[0];
    expect(page.blocks.length).toBeGreaterThan(0);
    const after = await usageOf(apiKey);
    expect(before.remaining_free_pages_today - after.remaining_free_pages_today).toBe(1);
  }, OCR_TIMEOUT);

  it("charges every page of a multi-page TIFF", async () => {
    const before = await usageOf(apiKey);
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([await fixtureFile("images/two-pages.tif")], "two-pages.tif") });
    expect(body.code, body.message).toBe(0);
    expect(body.data.metadata).toEqual({ page_num: 2, file_type: ".tif" });
    expect(body.data.result.outputs.json.pages).toHaveLength(2);
    const after = await usageOf(apiKey);
    expect(before.remaining_free_pages_today - after.remaining_free_pages_today).toBe(2);
  }, OCR_TIMEOUT);

  it("answers a decompression bomb with LIMIT_EXCEEDED at once, charging nothing", async () => {
    const before = await usageOf(apiKey);
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([await fixtureFile("images/bomb-15000x15000.png")], "bomb.png") });
    expect(res.status).toBe(ERRORS.LIMIT_EXCEEDED.status);
    expect(body.code).toBe(ERRORS.LIMIT_EXCEEDED.code);
    expect(body.message).toMatch(/225\.0 million pixels/);
    expect(await usageOf(apiKey)).toEqual(before);
  });

  it("answers a truncated image as a corrupt file", async () => {
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([await fixtureFile("images/truncated.png")], "truncated.png") });
    expect(res.status).toBe(ERRORS.CORRUPT_FILE.status);
    expect(body.code).toBe(ERRORS.CORRUPT_FILE.code);
  });
});

describe("text layers that cannot be trusted", () => {
  const pdf = async (name: string) => new File([await fixtureFile(`pdf/${name}`)], name, { type: "application/pdf" });

  it("reads a scan under an implausible OCR layer from the scan, and says so", async () => {
    // test/fixtures/pdf/make.py: the phototest scan under an invisible layer of words without their vowels.
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await pdf("poor-ocr-layer.pdf") });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.outputs.markdown).toContain("The quick brown dog jumped over the lazy fox.");
    expect(body.data.result.outputs.markdown).not.toContain("Th qck brwn");
    expect(body.data.result.warnings).toEqual([{ page: 0, code: "text_layer_unusable", message: expect.stringContaining("implausible OCR layer") }]);
    // The page says it was read by our OCR, and how well.
    expect(body.data.result.outputs.json.pages[0]).toMatchObject({ text_source: "ocr", confidence: expect.any(Number) });
    expect(body.data.result.outputs.json.pages[0].confidence).toBeGreaterThan(0.8);
  }, OCR_TIMEOUT);

  it("draws a page whose text layer is glyph codes (no scan under it) with the renderer Worker and reads it by OCR", async () => {
    // A picture of text on a quarter of the page, under a layer of symbol soup.
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await pdf("garbled-text-layer.pdf") });
    expect(body.code, body.message).toBe(0);
    const md = body.data.result.outputs.markdown;
    expect(md).toContain("The quick brown dog jumped over the lazy fox.");
    expect(md).not.toContain("?>9@AJ");
    expect(body.data.result.warnings[0]).toMatchObject({ page: 0, code: "text_layer_unusable" });
    // The blocks say where their text came from.
    expect(body.data.result.outputs.json.pages[0].blocks.length).toBeGreaterThan(0);
  }, OCR_TIMEOUT);

  it("reads text a poster draws as outlines, which its text layer lacks, by OCR of the drawn page", async () => {
    // test/fixtures/real-world/pdfs/outlined/poster-outlined.pdf: title, subtitle and one box turned to paths by Ghostscript.
    const file = new File([await fixtureFile("real-world/pdfs/outlined/poster-outlined.pdf")], "poster.pdf", { type: "application/pdf" });
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code, body.message).toBe(0);
    const md: string = body.data.result.outputs.markdown.replace(/\s+/g, " ");
    expect(md).toContain("Living with Water");
    expect(md).toContain("Flood resilience open day at Riverside Community Hall");
    expect(md).toContain("Bring photographs of your property and our surveyors will suggest");
    // The page's own text is there once, as before.
    expect(md.match(/Engineers from the river authority/g)).toHaveLength(1);
  }, OCR_TIMEOUT);

  it("reads the text of one garbled font by OCR of the drawn page, keeping the rest of the text layer exact", async () => {
    // scripts/chaos/made-documents.mjs garbledFontPdf: a heading whose font maps every letter to a symbol, over a body that reads.
    const file = new File([garbledFontPdf()], "garbled-heading.pdf", { type: "application/pdf" });
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code, body.message).toBe(0);
    const md: string = body.data.result.outputs.markdown;
    expect(md).toMatch(/^# Quarterly Report on Water Quality\n/);
    expect(md).not.toMatch(/[!#$%&*<=>?@^_~]{3}/);
    // The body is the text layer's, word for word.
    expect(md).toContain("Nitrate levels fell for the third quarter running after the new treatment works opened.");
    expect(body.data.result.warnings).toEqual([{ page: 0, code: "text_layer_unusable", message: expect.stringContaining("font Helvetica-Bold is garbled") }]);
    expect(body.data.result.outputs.json.pages[0]).toMatchObject({ text_source: "text_layer" });
  }, OCR_TIMEOUT);

  it("keeps a sound text layer, with no warning", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await pdf("formulas.pdf") });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.warnings).toEqual([]);
    expect(body.data.result.outputs.json.pages[0]).toMatchObject({ text_source: "text_layer", confidence: expect.any(Number) });
  });
});

describe("pictures Tesseract doubts, read by PP-OCR in the OCR Worker", () => {
  // test/fixtures/images/chinese-lines.png: six lines of Chinese prose (see the fixtures' README).
  const LINES = [
    "海港的潮汐每天涨落两次，渔船在清晨出海。",
    "工程师在河口设置了三个观测站，记录水位和流速。",
    "春季的大潮把泥沙带进港湾，冬季的风暴又把它们冲走。",
    "研究人员每隔十分钟测量一次浊度，并在实验室称重水样。",
    "结果表明，涨潮比落潮更短也更强，这对泥沙的输运非常重要。",
    "沿岸的村庄依靠渔业和航运为生，港口的深度决定了它的未来。",
  ];
  const chinese = async () => new File([await fixtureFile("images/chinese-lines.png")], "chinese-lines.png");

  it("reads the page with Tesseract when the networks are not in R2, losing nothing", async () => {
    // First in this file, before any call has loaded the networks into the OCR Worker's isolate.
    await removeOcrModels();
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await chinese() });
    expect(body.code, body.message).toBe(0);
    // Tesseract's Chinese is less exact (about 11 % of characters wrong here), but the page is read.
    expect(body.data.result.outputs.markdown).toContain("工程师在河口设置了三个观测站");
    expect(body.data.result.outputs.markdown.trim().split(/\n+/)).not.toEqual(LINES);
  }, OCR_TIMEOUT);

  it("reads a page of Chinese exactly, with the recogniser's confidence", async () => {
    await seedOcrModels();
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await chinese() });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.outputs.markdown.trim().split(/\n+/)).toEqual(LINES);
    expect(body.data.result.outputs.json.pages[0]).toMatchObject({ text_source: "ocr", confidence: expect.any(Number) });
    expect(body.data.result.outputs.json.pages[0].confidence).toBeGreaterThan(0.9);
    expect(body.data.result.warnings).toEqual([]);
  }, OCR_TIMEOUT);

  it("reads a Chinese page turned a quarter, upright, and says by how much", async () => {
    // test/fixtures/ocr-pages/zh-rot90.png: a notice turned 90 degrees clockwise; read turned back by 270.
    await seedOcrModels();
    const file = new File([await fixtureFile("ocr-pages/zh-rot90.png")], "zh-rot90.png");
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code, body.message).toBe(0);
    const markdown = body.data.result.outputs.markdown.replace(/\s/g, "");
    const truth = (await fixtureText("ocr-pages/zh-rot90.txt")).replace(/\s/g, "");
    // Its first and last sentences, in that order.
    expect(markdown.indexOf(truth.slice(0, 12))).toBeGreaterThanOrEqual(0);
    expect(markdown.indexOf(truth.slice(-10))).toBeGreaterThan(markdown.indexOf(truth.slice(0, 12)));
    const page = body.data.result.outputs.json.pages[0];
    expect(page.turned).toBe(270);
    expect(body.data.result.warnings).toEqual([]);
  }, OCR_TIMEOUT);

  it("reads a page of three Chinese columns parted by rules column by column, each paragraph whole", async () => {
    // test/fixtures/ocr-pages-2/zh-3col.png: a headline over three columns with rules between them, at a Chinese leading of about 1.7.
    await seedOcrModels();
    const file = new File([await fixtureFile("ocr-pages-2/zh-3col.png")], "zh-3col.png");
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code, body.message).toBe(0);
    const blocks = body.data.result.outputs.markdown.split(/\n\s*\n/).map((b: string) => b.replace(/[\s#]/g, "")).filter(Boolean);
    const truth = (await fixtureText("ocr-pages-2/zh-3col.txt")).split(/\n\s*\n/).map((p) => p.replace(/\s/g, "")).filter(Boolean);
    // A paragraph per block (one may stay cut where a column breaks it), not a block per line.
    expect(blocks.length).toBeGreaterThanOrEqual(truth.length);
    expect(blocks.length).toBeLessThanOrEqual(truth.length + 1);
    // The paragraphs' openings in the truth's order: down each column, then the next.
    const text = blocks.join("");
    let at = -1;
    const inOrder = truth.filter((p) => {
      const found = text.indexOf(p.slice(0, 4), at + 1);
      if (found < 0) return false;
      at = found;
      return true;
    });
    expect(inOrder.length).toBeGreaterThanOrEqual(truth.length - 1);
  }, OCR_TIMEOUT);

  it("warns of a handwritten page that neither recogniser reads with confidence, rather than passing its noise as text", async () => {
    // test/fixtures/ocr-pages/handwriting.png: a note in a school cursive, each line tilted.
    await seedOcrModels();
    const file = new File([await fixtureFile("ocr-pages/handwriting.png")], "note.png");
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.warnings.map((w: { code: string }) => w.code)).toEqual(["low_confidence"]);
    expect(body.data.result.outputs.json.pages[0].confidence).toBeLessThan(0.6);
  }, OCR_TIMEOUT);
});

