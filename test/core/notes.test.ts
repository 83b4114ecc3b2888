// Words an annotator drew over a page (free-text notes, stamps) are read where they are
// drawn, as blocks of their own marked `note`, never joined to the page's own lines (a
// document made here: scripts/chaos/made-documents.mjs annotatedPdf).
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { annotatedPdf } from "../../scripts/chaos/made-documents.mjs";

async function parsedNotes() {
  const doc = await parseDocument(annotatedPdf(), "notes.pdf", { features: DEFAULT_FEATURES });
  return renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES });
}

describe("annotation notes and stamps", () => {
  it("reads a note beside a heading as its own block, after the heading, and leaves the heading alone", async () => {
    const { markdown, json } = (await parsedNotes()).outputs;
    expect(markdown).toMatch(/^# Abstract\n\nReviewed by J\. Doe\n\nThe body of the page/);
    const note = json!.pages[0].blocks.find((b) => b.content === "Reviewed by J. Doe")!;
    expect(note).toMatchObject({ type: "text", note: true });
    // Placed where the appearance draws it: right of the heading, on its line.
    expect(note.bbox[0]).toBeGreaterThan(195);
    expect(note.bbox[1]).toBeGreaterThan(75);
    expect(note.bbox[3]).toBeLessThan(100);
  });

  it("reads a stamp drawn through its appearance's matrix and box, and a note with no appearance from its contents", async () => {
    const blocks = (await parsedNotes()).outputs.json!.pages[0].blocks;
    const stamp = blocks.find((b) => b.content === "APPROVED")!;
    expect(stamp.note).toBe(true);
    // A 200 x 60 form turned a quarter turn into a 30 x 100 rectangle at (500, 300): inside that rectangle, taller than wide.
    const [x0, y0, x1, y1] = stamp.bbox;
    expect(x0).toBeGreaterThanOrEqual(500);
    expect(x1).toBeLessThanOrEqual(530);
    expect(y0).toBeGreaterThanOrEqual(792 - 400);
    expect(y1).toBeLessThanOrEqual(792 - 300);
    expect(y1 - y0).toBeGreaterThan(x1 - x0);
    expect(blocks.find((b) => b.content === "Checked by the clerk")?.note).toBe(true);
  });

  it("does not read a note over its own printed copy twice, nor a hidden note; the page's own text is not marked", async () => {
    const blocks = (await parsedNotes()).outputs.json!.pages[0].blocks;
    expect(blocks.filter((b) => b.content.includes("Total due 42.00"))).toHaveLength(1);
    expect(blocks.find((b) => b.content.includes("Total due"))!.note).toBeUndefined();
    expect(blocks.some((b) => b.content.includes("Do not show this"))).toBe(false);
    expect(blocks.find((b) => b.content === "Abstract")).toMatchObject({ type: "title" });
  });
});
