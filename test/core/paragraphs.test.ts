// Paragraphs are found from the page's own leading: a gap counts as a paragraph break only
// when it is wider than the page's usual gap between the lines of a paragraph, so text set
// double spaced, or Chinese at its loose leading, keeps its paragraphs whole.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { joinLines } from "../../src/core/processors/blocks";
import { fixtureFile } from "../helpers/corpus";

describe("paragraphs at the page's own leading", () => {
  it("keeps paragraphs set double spaced and at one and a half spacing whole", async () => {
    // test/fixtures/pdf/loose-leading.tex: three paragraphs under a heading on each page, told apart by indentation on pages 1 and 2.
    const doc = await parseDocument(await fixtureFile("pdf/loose-leading.pdf"), "loose-leading.pdf", { features: DEFAULT_FEATURES });
    for (const page of doc.pages) {
      const body = page.blocks.filter((b) => b.type === "text");
      expect(body).toHaveLength(3);
    }
    expect(doc.pages).toHaveLength(3);
    const texts = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "text").map((b) => b.text));
    expect(texts[0]).toMatch(/^The appellant was employed .* unsafe loading practices\.$/);
    expect(texts[2]).toBe("The trial court granted summary judgment for the respondent, holding that no reasonable jury could find the stated reason false on this record. This appeal followed.");
    expect(texts[4]).toMatch(/^A dispute is genuine .* ruling on a motion for summary judgment\.$/);
    expect(doc.pages.map((p) => p.blocks.find((b) => b.type === "title")?.text)).toEqual(["Statement of the Case", "Standard of Review", "Discussion"]);
  });

  it("reads a paragraph's first line whole under a chart whose tick labels line up over one of its word spaces", async () => {
    // test/fixtures/real-docs/pdfs/graphics/pgfplots-legend-grid-chart.pdf (a manual's page, cut): the chart's
    // exponents (10^-3, 10^-4 ...) start at one x, three lines of print well above the paragraph.
    const doc = await parseDocument(await fixtureFile("real-docs/pdfs/graphics/pgfplots-legend-grid-chart.pdf"), "chart.pdf", { features: DEFAULT_FEATURES });
    const paragraph = doc.pages[0].blocks.find((b) => b.text.startsWith("Here, we"));
    expect(paragraph?.text).toMatch(/^Here, we assigned a comma-separated list of text labels/);
  });

  it("keeps the narrow word space between words in two faces, a typewriter word in a line of Libertine", async () => {
    // test/fixtures/real-docs/pdfs/languages/de-biblatex-handbuch-p40.pdf: "year" and "month" in a typewriter face, 1.9 pt from their neighbours at 10.9 pt.
    const doc = await parseDocument(await fixtureFile("real-docs/pdfs/languages/de-biblatex-handbuch-p40.pdf"), "handbuch.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].blocks.some((b) => b.text.includes("Die Felder year und month werden weiterhin von BibLaTeX"))).toBe(true);
  });

  it("ends a justified paragraph at its short last line where the leading gives no sign", async () => {
    // Page 3 of loose-leading.tex: double spaced, no indentation, no space between paragraphs.
    const doc = await parseDocument(await fixtureFile("pdf/loose-leading.pdf"), "loose-leading.pdf", { features: DEFAULT_FEATURES });
    const texts = doc.pages[2].blocks.filter((b) => b.type === "text").map((b) => b.text);
    expect(texts.map((t) => t.slice(0, 20))).toEqual(["The appellant relies", "Timing alone rarely ", "The email is more tr"]);
    expect(texts[0]).toMatch(/two hundred miles away\.$/);
  });

  it("joins the lines of a Chinese paragraph without spaces, after its full-width commas too", () => {
    expect(joinLines(["大家会把多余的蔬菜放在楼道口的篮子里，", "谁需要谁就拿走。"])).toBe("大家会把多余的蔬菜放在楼道口的篮子里，谁需要谁就拿走。");
    expect(joinLines(["the end of a line", "and the next"])).toBe("the end of a line and the next");
  });
});
