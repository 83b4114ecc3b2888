// Headings at the body's size and weight, told by typography alone: capitals or italic on a
// line of their own, numbered or set off over a paragraph; an italic sentence is no heading.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { fontInfoFromName } from "../../src/core/backends/pdf/fonts";
import { fixtureFile } from "../helpers/corpus";

describe("headings from typography", () => {
  it("marks capitals and italic lines set off over their paragraphs, and leaves an italic sentence a paragraph", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/plain-headings.pdf"), "headings.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toEqual(["INTRODUCTION", "2.1 Discarded options", "Font selection", "METHODS AND MATERIALS"]);
    const remark = doc.pages[0].blocks.find((b) => b.text.startsWith("An italic remark"));
    expect(remark?.type).toBe("text");
  });

  it("keeps a heading's number with its words when a column of margin notes makes a gutter beside them", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/heading-number-gutter.pdf"), "eledform.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toContain("2 Implementation");
    expect(doc.pages[0].blocks.some((b) => b.text.trim() === "2")).toBe(false);
  });

  it("marks a heading with a note set in the margin beside it, as its sibling headings are", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/margin-note-heading.pdf"), "margin.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toEqual(["Changes by the first author", "Changes by the second author", "No changes"]);
  });

  it("marks bold headings holding a command in a monospaced face, and leaves a bold label before a monospaced address a line", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/bold-heading-code.pdf"), "code.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toEqual(["0.1 The setfonts command", "0.2 Checking outputpenalty"]);
  });

  it("marks numbered sub-headings set in another face than the body's, at its size", async () => {
    const doc = await parseDocument(await fixtureFile("pdf/sans-subheadings.pdf"), "sans.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toEqual(["1 Template overview", "1.1 Template styles", "1.2 Template parameters"]);
  });

  it("marks a bold heading of one column beside a centred heading of the other under a full-width abstract", async () => {
    const doc = await parseDocument(await fixtureFile("real-docs/pdfs/papers/revtex-aps-p1.pdf"), "revtex.pdf", { features: DEFAULT_FEATURES });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    expect(titles).toContain("A. Second-level heading: Formatting");
  });

  it("reads the weight and shape of TeX's fonts from their names", () => {
    expect(fontInfoFromName("ABCDEF+CMSSBX10").bold).toBe(true);
    expect(fontInfoFromName("ECBX1200").bold).toBe(true);
    expect(fontInfoFromName("CMSS10").bold).toBe(false);
    expect(fontInfoFromName("CMBXTI10")).toMatchObject({ bold: true, italic: true });
  });
});
