// Tables in every conversion: a grid where the PDF drew one, none where the table is made
// of aligned text only (the model's `ruled` false), merged cells kept. Runs in workerd.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { parseDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
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

  it("layout modes: the table draws no grid of its own, the PDF's rules and fills are redrawn where they were", async () => {
    // p2d-demo-section: Table 6.1 has a red header band, pale rows and white rules between some cells only.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-section.pdf"), "section.pdf", { features: CONVERT_FEATURES, drawing: true });
    const word = await part(doc, "word", "layout", "word/document.xml");
    expect(word).toMatch(/<w:tblBorders>.*<w:insideV w:val="none"/s);
    expect(word).not.toContain("<w:shd");
    expect(word).toContain('<a:srgbClr val="CC2229"/>');
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    expect(slide).not.toMatch(/<a:lnL w="\d+"[^>]*><a:solidFill>/);
    expect(slide).toMatch(/<p:sp>(?:(?!<\/p:sp>).)*<a:srgbClr val="CC2229"/s);
    expect(slide).toContain('gridSpan="2"');
  });
});

describe("cell backgrounds follow the PDF", () => {
  it("Word flow shades each cell with the fill painted under its text", async () => {
    // p2d-demo-section: Table 6.1 has a red header band and pale rows.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-section.pdf"), "section.pdf", { features: CONVERT_FEATURES, drawing: true });
    const xml = await part(doc, "word", "flow", "word/document.xml");
    expect(xml).toMatch(/<w:shd w:fill="CC2229"[^>]*\/>(?:(?!<\/w:tc>).)*State/s);
    expect(xml).toContain('w:fill="F1D1C0"');
  });

  it("does not shade a cell whose text is only partly on a fill (a highlighted word)", async () => {
    // p2d-demo-table: "Document" of "Document.getToC()" is highlighted yellow.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table.pdf"), "table.pdf", { features: CONVERT_FEATURES, drawing: true });
    const xml = await part(doc, "word", "flow", "word/document.xml");
    const cell = xml.match(/<w:tc>(?:(?!<\/w:tc>).)*>Document\.getToC\(\)<(?:(?!<\/w:tc>).)*<\/w:tc>/s)![0];
    expect(cell).not.toContain("<w:shd");
    // The second table's header band stays shaded.
    expect(xml).toMatch(/<w:shd w:fill="[0-9A-F]{6}"[^>]*\/>(?:(?!<\/w:tc>).)*Method \/ Attribute/s);
  });
});

