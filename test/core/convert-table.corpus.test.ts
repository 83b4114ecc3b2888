// The tests of convert-table.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Tables in every conversion: a grid where the PDF drew one, none where the table is made
// of aligned text only (the model's `ruled` false), merged cells kept. Runs in workerd.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { parseDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
import type { Document } from "../../src/core/model";

async function part(doc: Document, target: "word" | "ppt", mode: "flow" | "layout", name: string) {
  return strFromU8(unzipSync((await convertDocument(doc, target, mode)).bytes)[name]);
}

describe("table borders follow the PDF", () => {

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

describe("each cell in its own style", () => {

  it("gives each cell the style of a span that runs on over several cells of a row", async () => {
    // A typed header row: "Barcode  Last-used" is one bold-italic Courier span over two cells.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table-stream.pdf"), "letter.pdf", { features: CONVERT_FEATURES });
    const slide = await part(doc, "ppt", "layout", "ppt/slides/slide1.xml");
    for (const header of ["Tag", "Barcode", "Last-used"]) expect(slide).toMatch(new RegExp(`<a:rPr [^>]*sz="900"[^>]*b="1"[^>]*i="1"[^>]*>(?:(?!</a:r>).)*<a:t>${header}</a:t>`, "s"));
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
