// The tests of ocr-images.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// OCR of real page images inside workerd (the production runtime): every input format
// through the same processors as PDFs, and damaged or hostile images refused with clear errors.
import { describe, expect, it } from "vitest";
import { parseDocument, inspectDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

const options = { features: DEFAULT_FEATURES };
/** Slow under load: recognition of a page takes seconds on a shared machine. */
const OCR_TIMEOUT = 180_000;

/** phototest.tif's last paragraph, as its transcription (phototest.gold.txt) has it. */
const QUICK_BROWN_DOG = "The quick brown dog jumped over the lazy fox.";

describe("OCR of scans", () => {
  it("reads a bi-level G4 TIFF (phototest.tif) into paragraphs marked as OCR", async () => {
    const bytes = await corpusFile("scans/tesseract/phototest.tif");
    expect(await inspectDocument(bytes, "phototest.tif")).toEqual({ fileType: ".tif", pageCount: 1 });
    const doc = await parseDocument(bytes, "phototest.tif", options);
    expect(doc.pages).toHaveLength(1);
    // 640 × 480 pixels at the 200 dpi the file declares: 230.4 × 172.8 points.
    expect([doc.pages[0].width, doc.pages[0].height]).toEqual([230.4, 172.8]);
    const blocks = doc.pages[0].blocks;
    expect(blocks.every((b) => b.source === "ocr")).toBe(true);
    // Two paragraphs, as its transcription (phototest.gold.txt) has them: the first ends on
    // its short line "of file format.", the second is four repetitions of the sentence.
    expect(blocks.map((b) => b.text)).toEqual([
      "This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.",
      Array(4).fill(QUICK_BROWN_DOG).join(" "),
    ]);
  }, OCR_TIMEOUT);
});
