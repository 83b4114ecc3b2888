// OCR of real page images inside workerd (the production runtime): every input format
// through the same processors as PDFs, and damaged or hostile images refused with clear errors.
import { describe, expect, it } from "vitest";
import { parseDocument, inspectDocument } from "../../src/core/pipeline";
import { CoreError } from "../../src/core/errors";
import { DEFAULT_FEATURES } from "../../src/core/options";
import type { Document } from "../../src/core/model";
import { fixtureFile } from "../helpers/corpus";
import { MemoryImageStore } from "../../src/core/images/store";
import { imageRulings, withoutRules } from "../../src/core/ocr/rulings";
import { newGrayImage } from "../../src/core/images/gray";
import { encodePng } from "../../src/core/images/png-encode";
import { splitAtGaps } from "../../src/core/ocr/paddle/line-image";

const options = { features: DEFAULT_FEATURES };
const visibleText = (doc: Document) => doc.pages.flatMap((p) => p.blocks.filter((b) => !b.hidden).map((b) => b.text)).join("\n");
/** Slow under load: recognition of a page takes seconds on a shared machine. */
const OCR_TIMEOUT = 180_000;

/** phototest.tif's first paragraph, as its transcription (phototest.gold.txt) has it: its short last line ends it, the next line's first word would have fitted there. */
const FIRST_PARAGRAPH = "This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.";
/** phototest.tif's last paragraph, as its transcription (phototest.gold.txt) has it. */
const QUICK_BROWN_DOG = "The quick brown dog jumped over the lazy fox.";

async function refusal(bytes: Uint8Array, name: string): Promise<CoreError> {
  const e = await parseDocument(bytes, name, options).catch((x) => x);
  expect(e).toBeInstanceOf(CoreError);
  return e as CoreError;
}

describe("OCR of scans", () => {

  it("reads each page of a multi-page TIFF", async () => {
    const bytes = await fixtureFile("images/two-pages.tif");
    expect(await inspectDocument(bytes, "two-pages.tif")).toEqual({ fileType: ".tif", pageCount: 2 });
    const doc = await parseDocument(bytes, "two-pages.tif", options);
    expect(doc.pages.map((p) => p.index)).toEqual([0, 1]);
    expect(doc.pages[0].blocks.map((b) => b.text).join(" ")).toContain(QUICK_BROWN_DOG);
    expect(doc.pages[1].blocks.map((b) => b.text).join(" ")).toContain("The (quick) [brown] {fox} jumps! Over the $43,456.78 <lazy> #90 dog");
  }, OCR_TIMEOUT);

  it("reads only the pages of the requested range", async () => {
    const doc = await parseDocument(await fixtureFile("images/two-pages.tif"), "two-pages.tif", { ...options, pageRange: [1, 2] });
    expect(doc.pages.map((p) => p.index)).toEqual([1]);
    expect(doc.source.pageCount).toBe(2);
  }, OCR_TIMEOUT);

  for (const file of ["phototest.png", "phototest.jpg", "phototest.bmp", "phototest.gif", "phototest.webp"]) {
    it(`reads ${file.split(".")[1].toUpperCase()} (${file}, made from phototest.tif)`, async () => {
      const doc = await parseDocument(await fixtureFile(`images/${file}`), file, options);
      expect(visibleText(doc)).toContain(QUICK_BROWN_DOG);
    }, OCR_TIMEOUT);
  }

  it("reads a picture taken sideways turned upright, and says by how much", async () => {
    const doc = await parseDocument(await fixtureFile("images/phototest-rotated-90.tif"), "rotated.tif", options);
    // The picture stands 480 × 640; its text is read in the frame where it stands upright.
    expect(doc.pages[0].turned).toBe(270);
    expect([doc.pages[0].width, doc.pages[0].height]).toEqual([230.4, 172.8]);
    expect(doc.pages[0].blocks[0].text).toBe(FIRST_PARAGRAPH);
    expect(visibleText(doc)).toContain(QUICK_BROWN_DOG);
  }, OCR_TIMEOUT);

  it("goes by content, not by the name: a PNG called .pdf is read as a PNG", async () => {
    const bytes = await fixtureFile("images/phototest.png");
    expect(await inspectDocument(bytes, "scan.pdf")).toEqual({ fileType: ".png", pageCount: 1 });
  });
});

