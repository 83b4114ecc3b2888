// Word files read natively (inside workerd): headings and the catalog, Word's numbering,
// merged table cells, links, foot/endnotes, text boxes, equations, headers and footers,
// pages, tracked changes and comments, pictures through the image sink.
import { describe, expect, it } from "vitest";
import { hyperlinkDocx, trackedChangesDocx } from "../fixtures/office/crafted";
import { parseBytes } from "./office-helpers";

describe("docx runs and notes", () => {
  it("keeps hyperlinks (relationship and HYPERLINK field) as Markdown links, field instructions hidden", async () => {
    const { markdown } = await parseBytes(hyperlinkDocx(), "links.docx");
    expect(markdown.trim()).toBe("See [the site](https://example.org/site) and [the field](https://example.org/field).");
  });
});

describe("docx tracked changes", () => {
  it("reads the accepted text: insertions and moves in, deletions and move origins out", async () => {
    const { doc, markdown } = await parseBytes(trackedChangesDocx(), "tracked.docx");
    expect(markdown).toContain("The cat purred loudly.");
    expect(markdown).not.toContain("slept");
    expect(markdown).not.toContain("Moved away");
    expect(markdown).toContain("Moved here");
    // The explicit page break inside "Second ... continues" ends the page after that paragraph.
    expect(doc.pages.map((p) => p.blocks.map((b) => b.text))).toEqual([["The cat purred loudly.", "Second\ncontinues"], ["Moved here"]]);
  });
});
