// The tests of bidi.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// A mixed-direction line printed by WeasyPrint, whose map gives a whole Arabic word to its first glyph, comes out in logical order.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

describe("mixed-direction text", () => {
  it("reads the Arabic of a real mixed-script PDF in logical order", async () => {
    const doc = await parseDocument(await corpusFile("born-digital/py-pdf-sample-files/015-arabic/habibi.pdf"), "habibi.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].blocks.map((b) => b.text).join(" ")).toContain("حَبيبي habibi");
  });
});
