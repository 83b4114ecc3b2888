// Mixed-direction text items come out in logical order.
import { describe, expect, it } from "vitest";
import { logicalOrder } from "../../src/core/backends/pdf/bidi";

describe("logicalOrder", () => {
  it("turns the reversed Arabic of a mixed item around, and leaves pure items to pdf.js", () => {
    expect(logicalOrder("habibi يبيبَح", "ltr")).toBe("habibi حَبيبي");
    expect(logicalOrder("habibi يبيبَح", "rtl")).toBe("حَبيبي habibi");
    expect(logicalOrder("تحسين الإنتاجية", "rtl")).toBe("تحسين الإنتاجية");
    expect(logicalOrder("plain text", "ltr")).toBe("plain text");
  });

  it("leaves an Arabic item alone when a stray Greek code point sits inside its words (a font's map naming Greek for two Persian glyphs)", () => {
    // From a XeLaTeX print in XB Zar (texlive's persian-bib user guide): pdf.js has the item in reading order already.
    expect(logicalOrder("راهنمای استفاده از سبΈ های فارسͳ برای", "rtl")).toBe("راهنمای استفاده از سبΈ های فارسͳ برای");
    // A real Latin word in the item still makes it mixed.
    expect(logicalOrder("habibi يبيبَح", "ltr")).toBe("habibi حَبيبي");
  });
});
