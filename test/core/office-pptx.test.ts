// PowerPoint files read natively (inside workerd): a page per shown slide, reading order
// from shape positions, titles, list levels, tables with merges, charts as data tables,
// pictures through the image sink.
import { describe, expect, it } from "vitest";
import { hiddenAndGroupedPptx } from "../fixtures/office/crafted";
import { parseBytes } from "./office-helpers";

describe("pptx", () => {
  it("skips hidden slides and places group members through the group transform", async () => {
    const { doc } = await parseBytes(hiddenAndGroupedPptx(), "g.pptx");
    expect(doc.pages).toHaveLength(2);
    expect(doc.source.pageCount).toBe(2);
    expect(doc.pages.flatMap((p) => p.blocks).map((b) => b.text)).not.toContain("Hidden slide");
    // The group child sits at y = 100000 EMU once transformed, above the plain shape at 3000000.
    expect(doc.pages[1].blocks.map((b) => b.text)).toEqual(["Group child", "Plain shape"]);
    expect(doc.pages[1].blocks[0].bbox[1]).toBeCloseTo(100000 / 12700, 1);
  });
});
