// OCR of real page images inside workerd: each format through the same processors as PDFs.
import { describe, expect, it } from "vitest";
import { parseDocument, inspectDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

const options = { features: DEFAULT_FEATURES };
const text = (doc: Awaited<ReturnType<typeof parseDocument>>) => doc.pages.flatMap((p) => p.blocks.filter((b) => !b.hidden).map((b) => b.text)).join("\n");

describe("OCR of TIFF scans", () => {
  it("reads phototest.tif into blocks marked as OCR", async () => {
    const bytes = await corpusFile("scans/tesseract/phototest.tif");
    expect(await inspectDocument(bytes, "phototest.tif")).toEqual({ fileType: ".tif", pageCount: 1 });
    const doc = await parseDocument(bytes, "phototest.tif", options);
    expect(doc.pages).toHaveLength(1);
    expect(text(doc)).toContain("The quick brown dog jumped over the lazy fox.");
    expect(doc.pages[0].blocks.every((b) => b.source === "ocr")).toBe(true);
  }, 120_000);
});
