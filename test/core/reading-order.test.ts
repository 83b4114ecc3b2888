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
    // Columns run on around a photo in the middle; its caption sits across the gutter.
    const blocks = [
      para("L1", 60, 100), para("L2", 60, 170, 240), para("L3", 60, 240, 240), para("L4", 60, 310),
      para("R1", 320, 100), para("R2", 360, 170, 550), para("R3", 360, 240, 550), para("R4", 320, 310),
      block("PHOTO CAPTION", [250, 250, 350, 280]),
    ];
    const order = orderBlocks(blocks, 612).map((b) => b.text.split(" ")[0]);
    expect(order).toEqual(["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4", "PHOTO"]);
  });

  it("reads columns under a wide table or panel column by column, though no gutter runs the page's height", () => {
    // A wide panel and a wide table full of text cross the gutter; two columns follow, one
    // paragraph on the right and two on the left (an annual report's page).
    const wide = (name: string, y0: number, y1: number) => block(`${name} ${"words ".repeat(120)}`, [54, y0, 540, y1]);
    const blocks = [wide("PANEL", 60, 260), wide("TABLE", 300, 530), para("L1", 54, 560, 288), para("L2", 54, 670, 288), block(`R1 ${"words ".repeat(90)}`, [306, 560, 540, 790])];
    const order = orderBlocks(blocks, 594).map((b) => b.text.split(" ")[0]);
    expect(order).toEqual(["PANEL", "TABLE", "L1", "L2", "R1"]);
  });

  it("reads the columns above a wide clear band (a figure the text does not show) before those below it", () => {
    // Three columns, a figure across the page, then two columns of a different width.
    const blocks = [
      para("A1", 45, 60, 210), para("A2", 222, 60, 380), para("A3", 399, 60, 560),
      para("B1", 45, 400, 200), para("B2", 222, 400, 388),
    ];
    expect(orderBlocks(blocks, 612).map((b) => b.text.split(" ")[0])).toEqual(["A1", "A2", "A3", "B1", "B2"]);
  });

  it("reads a side label in the margin before the lines it labels, though it is centred on them", () => {
    // A statistics sheet's foot (NICS): "NOTES:" centred on its two notes, "DISCLAIMERS:" on its two paragraphs.
    const label = (text: string, bbox: BBox): Block => ({ ...block(text, bbox), lines: [{ bbox, spans: [] }] });
    const blocks = [
      block("*Refers to frames and receivers", [121, 491, 514, 497]),
      label("NOTES:", [80, 497, 102, 503]),
      block("**Multiple (multiple types)", [121, 505, 231, 511]),
      block("Some states may reflect lower numbers", [121, 520, 853, 526]),
      label("DISCLAIMERS:", [60, 533, 102, 539]),
      block("These statistics represent checks", [121, 542, 807, 547]),
    ];
    expect(orderBlocks(blocks, 1008).map((b) => b.text.split(" ")[0])).toEqual(["NOTES:", "*Refers", "**Multiple", "DISCLAIMERS:", "Some", "These"]);
  });

  it("still reads a title across the gutter above the columns first", () => {
    const blocks = [block("TITLE", [150, 40, 460, 70]), para("L1", 60, 100), para("L2", 60, 180), para("R1", 320, 100), para("R2", 320, 180)];
    expect(orderBlocks(blocks, 612).map((b) => b.text.split(" ")[0])).toEqual(["TITLE", "L1", "L2", "R1", "R2"]);
  });
});
