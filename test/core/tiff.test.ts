// A bi-level TIFF page scanned at 600 dpi (35 million pixels, CCITT G4), as archives and
// fax servers keep them: decoded packed and shrunk as it is turned to gray, so it is read
// rather than refused past the 16 million pixels a picture decoded whole may have.
import { describe, expect, it } from "vitest";
import { decodeTiffPage } from "../../src/core/images/tiff";
import { probeImage } from "../../src/core/images/probe";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";

describe("bi-level TIFF at 600 dpi", () => {
  it("reads the page, shrunk by 2 while decoding", async () => {
    // test/fixtures/images/page-600dpi-g4.tif: loose-leading.pdf's second page drawn by Ghostscript's tiffg4 device at 600 dpi.
    const bytes = await fixtureFile("images/page-600dpi-g4.tif");
    expect(probeImage(bytes, ".tif").pages).toEqual([{ width: 4961, height: 7016, bilevel: true }]);
    const gray = decodeTiffPage(bytes, 0);
    expect([gray.width, gray.height, gray.dpi]).toEqual([2480, 3508, 300]);
    const doc = await parseDocument(bytes, "page-600dpi-g4.tif", { features: DEFAULT_FEATURES });
    const text = doc.pages[0].blocks.map((b) => b.text).join("\n");
    expect(text).toContain("Standard of Review");
    expect(text).toContain("We review a grant of summary judgment de novo");
  }, 180_000);
});