describe("bad images", () => {
  it("refuses a decompression bomb from its header, before decoding (15000 × 15000 pixels in 219 kB)", async () => {
    const bytes = await fixtureFile("images/bomb-15000x15000.png");
    const e = await inspectDocument(bytes, "bomb.png").catch((x) => x);
    expect(e).toBeInstanceOf(CoreError);
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toContain("225.0 million pixels");
  });

  it("refuses an image wider than the dimension cap", async () => {
    const png = await fixtureFile("images/phototest.png");
    const wide = png.slice();
    new DataView(wide.buffer).setUint32(16, 100_000); // IHDR width
    new DataView(wide.buffer).setUint32(20, 10); // and a tiny height: few pixels, one absurd side
    const e = await refusal(wide, "wide.png");
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toContain("100000 × 10");
  });

  it("calls a truncated PNG damaged", async () => {
    const e = await refusal(await fixtureFile("images/truncated.png"), "truncated.png");
    expect(e.code).toBe("corrupt_file");
  });

  it("reads a 12-megapixel colour JPEG, as phones take them, decoding its luma shrunk by half", async () => {
    // images/phone-12mp.jpg: phototest at 4.5 times its size on a tinted 3000 × 4000 page, YCbCr 4:2:0.
    // Decoded whole (as jpeg-js did) it passed the decoder's memory cap and was refused as damaged.
    const doc = await parseDocument(await fixtureFile("images/phone-12mp.jpg"), "phone.jpg", options);
    expect(visibleText(doc)).toContain(QUICK_BROWN_DOG);
  }, OCR_TIMEOUT);

  it("reads a progressive colour JPEG with restart markers", async () => {
    const doc = await parseDocument(await fixtureFile("images/phototest-progressive.jpg"), "progressive.jpg", options);
    expect(visibleText(doc)).toContain(QUICK_BROWN_DOG);
  }, OCR_TIMEOUT);

  it("calls a JPEG cut before its frame header damaged", async () => {
    const jpeg = await fixtureFile("images/phototest.jpg");
    const e = await refusal(jpeg.slice(0, 12), "cut.jpg");
    expect(e.code).toBe("corrupt_file");
  });

  it("refuses a TIFF whose page directory points at itself (a decoder would loop forever)", async () => {
    const tiff = new Uint8Array(32);
    tiff.set([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]); // little-endian, first directory at 8
    const view = new DataView(tiff.buffer);
    view.setUint16(8, 1, true); // one entry: ImageWidth = 10
    view.setUint16(10, 256, true);
    view.setUint16(12, 3, true);
    view.setUint32(14, 1, true);
    view.setUint16(18, 10, true);
    view.setUint32(22, 8, true); // next directory: itself
    const e = await refusal(tiff, "loop.tif");
    expect(e.code).toBe("corrupt_file");
  });

  it("refuses a TIFF entry claiming more values than the file holds", async () => {
    const tiff = new Uint8Array(32);
    tiff.set([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
    const view = new DataView(tiff.buffer);
    view.setUint16(8, 1, true);
    view.setUint16(10, 273, true); // StripOffsets
    view.setUint16(12, 4, true); // LONG
    view.setUint32(14, 1_000_000_000, true); // a billion of them
    view.setUint32(18, 8, true);
    const e = await refusal(tiff, "count.tif");
    expect(e.code).toBe("corrupt_file");
  });

  it("refuses text with an image's name", async () => {
    const e = await refusal(new TextEncoder().encode("not a picture at all"), "photo.png");
    expect(e.code).toBe("unsupported_format");
  });
});

describe("scanned PDFs", () => {
  it("reads a page that is one CCITT fax picture (pdf.js's WASM decoder, bundled) by OCR", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/scanned-phototest.pdf"), "scan.pdf", options);
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.every((b) => b.source === "ocr")).toBe(true);
    expect(blocks[0].text).toBe(FIRST_PARAGRAPH);
    expect(visibleText(doc)).toContain(Array(4).fill(QUICK_BROWN_DOG).join(" "));
    // Page units, as for the born-digital page: the words sit inside the page.
    expect(blocks.every((b) => b.bbox[2] <= doc.pages[0].width && b.bbox[3] <= doc.pages[0].height)).toBe(true);
  }, OCR_TIMEOUT);

  it("reads a scan shown sideways by /Rotate in the frame where its text stands upright", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/scanned-phototest-rotate90.pdf"), "scan.pdf", options);
    expect(doc.pages[0].turned).toBe(270);
    expect(doc.pages[0].blocks[0].text).toBe(FIRST_PARAGRAPH);
  }, OCR_TIMEOUT);

  it("keeps a page that is one photograph without text as a figure, not a scan", async () => {
    const store = new MemoryImageStore();
    const doc = await parseDocument(await fixtureFile("pdf/full-page-photo.pdf"), "photo.pdf", { ...options, images: { sink: store } });
    expect(doc.pages[0].blocks.map((b) => [b.type, b.source])).toEqual([["image", "text-layer"]]);
    expect(store.images.size).toBe(1);
    // No text read in it: said so, with no trust, rather than passing for an empty page.
    expect(doc.pages[0].reading).toEqual({ source: "ocr", confidence: 0 });
    expect(doc.warnings.map((w) => w.code)).toEqual(["no_text_read"]);
  }, OCR_TIMEOUT);

  it("says a picture file in which it reads no text has none, and trusts it not at all", async () => {
    // A page of white with a few specks: ink, and no text.
    const image = newGrayImage(850, 1100, 100);
    image.pixels.fill(255);
    for (let i = 0; i < 40; i++) image.pixels[(100 + i * 20) * 850 + 100 + i * 15] = 0;
    const doc = await parseDocument(encodePng({ width: image.width, height: image.height, data: image.pixels, channels: 1 }), "specks.png", options);
    expect(doc.pages[0].reading).toEqual({ source: "ocr", confidence: 0 });
    expect(doc.warnings.map((w) => w.code)).toEqual(["no_text_read"]);
  }, OCR_TIMEOUT);

  it("reads each page of a mixed PDF its own way: the text layer where there is one, OCR where the page is a scan", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/mixed-born-digital-and-scan.pdf"), "mixed.pdf", options);
    expect(doc.pages).toHaveLength(2);
    expect(doc.pages[0].blocks.filter((b) => !b.hidden).every((b) => b.source === "text-layer")).toBe(true);
    expect(doc.pages[0].blocks.map((b) => b.text).join(" ")).toContain("Lorem ipsum dolor sit amet");
    expect(doc.pages[1].blocks.filter((b) => !b.hidden).every((b) => b.source === "ocr")).toBe(true);
    expect(doc.pages[1].blocks.map((b) => b.text).join(" ")).toContain(QUICK_BROWN_DOG);
  }, OCR_TIMEOUT);
});

