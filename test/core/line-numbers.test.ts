// Line numbers in a margin or a gutter are the page's furniture, and the text they number
// reads whole: a patent-like page numbers every fifth line between its two columns.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";

describe("line numbers in the gutter", () => {
  it("are told by their steps of five, hidden, and the columns read whole around them", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/gutter-line-numbers.pdf"), "patent.pdf", { features: DEFAULT_FEATURES });
    const page = doc.pages[0];
    expect(page.lineNumbers).toBe(true);
    expect(page.blocks.filter((b) => b.lineNumber).map((b) => [b.text, b.hidden])).toEqual([["5", true], ["10", true], ["15", true]]);
    const text = page.blocks.filter((b) => !b.hidden).map((b) => b.text);
    // Sentences run on over the lines a number stood beside, in each column.
    expect(text.join("\n")).toContain("moves each part past a sensor, which is slow and wears the parts.");
    expect(text.join("\n")).toContain("carry small nozzles. The nozzles blow across the channel");
    // The left column is read before the right one, and no number is left in either.
    const left = text.findIndex((t) => t.startsWith("The present invention"));
    const right = text.findIndex((t) => t.startsWith("In a second embodiment"));
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeGreaterThan(left);
    expect(text.join(" ")).not.toMatch(/\b(5|10|15)\b/);
  });
});
