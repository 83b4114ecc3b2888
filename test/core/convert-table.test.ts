// Tables in every conversion: a grid where the PDF drew one, none where the table is made
// of aligned text only (the model's `ruled` false), merged cells kept. Runs in workerd.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convertDocument } from "../../src/core/convert/index";
import type { Document } from "../../src/core/model";
import { sampleDocument } from "./convert-sample";

/** The sample document with its table marked as drawn or not drawn. */
function withRuling(ruled: boolean | undefined): Document {
  const doc = sampleDocument();
  for (const b of doc.pages[0].blocks) if (b.table) b.table.ruled = ruled;
  return doc;
}

async function part(doc: Document, target: "word" | "ppt", mode: "flow" | "layout", name: string) {
  return strFromU8(unzipSync((await convertDocument(doc, target, mode)).bytes)[name]);
}

describe("table borders follow the PDF", () => {
  it("Word flow: a drawn grid gets borders, aligned text none", async () => {
    const ruled = await part(withRuling(true), "word", "flow", "word/document.xml");
    expect(ruled).toMatch(/<w:tblBorders>.*<w:insideV w:val="single"/s);
    const unruled = await part(withRuling(false), "word", "flow", "word/document.xml");
    expect(unruled).toMatch(/<w:tblBorders>.*<w:insideV w:val="none"/s);
    expect(unruled).not.toMatch(/<w:tblBorders>.*w:val="single".*<\/w:tblBorders>/s);
    // Merged cells either way.
    expect(unruled).toContain('<w:gridSpan w:val="2"/>');
    expect(unruled).toContain('<w:vMerge w:val="restart"/>');
  });
});

describe("table grid from the cells' text boxes", () => {
  it("puts column borders in the gutters, even for a column whose cells all span", async () => {
    const { columnWidths } = await import("../../src/core/convert/table-grid");
    const { cellTextAlign } = await import("../../src/core/convert/table-cell-text");
    const cell = (text: string, x0: number, x1: number, colSpan = 1) => ({ text, rowSpan: 1, colSpan, bbox: [x0, 0, x1, 10] as [number, number, number, number] });
    const table = {
      columnCount: 4,
      rows: [
        [cell("", 0, 0), { ...cell("Group", 250, 300, 3) }],
        [cell("Description A", 100, 160, 2), cell("mm", 220, 240), cell("30.34", 300, 330)],
      ],
    };
    const widths = columnWidths(table, 300, [90, 0, 390, 20]);
    // Columns 0-1 hold the descriptions up to the gutter before "mm" (midway 160..220 = 190).
    expect(widths[0] + widths[1]).toBeCloseTo(100, 5);
    expect(widths[2]).toBeCloseTo((240 + 300) / 2 - 190, 5);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(300, 5);
    expect(cellTextAlign([120, 0, 180, 10], 100, 200)).toBe("center");
    expect(cellTextAlign([150, 0, 196, 10], 100, 200)).toBe("right");
    expect(cellTextAlign([104, 0, 150, 10], 100, 200)).toBe("left");
  });

  it("starts a flush-left column just before its text, and grows the last column to hold its padding in layout modes", async () => {
    const { columnWidths } = await import("../../src/core/convert/table-grid");
    const cell = (text: string, x0: number, x1: number) => ({ text, rowSpan: 1, colSpan: 1, bbox: [x0, 0, x1, 10] as [number, number, number, number] });
    // "Chose / Truc": the second column's cells all start at 306, far right of the first's text.
    const table = {
      columnCount: 2,
      rows: [
        [cell("Chose", 57, 87), cell("Truc", 306, 328)],
        [cell("Chose 1", 57, 96), cell("Truc 1", 306, 337)],
      ],
    };
    // Fitted to a given width (flow), the columns keep those proportions.
    const widths = columnWidths(table, 280, [57, 0, 337, 20]);
    expect(widths[0] / (widths[0] + widths[1])).toBeCloseTo((306 - 3 - 57) / (337 + 3 - 57), 5);
    // Grown, the table keeps the PDF's scale and its last column reaches 3 pt past "Truc 1".
    const grown = columnWidths(table, 280, [57, 0, 337, 20], { grow: true });
    expect(grown[0]).toBeCloseTo(306 - 3 - 57, 5);
    expect(grown[1]).toBeCloseTo(337 + 3 - (306 - 3), 5);
  });
});

describe("each cell in its own style", () => {
  it("sets a cell's text in the font, size and weight of the spans inside its box", async () => {
    const doc = sampleDocument();
    const table = doc.pages[0].blocks.find((b) => b.table)!;
    const span = (text: string, bbox: [number, number, number, number], fontSize: number, bold: boolean) => ({ text, bbox, fontFamily: "ABCDEF+TimesNewRomanPSMT", fontSize, bold, italic: false });
    table.lines = [
      { bbox: [72, 280, 432, 295], spans: [span("Region", [80, 282, 120, 293], 14, true), span("Q1", [200, 282, 215, 293], 9, false)] },
      { bbox: [72, 295, 192, 325], spans: [span("North", [80, 300, 110, 310], 9, false)] },
    ];
    const word = await part(doc, "word", "layout", "word/document.xml");
    expect(word).toMatch(/<w:b\/>.*?<w:sz w:val="28"\/>.*?>Region</s);
    expect(word).toMatch(/<w:sz w:val="18"\/>.*?>North</s);
    // Layout mode: lines as tight as the PDF rows, no padding above or below.
    expect(word).toMatch(/<w:spacing w:after="0" w:line="\d+" w:lineRule="exact"\/>/);
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    expect(slide).toMatch(/sz="1400"[^>]*b="1"[^>]*>.*?<a:t>Region/s);
  });
});

describe("a table continued on the next page", () => {
  it("shows on each page, in layout modes, only the rows that page printed", async () => {
    const { printedRows } = await import("../../src/core/convert/table-grid");
    const row = (text: string, top: number) => [{ text, rowSpan: 1, colSpan: 1, bbox: [72, top, 200, top + 10] as [number, number, number, number] }];
    // Rows 0-2 from page 1 (running down to y 700), rows 3-4 appended from page 2 (starting again at the top).
    const merged = { columnCount: 1, rows: [row("a", 600), row("b", 650), row("c", 700), row("d", 80), row("e", 100)] };
    expect(printedRows(merged).rows.map((r) => r[0].text)).toEqual(["a", "b", "c"]);
    const single = { columnCount: 1, rows: [row("a", 100), row("b", 120)] };
    expect(printedRows(single)).toBe(single);
  });
});