describe("ruled tables in pictures", () => {
  it("finds a scanned table's rules, so its spans and wrapped cells come out as in the PDF", async () => {
    // test/fixtures/pdf/make.py: ruled-table.pdf drawn at 200 dpi in gray, as a scanner would give it.
    const doc = await parseDocument(await fixtureFile("images/ruled-table.png"), "ruled-table.png", options);
    const table = doc.pages[0].blocks.find((b) => b.type === "table")!.table!;
    const cells = table.rows.map((row) => row.map((c) => [c.text, c.rowSpan, c.colSpan]));
    expect(cells[0]).toEqual([["City", 2, 1], ["Notes", 2, 1], ["Population", 1, 2]]);
    expect(cells[1]).toEqual([["2010", 1, 1], ["2020", 1, 1]]);
    // A note wrapped over two lines stays in its cell.
    expect(cells[2]).toEqual([["Lagos", 1, 1], ["Largest city of Nigeria, on the Atlantic coast", 1, 1], ["10,441", 1, 1], ["15,388", 1, 1]]);
    expect(table.rows).toHaveLength(5);
  }, OCR_TIMEOUT);

  it("takes long thin ink for rules, a line scanned askew too, and never letters or filled areas", () => {
    const image = newGrayImage(600, 300);
    image.pixels.fill(255);
    const ink = (x: number, y: number) => (image.pixels[y * image.width + x] = 0);
    // A rule 1.5 degrees askew, 2 pixels thick, across 500 pixels.
    for (let x = 50; x < 550; x++) for (let t = 0; t < 2; t++) ink(x, 40 + Math.round((x - 50) * 0.026) + t);
    // A vertical rule.
    for (let y = 100; y < 280; y++) ink(300, y);
    // "Letters": short strokes in a row; and a filled block.
    for (let k = 0; k < 30; k++) for (let x = 0; x < 12; x++) ink(20 + k * 18 + x, 120);
    for (let y = 200; y < 260; y++) for (let x = 20; x < 250; x++) ink(x, y);
    // 72 points per 200 pixels: a rule must be half an inch (100 pixels) long.
    const rules = imageRulings(image, 0.36);
    expect(rules).toHaveLength(2);
    const [across, down] = rules;
    expect(across.x0).toBeCloseTo(50 * 0.36, 0);
    expect(across.x1).toBeCloseTo(550 * 0.36, 0);
    expect(down).toMatchObject({ x0: 108, x1: 108 });
    expect(down.y1 - down.y0).toBeCloseTo(180 * 0.36, 0);
  });

  it("paints a column rule out for the recognisers, and neither a headline's stroke nor a letter touching the rule", () => {
    // 96 dpi: 0.75 points a pixel. A rule down 400 pixels (300 pt) beside a "letter" touching it;
    // a headline's stroke 80 pixels long (60 pt: a half-inch rule, but no column rule).
    const image = newGrayImage(400, 500);
    image.pixels.fill(255);
    const ink = (x: number, y: number) => (image.pixels[y * image.width + x] = 0);
    for (let y = 50; y < 450; y++) for (let t = 0; t < 2; t++) ink(200 + t, y);
    for (let y = 100; y < 110; y++) for (let x = 190; x < 200; x++) ink(x, y);
    for (let x = 20; x < 100; x++) for (let t = 0; t < 3; t++) ink(x, 20 + t);
    const painted = withoutRules(image, 0.75);
    const at = (x: number, y: number) => painted.pixels[y * painted.width + x];
    expect(at(200, 300)).toBe(255);
    expect(at(201, 60)).toBe(255);
    // Where the letter touches the rule the ink is wider than a rule: it stays, the letter whole.
    expect(at(195, 105)).toBe(0);
    expect(at(200, 105)).toBe(0);
    expect(at(50, 21)).toBe(0);
    // The picture itself is untouched (tables take their rules from it).
    expect(image.pixels[300 * image.width + 200]).toBe(0);
  });
});

