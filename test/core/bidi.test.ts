// Mixed-direction text items come out in logical order.
import { describe, expect, it } from "vitest";
import { logicalOrder } from "../../src/core/backends/pdf/bidi";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

describe("logicalOrder", () => {
  it("turns the reversed Arabic of a mixed item around, and leaves pure items to pdf.js", () => {
    expect(logicalOrder("habibi يبيبَح", "ltr")).toBe("habibi حَبيبي");
    expect(logicalOrder("habibi يبيبَح", "rtl")).toBe("حَبيبي habibi");
    expect(logicalOrder("تحسين الإنتاجية", "rtl")).toBe("تحسين الإنتاجية");
    expect(logicalOrder("plain text", "ltr")).toBe("plain text");
  });
  it("reads the Arabic of a real mixed-script PDF in logical order", async () => {
    const doc = await parseDocument(await corpusFile("born-digital/py-pdf-sample-files/015-arabic/habibi.pdf"), "habibi.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].blocks.map((b) => b.text).join(" ")).toContain("حَبيبي habibi");
  });
});
