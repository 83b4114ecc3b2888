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
});