describe("lines the text detector bridged", () => {
  it("parts a line at a blank wider than one and a half of its heights, not at a word space", () => {
    // A line 30 pixels high: ink from 10 to 300, a 60-pixel gutter, ink from 360 to 500 (a
    // second column's line joined on), with word spaces of 12 pixels in the first stretch.
    const image = newGrayImage(520, 60);
    image.pixels.fill(255);
    for (let x = 10; x < 500; x++) {
      const inWord = x < 300 ? (x - 10) % 50 < 38 : x >= 360;
      if (inWord) for (let y = 18; y < 42; y++) image.pixels[y * 520 + x] = 0;
    }
    const line = { cx: 255, cy: 30, ux: 1, uy: 0, length: 500, thickness: 30 };
    const parts = splitAtGaps(image, line);
    expect(parts).toHaveLength(2);
    const [left, right] = parts.map((p) => [p.cx - p.length / 2, p.cx + p.length / 2]);
    expect(left[0]).toBeCloseTo(5, 0);
    expect(left[1]).toBeGreaterThan(298);
    expect(left[1]).toBeLessThan(310);
    expect(right[0]).toBeGreaterThan(350);
    expect(right[0]).toBeLessThan(362);
    // The same line without the gutter's width: one line.
    expect(splitAtGaps(image, { ...line, length: 290, cx: 155 })).toHaveLength(1);
  });
});