describe("flow table widths", () => {
  it("gives a flow table's last column room for its padding, so its text keeps its line", async () => {
    // p2d-demo-table-stream: "29-Apr-2016 10:02" ends the table's text box; it wrapped after the date.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table-stream.pdf"), "stream.pdf", { features: CONVERT_FEATURES, drawing: true });
    const xml = await part(doc, "word", "flow", "word/document.xml");
    const table = xml.split("<w:tbl>").find((t) => t.includes("Last-used"))!;
    const grid = [...table.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]) / 20);
    const block = doc.pages[0].blocks.find((b) => b.table && b.text.includes("Last-used"))!;
    expect(grid.reduce((a, b) => a + b, 0)).toBeGreaterThan(block.bbox[2] - block.bbox[0] + 2);
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

  it("gives each cell the style of a span that runs on over several cells of a row", async () => {
    // A typed header row: "Barcode  Last-used" is one bold-italic Courier span over two cells.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table-stream.pdf"), "letter.pdf", { features: CONVERT_FEATURES });
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    for (const header of ["Tag", "Barcode", "Last-used"]) expect(slide).toMatch(new RegExp(`<a:rPr [^>]*sz="900"[^>]*b="1"[^>]*i="1"[^>]*>(?:(?!</a:r>).)*<a:t>${header}</a:t>`, "s"));
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

describe("a ruled table in layout modes sits on the PDF's own grid", () => {
  it("takes the drawn borders, each column's alignment, each line's colour and where a cell's text sits", async () => {
    // NICS checks: a ruled grid of right-aligned figures under a black title with a red date line,
    // "State / Territory" printed on the lower of its two header lines.
    const doc = await parseDocument(await corpusFile("convert-samples/pl-nics-background-checks-2015-11.pdf"), "nics.pdf", { features: CONVERT_FEATURES, drawing: true });
    const table = doc.pages[0].blocks.find((b) => b.table)!.table!;
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    // The table frame starts on the drawn left border and is as wide as the drawn grid (EMU).
    const EMU = 12700;
    const [, x, width] = slide.match(/<p:graphicFrame>.*?<a:off x="(\d+)" y="\d+"\/><a:ext cx="(\d+)"/s)!.map(Number);
    const borders = table.columnBorders!;
    expect(Math.abs(x / EMU - borders[0])).toBeLessThan(0.5);
    expect(Math.abs(width / EMU - (borders[borders.length - 1] - borders[0]))).toBeLessThan(0.5);
    // A cell holding one paragraph per printed line, each in its own colour.
    expect(slide).toMatch(/<a:srgbClr val="000000"\/>(?:(?!<a:t>).)*<a:t>NICS Firearm Background Checks<\/a:t>/s);
    expect(slide).toMatch(/<a:srgbClr val="FF0000"\/>(?:(?!<a:t>).)*<a:t>November - 2015<\/a:t>/s);
    // Figures right-aligned, close to the right border; the header name at the bottom of its two lines.
    const cellOf = (text: string) => slide.match(new RegExp(`<a:tc[ >](?:(?!</a:tc>).)*<a:t>${text}</a:t>(?:(?!</a:tc>).)*</a:tc>`, "s"))?.[0] ?? "";
    expect(cellOf("18,870")).toContain('algn="r"');
    expect(Number(cellOf("18,870").match(/marR="(\d+)"/)![1]) / EMU).toBeLessThan(2);
    expect(cellOf("State / Territory")).toContain('anchor="b"');
    // The title, centred 20 pt right of the table's middle, moved there by a paragraph margin of 40 pt (the cell's own padding stays even).
    const titleMargin = Number(cellOf("NICS Firearm Background Checks").match(/algn="ctr" indent="0" marL="(\d+)"/)![1]) / EMU;
    expect(titleMargin).toBeGreaterThan(35);
    expect(titleMargin).toBeLessThan(45);
    // Word layout: the same alignment and padding from the cell's margins.
    const word = await part(doc, "word", "layout", "word/document.xml");
    expect(word).toMatch(/<w:tcMar>(?:(?!<\/w:tc>).)*<w:jc w:val="right"\/>(?:(?!<\/w:tc>).)*>18,870</s);
    expect(word).toMatch(/<w:vAlign w:val="bottom"\/>(?:(?!<\/w:tc>).)*>State \/ Territory</s);
    expect(word).toMatch(/<w:ind w:left="(7\d\d|8\d\d)"\/>(?:(?!<\/w:tc>).)*>NICS Firearm Background Checks</s);
  });
});

describe("turned text in conversions", () => {
  it("turns a cell's text and a side heading the way the PDF did", async () => {
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table.pdf"), "table.pdf", { features: CONVERT_FEATURES, drawing: true });
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    // The ruled table's merged cell of text reading up the page.
    expect(slide).toMatch(/<a:t>Document\.getTo<\/a:t>(?:(?!<\/a:tc>).)*<a:tcPr[^>]* vert="vert270"/s);
    // Its lines as far apart as printed: 17.5 pt for 11 pt text (an office line would be 13).
    const turnedCell = slide.match(/<a:tc\b(?:(?!<\/a:tc>).)*Document\.getTo<\/a:t>(?:(?!<\/a:tc>).)*<\/a:tc>/s)![0];
    expect(Number(turnedCell.match(/<a:spcPts val="(\d+)"/)![1]) / 100).toBeCloseTo(17.5, 0);
    // The side heading: one text box turned the same way, its letters not squeezed.
    const heading = slide.match(/<p:sp>(?:(?!<\/p:sp>).)*Sample Vertical Text(?:(?!<\/p:sp>).)*<\/p:sp>/s)![0];
    expect(heading).toContain('vert="vert270"');
    expect(heading).not.toMatch(/ spc="-/);
    const layout = await part(doc, "word", "layout", "word/document.xml");
    expect(layout).toMatch(/<w:textDirection w:val="btLr"\/>(?:(?!<\/w:tc>).)*<w:spacing w:after="0" w:line="350" w:lineRule="exact"\/>(?:(?!<\/w:tc>).)*>Document\.getTo</s);
    // A level cell's two lines too (15.5 pt apart for 11 pt text), in Word layout.
    expect(layout).toMatch(/<w:spacing w:after="0" w:line="310" w:lineRule="exact"\/><\/w:pPr>(?:(?!<\/w:tc>).)*>Page read a Page read a Page read a</s);
    // Word flow: the turned cell reads bottom to top, in rows tall enough for its lines.
    const word = await part(doc, "word", "flow", "word/document.xml");
    expect(word).toMatch(/<w:textDirection w:val="btLr"\/>(?:(?!<\/w:tc>).)*>Document\.getTo C\(\)/s);
  });
});
