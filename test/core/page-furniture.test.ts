// Furniture of one page judged alone (processors/page-furniture.ts), on pages laid out here
// line by line, so each rule's geometry and type sizes are exact.
import { describe, expect, it } from "vitest";
import type { Block, Page } from "../../src/core/model";
import { pageFurniture } from "../../src/core/processors/page-furniture";

/** A text block of one line per entry of `lines`, `size` points, from `top` at the leading 1.2 × size. */
function block(x0: number, top: number, x1: number, lines: string[], size = 10, bold = false): Block {
  const pitch = size * 1.2;
  const built = lines.map((text, i) => {
    const bbox: [number, number, number, number] = [x0, top + i * pitch, x1, top + i * pitch + size];
    return { bbox, spans: [{ text, bbox, fontFamily: "Serif", fontSize: size, bold, italic: false }] };
  });
  return { type: "text", bbox: [x0, top, x1, top + (lines.length - 1) * pitch + size], text: lines.join(" "), lines: built, layer: "body", source: "text-layer" };
}

const A4 = { index: 0, width: 595, height: 842 };
const paragraph = (top: number, size = 10) => block(90, top, 505, Array.from({ length: 8 }, () => "Body text of the page, set in lines long enough to measure it by."), size);
const texts = (found: Block[]) => found.map((b) => b.text);

describe("furniture of a page alone", () => {
  it("keeps the first entry of a table of contents standing right under a head that carries the page number", () => {
    const head = [block(90, 30, 150, ["CONTENTS"]), block(500, 30, 506, ["2"])];
    const entry = [block(90, 60, 320, ["5 Administering the installation"]), block(495, 60, 506, ["20"])];
    const next = [block(105, 72, 320, ["5.1 Installing packages"]), block(495, 72, 506, ["20"])];
    const page: Page = { ...A4, blocks: [...head, ...entry, ...next, paragraph(100)] };
    expect(texts(pageFurniture(page, 10))).toEqual(["CONTENTS", "2"]);
  });

  it("takes a running head set one size above a body of small type (10 pt over 9 pt)", () => {
    const page: Page = { ...A4, blocks: [block(90, 40, 250, ["4 Bugs in Computers and Typesetting"]), paragraph(80, 9), block(295, 780, 301, ["4"], 9)] };
    expect(texts(pageFurniture(page, 9))).toContain("4 Bugs in Computers and Typesetting");
  });

  it("takes a running head whose folio alone is bold, and keeps a bold line with no folio", () => {
    const head = block(90, 40, 300, ["4 Bugs in Computers and Typesetting"]);
    const [line] = head.lines!;
    line.spans = [{ ...line.spans[0], text: "4", bold: true }, { ...line.spans[0], text: " Bugs in Computers and Typesetting" }];
    const foot = block(295, 780, 301, ["4"]);
    expect(texts(pageFurniture({ ...A4, blocks: [head, paragraph(80), foot] }, 10))).toContain("4 Bugs in Computers and Typesetting");
    const heading = block(90, 40, 300, ["Bugs in Computers and Typesetting"], 10, true);
    expect(texts(pageFurniture({ ...A4, blocks: [heading, paragraph(80), foot] }, 10))).toEqual(["4"]);
  });

  it("takes a head ending in its page set two sizes above the text (12 pt over 10 pt), and keeps a title of that size", () => {
    const head = block(90, 24, 505, ["The technical documentation of the Latin Modern family of fonts, page 5"], 12);
    expect(texts(pageFurniture({ ...A4, blocks: [head, paragraph(62)] }, 10))).toEqual([head.text]);
    const title = block(90, 24, 505, ["The technical documentation of the Latin Modern family of fonts"], 12);
    expect(texts(pageFurniture({ ...A4, blocks: [title, paragraph(62)] }, 10))).toEqual([]);
  });

  it("keeps a list's item opening a page numbered at its foot", () => {
    const page: Page = { ...A4, blocks: [block(150, 77, 315, ["• Surface area of a solid of revolution"]), paragraph(110), block(295, 780, 301, ["4"])] };
    expect(texts(pageFurniture(page, 10))).toEqual(["4"]);
  });

  it("under the page number, keeps a sentence set beside a dated margin note and takes the note alone", () => {
    const note = block(20, 762, 80, ["Updated: 2021-12-26"], 7);
    const sentence = [block(20, 749, 80, ["New: 2021-12-26"], 7), block(130, 748, 440, ["The key sets the prefix of the counter; the default is Code."])];
    const page: Page = { ...A4, blocks: [paragraph(100), ...sentence, note, block(295, 800, 301, ["4"])] };
    expect(texts(pageFurniture(page, 10))).toEqual(["4", "Updated: 2021-12-26"]);
  });

  it("takes a slide's bar of section links printed against its top edge, too close to the next line to stand off by a gap", () => {
    const slide = { index: 0, width: 363, height: 272 };
    const bar = [block(9, 1, 44, ["Introduction"], 6), block(79, 1, 163, ["Bad News: Hardness Results"], 6), block(327, 1, 354, ["Summary"], 6)];
    const title = block(9, 12, 175, ["Our formalization of haplotyping"], 11);
    const items = block(28, 40, 330, ["The rows of the matrix are individuals or taxa.", "The columns of the matrix are sites or characters."], 11);
    expect(texts(pageFurniture({ ...slide, blocks: [...bar, title, items] }, 11))).toEqual(["Introduction", "Bad News: Hardness Results", "Summary"]);
    // A page of nothing but such a line keeps it: there is no text it stands off from.
    expect(pageFurniture({ ...slide, blocks: [block(9, 1, 200, ["A lone line at the edge"], 6)] }, 11)).toEqual([]);
    // Nor does a scan, which may be cropped to its text.
    expect(pageFurniture({ ...slide, reading: { source: "ocr", confidence: 0.9 }, blocks: [...bar, title, items] }, 11)).toEqual([]);
  });

  it("takes a print job's date and time in small type beginning within the page's edge sliver", () => {
    const page: Page = { ...A4, blocks: [block(387, 23, 467, ["24 Sep 2004 2:48 p.m."], 7), block(46, 40, 172, ["A book for the impatient"], 12), paragraph(130)] };
    expect(texts(pageFurniture(page, 10))).toContain("24 Sep 2004 2:48 p.m.");
  });

  it("keeps a sentence in parentheses carried over to the top of a page numbered at its foot", () => {
    const page: Page = { ...A4, blocks: [block(90, 74, 400, ["(The strut has a similar effect to the math strut.)"]), paragraph(100), block(295, 780, 301, ["4"])] };
    expect(texts(pageFurniture(page, 10))).toEqual(["4"]);
  });
});
