// The reading-order step alone, on page geometries described block by block (the whole
// pipeline on real documents is in parse.test.ts; these pin the layouts it must read).
import { describe, expect, it } from "vitest";
import type { BBox, Block } from "../../src/core/model";
import { orderBlocks } from "../../src/core/processors/reading-order";

const block = (text: string, bbox: BBox): Block => ({ type: "text", text, bbox, layer: "body", source: "text-layer" });
/** A column paragraph of about 300 characters: columns need real text to count as columns. */
const para = (name: string, x0: number, y0: number, x1 = x0 + 230) => block(`${name} ${"words ".repeat(50)}`, [x0, y0, x1, y0 + 60]);

describe("reading order", () => {
  it("reads a caption set in the middle of a two-column page after the columns, not between their halves", () => {
    const blocks = [
      para("L1", 60, 100), para("L2", 60, 180), para("L3", 60, 420), para("L4", 60, 500),
      para("R1", 320, 100), para("R2", 320, 180), para("R3", 320, 420), para("R4", 320, 500),
      block("PHOTO CAPTION", [250, 300, 350, 330]),
    ];
    const order = orderBlocks(blocks, 612).map((b) => b.text.split(" ")[0]);
    expect(order).toEqual(["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4", "PHOTO"]);
  });

  it("still reads a title across the gutter above the columns first", () => {
    const blocks = [block("TITLE", [150, 40, 460, 70]), para("L1", 60, 100), para("L2", 60, 180), para("R1", 320, 100), para("R2", 320, 180)];
    expect(orderBlocks(blocks, 612).map((b) => b.text.split(" ")[0])).toEqual(["TITLE", "L1", "L2", "R1", "R2"]);
  });
});
