// Which fonts of a page cannot be trusted: one whose text is symbol soup, judged by all its
// text on the page, while figures, tables of numbers and leaders set with characters stand.
import { describe, expect, it } from "vitest";
import { garbledRuns, withGarbledTextRead } from "../../src/core/backends/pdf/garbled-text";
import { openPdf } from "../../src/core/backends/pdf/open";
import { pageRuns } from "../../src/core/backends/pdf/runs";
import type { Run } from "../../src/core/runs";
import { garbledFontPdf } from "../../scripts/chaos/made-documents.mjs";

const run = (text: string, fontFamily: string, y = 100): Run => ({ text, bbox: [72, y, 72 + text.length * 5, y + 10], baseline: y + 8, fontSize: 10, fontFamily, bold: false, italic: false, eol: true });

describe("garbled fonts", () => {
  it("finds the heading font whose letters map to symbols, and only it", async () => {
    const pdf = await openPdf(garbledFontPdf());
    try {
      const runs = (await pageRuns(await pdf.getPage(1))).runs;
      const garbled = garbledRuns(runs);
      expect(garbled.length).toBeGreaterThan(0);
      expect(new Set(garbled.map((r) => r.fontFamily))).toEqual(new Set(["Helvetica-Bold"]));
    } finally {
      await pdf.loadingTask.destroy();
    }
  });

  it("keeps a table of figures and signs, and a header's leader line of underscores", () => {
    const table = ["2012_2 3.30 1.3 5.9% 9.5% 29.2% 17.4%", "2145_1 0.68 11.2 2.4% 0.1% 9.5% 2.7%"].map((t, i) => run(t, "ArialMT", 100 + i * 12));
    const header = run("Healthy Students Healthy Lives __________________________________________________ 66", "Times-Roman", 20);
    expect(garbledRuns([...table, header])).toEqual([]);
  });

  it("judges a font by all its text: a few signs in one face do not condemn it", () => {
    expect(garbledRuns([run("x <= y && y >= z", "Helvetica"), run("while the queue is not empty, take the next item", "Helvetica", 112)])).toEqual([]);
    expect(garbledRuns([run("?>9@AJ.D<F@-<>2.@A:0>#", "Helvetica"), run("<=>? ?>9@AJ.><J/F80-#", "Helvetica", 112)]).length).toBe(2);
  });

  it("keeps a math font's signs standing alone between other fonts' letters, and code in a typewriter face", () => {
    // As pdf-parse-bench's formula pages set them: a roman font holding only = + ( ) of the formulas.
    const signs = Array.from({ length: 12 }, (_, i) => run(["=", "+", "(", ")", "[", "]"][i % 6], "rtxr", 100 + i * 12));
    expect(garbledRuns(signs)).toEqual([]);
    // texlive's bm documentation: TeX code in CMTT9.
    expect(garbledRuns([run("$1 g \\bm{g}$ $2 \\mathrm{g \\bm{g}}$ $3 {g} \\bm{{g}}$", "CMTT9"), run("$4 \\mathrm{{g} \\bm{{g}}}$ $5 \\mathrm{g}", "CMTT9", 112)])).toEqual([]);
  });

  it("draws no region for a chart's garbled lettering (small type, labels standing apart): it is left as read", async () => {
    // As tracemonkey's charts set theirs: 5.5 pt labels in a Calibri without its letters, on a page of 9 pt text.
    const body = Array.from({ length: 6 }, (_, i) => ({ ...run("Trace trees are compiled once and run many times over.", "Times", 100 + i * 11), fontSize: 9 }));
    const labels = ["&-./012#3%4%56#", "&-.789:;#3%4,56#", "&-.9<=>9</2#", "!\"#", "$!\"#", "%!\"#"].map((t, i) => ({ ...run(t, "Calibri", 300 + i * 8), fontSize: 5.5 }));
    const drawn: number[][] = [];
    const read = await withGarbledTextRead({ width: 612, height: 792, runs: [...body, ...labels] }, async (bbox) => {
      drawn.push(bbox);
      return undefined;
    });
    expect(drawn).toEqual([]);
    expect(read.fonts).toEqual([]);
    expect(read.page.runs).toHaveLength(body.length + labels.length);
  });
});
