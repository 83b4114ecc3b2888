// The tests of real-world.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Pages of the kinds parsers get wrong in the wild (test/fixtures/real-world/, each made
// from a source written for it: see that folder's README.md). What each test expects is
// the source's: its furniture lines, its paragraphs, its reading order.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

describe("what the single-page rules leave alone", () => {
  const corpus = async (path: string) => parseDocument(await corpusFile(path), path, { features: DEFAULT_FEATURES });

  it("keeps a figure's caption standing just over the page number", async () => {
    // ICDAR 2013 eu-020, page 3: "Figure 2.2: ..." a line above the foot's "11".
    const doc = await corpus("icdar2013-tables/eu/eu-020.pdf");
    const caption = doc.pages[2].blocks.find((b) => b.text.startsWith("Figure 2.2: Percentage of students"));
    expect(caption?.hidden).toBeFalsy();
    expect(doc.pages[2].blocks.find((b) => b.text === "11")?.layer).toBe("footer");
  });

  it("keeps questions as headings: a question is a heading's form, not a sentence set large", async () => {
    // ICDAR 2013 us-036: a leaflet's questions head its sections.
    const doc = await corpus("icdar2013-tables/us/us-036.pdf");
    const titles = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "title").map((b) => b.text));
    expect(titles).toContain("Why should I consider a loan from the federal government?");
  });
});
