// The layout converters' fitting of the page: substitute fonts spaced to the PDF's widths,
// boxes that never grow over a neighbour, vertically set text turned, running heads and
// feet as real Word headers and footers in flow mode, pages in columns as column sections.
// Runs in workerd like convert.test.ts.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convertDocument } from "../../src/core/convert/index";
import { pitchLead, textBox } from "../../src/core/convert/layout-geometry";
import { isVertical } from "../../src/core/geometry";
import { letterSpacing, lineSpacings } from "../../src/core/convert/layout-fit";
import { ownRuns } from "../../src/core/convert/spans";
import { pageColumns } from "../../src/core/convert/docx-columns";
import { textWidthEm } from "../../src/core/convert/text-width";
import { blockAlign } from "../../src/core/convert/alignment";
import type { BBox, Block, Document, Page, Span } from "../../src/core/model";
import { sampleDocument } from "./convert-sample";

const span = (text: string, bbox: BBox, fontFamily: string, fontSize = 10): Span => ({ text, bbox, fontFamily, fontSize, bold: false, italic: false });
const textBlock = (spans: Span[], extra: Partial<Block> = {}): Block => {
  const bbox: BBox = [Math.min(...spans.map((s) => s.bbox[0])), Math.min(...spans.map((s) => s.bbox[1])), Math.max(...spans.map((s) => s.bbox[2])), Math.max(...spans.map((s) => s.bbox[3]))];
  return { type: "text", bbox, text: spans.map((s) => s.text).join(" "), lines: spans.map((s) => ({ bbox: s.bbox, spans: [s] })), layer: "body", source: "text-layer", ...extra };
};
const page = (blocks: Block[]): Page => ({ index: 0, width: 612, height: 792, blocks });
const LINE = "The quick brown fox jumps over the lazy dog again";
const count = (text: string, needle: string) => text.split(needle).length - 1;

async function files(doc: Document, target: "word" | "ppt", mode: "flow" | "layout") {
  const z = unzipSync((await convertDocument(doc, target, mode)).bytes);
  return (name: string) => (z[name] ? strFromU8(z[name]) : "");
}

describe("fitting substitute fonts", () => {
  it("measures text in the metric-compatible fonts", () => {
    // Liberation Sans has Arial's (Helvetica's) widths: a space is 0.278 em.
    expect(textWidthEm(" ", "Arial", false, false)).toBeCloseTo(0.278, 3);
    expect(textWidthEm("abc", "Courier New", false, false)).toBeCloseTo(1.8, 5);
    expect(textWidthEm("abc", "Unknown Family", false, false)).toBeUndefined();
    // Beyond ASCII: an en dash is half an em in Times, an opening double quote 0.444, é as wide as e.
    expect(textWidthEm("–", "Times New Roman", false, false)).toBeCloseTo(0.5, 3);
    expect(textWidthEm("“", "Times New Roman", false, false)).toBeCloseTo(0.444, 3);
    expect(textWidthEm("é", "Arial", false, false)).toBeCloseTo(textWidthEm("e", "Arial", false, false)!, 3);
  });

  it("spaces nothing when the PDF font has the substitute's metrics, and widens a narrower substitute", () => {
    const natural = textWidthEm(LINE, "Times New Roman", false, false)! * 10;
    const times = textBlock([span(LINE, [72, 100, 72 + natural, 110], "ABCDEF+TimesNewRomanPSMT")]);
    expect(letterSpacing(times)).toEqual({ spacing: 0, fitted: true });
    // Computer Modern is about 12% wider than Times: each character gets the difference.
    const cmr = textBlock([span(LINE, [72, 100, 72 + natural * 1.12, 110], "ABCDEF+CMR10")]);
    const fit = letterSpacing(cmr);
    expect(fit.fitted).toBe(true);
    expect(fit.spacing * (LINE.length - 1)).toBeCloseTo(natural * 0.12, 1);
  });

  it("sets each ragged line as wide as it was printed, a little off its block's spacing", () => {
    // Computer Modern is some 10% wider than Times, by more in some words than in others
    // (curly quotes and dashes are measured too).
    const times = (text: string) => textWidthEm(text, "Times New Roman", false, false)! * 10;
    const lines = ["The quick brown fox jumps over the lazy dog", "and again the fox jumps over a dog", "then “home” it goes – the day done", "it goes home → to the dog"];
    const stretch = [1.11, 1.08, 1.09, 1.11];
    const block = textBlock(lines.map((t, i) => span(t, [72, 100 + 12 * i, 72 + times(t) * stretch[i], 110 + 12 * i], "CMR10")));
    const fit = letterSpacing(block);
    const spacings = lineSpacings(block, fit, 500);
    // The least stretched line sets the block's spacing; the others widen to their printed ends.
    expect(spacings[1]).toBeCloseTo(fit.spacing, 6);
    expect(spacings[0]).toBeGreaterThan(fit.spacing);
    const own = (i: number) => 72 + times(lines[i]) + spacings[i] * ([...lines[i]].length - 1);
    expect(own(0)).toBeCloseTo(block.lines![0].bbox[2], 1);
    expect(own(2)).toBeCloseTo(block.lines![2].bbox[2], 1);
    // A line with a character the width tables do not have (an arrow) keeps the block's.
    expect(spacings[3]).toBeCloseTo(fit.spacing, 6);
    // Justified lines are left to justification.
    expect(lineSpacings(block, fit, 500, true)[0]).toBeCloseTo(fit.spacing, 6);
  });

  it("writes the spacing on every Word run and PowerPoint run of the block", async () => {
    const natural = textWidthEm(LINE, "Times New Roman", false, false)! * 10;
    const doc: Document = { source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([textBlock([span(LINE, [72, 100, 72 + natural * 1.12, 110], "CMR10")])])] };
    expect((await files(doc, "word", "layout"))("word/document.xml")).toMatch(/<w:spacing w:val="\d+"\/>.*The quick brown/s);
    expect((await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml")).toMatch(/<a:rPr[^>]*spc="\d+"/);
  });
});

describe("justified or flush left", () => {
  it("justifies lines ending together only when their spaces were stretched to get there", () => {
    // Two lines that fill 300 pt in Arial at its own spacing, and a short last line.
    const arialWidth = (text: string) => textWidthEm(text, "Arial", false, false)! * 10;
    const [a, b] = ["The quick brown fox jumps over the lazy dog again", "and again the fox jumps over the lazy brown dog"];
    const paragraph = (stretch: number) => {
      const right = 72 + Math.max(arialWidth(a), arialWidth(b)) * stretch;
      return textBlock([span(a, [72, 100, right, 110], "Helvetica"), span(b, [72, 112, right, 122], "Helvetica"), span("the end of it", [72, 124, 72 + arialWidth("the end of it"), 134], "Helvetica")]);
    };
    // Ragged text whose longer line sets the edge: the other ends there only if stretched.
    const ragged = textBlock([span(a, [72, 100, 72 + arialWidth(a), 110], "Helvetica"), span(a, [72, 112, 72 + arialWidth(a), 122], "Helvetica"), span("the end of it", [72, 124, 72 + arialWidth("the end of it"), 134], "Helvetica")]);
    expect(blockAlign(ragged, page([ragged]))).toBe("left");
    const justified = paragraph(1.05);
    expect(blockAlign(justified, page([justified]))).toBe("justify");
    // Comments of a listing, two of one length over a longer one: a longer last line ends no justified text.
    const comments = textBlock([span("// restore ecx", [162, 459, 228, 468], "CMTT9"), span("// restore esp", [162, 469, 228, 478], "CMTT9"), span("// jump to ret statement", [162, 479, 275, 488], "CMTT9")]);
    expect(blockAlign(comments, page([comments]))).toBe("left");
  });
});

describe("scripts on slides", () => {
  it("drops a subscript as PowerPoint does (a quarter of its size), not most of a line", async () => {
    const sub: Span = { ...span("P", [82, 104, 86, 111], "Times", 7), script: "sub" };
    const sup: Span = { ...span("2", [96, 99, 100, 106], "Times", 7), script: "super" };
    const line = { bbox: [72, 100, 100, 111] as BBox, spans: [span("b", [72, 100, 82, 110], "Times"), sub, span(" x", [86, 100, 96, 110], "Times"), sup] };
    const block: Block = { ...textBlock(line.spans), lines: [line], text: "bP x2" };
    const slide = (await files({ source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([block])] }, "ppt", "layout"))("ppt/slides/slide1.xml");
    expect(slide).toMatch(/baseline="-25000"[^>]*>(?:(?!<\/a:r>).)*<a:t>P<\/a:t>/s);
    expect(slide).toMatch(/baseline="30000"[^>]*>(?:(?!<\/a:r>).)*<a:t>2<\/a:t>/s);
  });
});

describe("line breaks in layout modes", () => {
  it("breaks every line where the PDF did, inside the block's one paragraph, hyphen and all", () => {
    const title = textBlock([span("NICS Firearm Background Checks", [300, 20, 500, 34], "Arial", 14), span("November - 2015", [345, 36, 455, 50], "Arial", 14)]);
    expect(ownRuns(title).map((r) => r.text).join("")).toBe("NICS Firearm Background Checks\nNovember - 2015");
    const para = textBlock([span("a paragraph whose word is hyphen-", [72, 100, 300, 110], "Arial"), span("ated at the line end", [72, 112, 180, 122], "Arial")]);
    expect(ownRuns(para).map((r) => r.text).join("")).toBe("a paragraph whose word is hyphen-\nated at the line end");
  });
});

describe("unevenly spaced blocks", () => {
  it("are set as pieces of evenly spaced lines, so a wider gap is kept", async () => {
    // Three lines at a 12 pt pitch, a paragraph gap, two more: two text boxes on the slide.
    const lines = [100, 112, 124, 148, 160].map((y) => span(LINE, [72, y, 300, y + 10], "Arial"));
    const doc: Document = { source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([textBlock(lines)])] };
    const slide = strFromU8(unzipSync((await convertDocument(doc, "ppt", "layout")).bytes)["ppt/slides/slide1.xml"]);
    expect(count(slide, "<p:txBody>")).toBe(2);
  });
});

describe("layout boxes", () => {
  it("raises a block so its first baseline lands where the PDF's was", () => {
    const lines = [span(LINE, [72, 100, 300, 110], "Calibri"), span(LINE, [72, 115, 300, 125], "Calibri")];
    // Exact spacing at a 15 pt pitch sets the baseline Carlito's descent (0.2686 em) above the
    // pitch's foot; the PDF's baseline is 0.8 em below its box's top.
    expect(pitchLead(textBlock(lines))).toBeCloseTo(15 - (0.8 + 0.2686) * 10, 3);
    // One line: set a font ascent (0.9521 em) below the top.
    expect(pitchLead(textBlock(lines.slice(0, 1)))).toBeCloseTo((0.9521 - 0.8) * 10, 3);
    // Tight lines lower the box instead.
    expect(pitchLead(textBlock([lines[0], span(LINE, [72, 110, 300, 120], "Calibri")]))).toBeLessThan(0);
  });

  it("grows a box into free space but stops short of the block beside it", () => {
    const left = textBlock([span("left column text", [72, 100, 290, 110], "Arial")]);
    const right = textBlock([span("right column", [300, 100, 540, 110], "Arial")]);
    const p = page([left, right]);
    const box = textBox(left, p, "left");
    expect(box.x).toBe(72);
    expect(box.x + box.width).toBeLessThanOrEqual(300);
    expect(box.width).toBeGreaterThan(290 - 72);
  });

  it("keeps a justified box as wide as its lines were printed, each line squeezed to fit with room to spare", () => {
    // Two lines justified (stretched 1.1% by their spaces), and a short last line.
    const arialWidth = (text: string) => textWidthEm(text, "Arial", false, false)! * 10;
    const full = "The quick brown fox jumps over the lazy dog, then it runs back home";
    const right = 72 + arialWidth(full) * 1.011;
    const block = textBlock([span(full, [72, 100, right, 110], "Helvetica"), span(full, [72, 112, right, 122], "Helvetica"), span("and sleeps", [72, 124, 72 + arialWidth("and sleeps"), 134], "Helvetica")]);
    const p = page([block]);
    expect(blockAlign(block, p)).toBe("justify");
    const fit = letterSpacing(block);
    expect(fit.fitted).toBe(true);
    // The box stays within half a percent of the printed width, where flush-left text gets room to grow.
    const slideBox = textBox(block, p, "justify", true);
    expect(slideBox.width / (right - 72)).toBeLessThanOrEqual(1.005 + 1e-9);
    expect(textBox(block, p, "left", true).width).toBeGreaterThan(slideBox.width);
    // The full lines leave a glyph's rounding free: set tighter than the block's own spacing.
    const [first, , last] = lineSpacings(block, fit, slideBox.width, true);
    expect(first).toBeLessThan(fit.spacing);
    expect(last).toBe(fit.spacing);
  });

  it("turns vertically set text instead of breaking it after every letter", async () => {
    const vertical = textBlock([span("Sample Vertical Text", [290, 110, 302, 278], "Calibri", 12)]);
    const flat = textBlock([span("Ordinary line", [72, 100, 200, 112], "Calibri", 12)]);
    expect(isVertical(vertical)).toBe(true);
    expect(isVertical(flat)).toBe(false);
    const doc: Document = { source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([flat, vertical])] };
    const word = (await files(doc, "word", "layout"))("word/document.xml");
    expect(word).toMatch(/<w:textDirection w:val="btLr"\/>.*Sample Vertical Text/s);
    expect(word).toMatch(/<w:tblpPr [^>]*w:horzAnchor="margin" w:vertAnchor="page"/);
    expect((await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml")).toMatch(/<a:bodyPr[^>]*vert="vert270".*?Sample Vertical Text/s);
  });
});

describe("PowerPoint paragraph indents", () => {
  it("writes a first-line indent and a hanging indent as the PDF printed them", async () => {
    const line = (text: string, x: number, y: number) => ({ bbox: [x, y, x + 300, y + 10] as BBox, spans: [span(text, [x, y, x + 300, y + 10], "Arial")] });
    const indented: Block = { type: "text", bbox: [72, 100, 390, 122], text: "first second", lines: [line("first", 90, 100), line("second", 72, 112)], layer: "body", source: "text-layer" };
    const hanging: Block = { type: "text", bbox: [72, 200, 390, 222], text: "first second", lines: [line("first", 72, 200), line("second", 90, 212)], layer: "body", source: "text-layer" };
    const doc: Document = { source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([indented, hanging])] };
    const slide = (await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml");
    const emu = 18 * 12700;
    expect(slide).toContain(`indent="${emu}" marL="0"`);
    expect(slide).toContain(`indent="-${emu}" marL="${emu}"`);
  });

  it("tabs a list's marker off its text and hangs the item to where the PDF set the text", async () => {
    // "1." at 75, its text at 93 after a tab; a one-line item says so only by that gap.
    const item: Block = {
      type: "list",
      bbox: [75, 314, 164, 326],
      text: "Énumération 1",
      list: { ordered: true, level: 0, marker: "1." },
      lines: [{ bbox: [75, 314, 164, 326], spans: [span("1.", [75, 314, 84, 326], "Times", 12), span(" Énumération 1", [93, 314, 164, 326], "Times", 12)] }],
      layer: "body",
      source: "text-layer",
    };
    expect(ownRuns(item).map((r) => r.text).join("")).toBe("1.\tÉnumération 1");
    const doc: Document = { source: { fileName: "x.pdf", fileType: ".pdf", pageCount: 1 }, warnings: [], pages: [page([item])] };
    const slide = (await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml");
    expect(slide).toContain(`indent="-${18 * 12700}" marL="${18 * 12700}"`);
    const word = (await files(doc, "word", "layout"))("word/document.xml");
    expect(word).toMatch(/<w:ind w:left="360" w:hanging="360"\/>.*>1\.<\/w:t><w:tab\/>/s);
  });
});

describe("Word flow headers and footers", () => {
  it("writes the running head as the Word header and the page number as a PAGE field", async () => {
    const part = await files(sampleDocument(), "word", "flow");
    const document = part("word/document.xml");
    expect(document).not.toContain("Confidential");
    expect(document).toMatch(/<w:headerReference w:type="default"/);
    expect(document).toMatch(/<w:footerReference w:type="default"/);
    const header = Object.entries({ a: part("word/header1.xml"), b: part("word/header2.xml") }).map(([, x]) => x).join("");
    expect(header).toContain("ACME Corp — Confidential");
    const footer = part("word/footer1.xml") + part("word/footer2.xml");
    expect(footer).toMatch(/PAGE/);
    // Pages number from 1 as the PDF printed them: no restart written.
    expect(document).not.toMatch(/<w:pgNumType w:start=/);
  });
});

describe("text the parser hid from reading but the page printed", () => {
  it("shows a caption moved onto its table and a paragraph's continuation in the next column", async () => {
    const doc = sampleDocument();
    const blocks = doc.pages[0].blocks;
    const caption: Block = { ...textBlock([span("Table 1: Regions and quarters", [72, 265, 250, 275], "Helvetica")]), type: "caption", hidden: true };
    const continuation: Block = { ...textBlock([span("continued in the next column", [320, 400, 500, 410], "Helvetica")]), hidden: true };
    blocks.splice(blocks.findIndex((b) => b.table), 0, caption);
    blocks.push(continuation);
    const layout = (await files(doc, "word", "layout"))("word/document.xml");
    expect(layout).toContain("Table 1: Regions and quarters");
    expect(layout).toContain("continued in the next column");
    const flow = (await files(doc, "word", "flow"))("word/document.xml");
    expect(flow).toMatch(/<w:pStyle w:val="Caption"\/>.*Table 1: Regions and quarters.*<w:tbl>/s);
  });
});

describe("columns in Word flow", () => {
  // A page of column paragraphs of about 400 characters each, under a title across the page.
  const paragraph = (name: string, bbox: BBox): Block => ({ type: "text", text: `${name} ${"words ".repeat(70)}`, bbox, layer: "body", source: "text-layer" });
  const columnPage = (columns: number): Page => {
    const width = (540 - 72 - 18 * (columns - 1)) / columns;
    const blocks: Block[] = [{ type: "title", text: "A Title Across The Page", bbox: [72, 60, 540, 84], layer: "body", source: "text-layer", titleLevel: 1 }];
    for (let c = 0; c < columns; c++) for (let r = 0; r < 3; r++) blocks.push(paragraph(`C${c}R${r}`, [72 + c * (width + 18), 100 + r * 200, 72 + c * (width + 18) + width, 280 + r * 200]));
    return { index: 0, width: 612, height: 792, blocks };
  };

  it("tells a page's column text (written in as many Word columns) from the text across its columns", () => {
    for (const count of [2, 3]) {
      const page = columnPage(count);
      const columns = pageColumns(page, 72, 540);
      expect(columns.of(page.blocks[0])).toBe(1);
      expect(page.blocks.slice(1).map(columns.of)).toEqual(page.blocks.slice(1).map(() => count));
      expect(columns.gap).toBeCloseTo(18, 5);
    }
    const single = columnPage(1);
    expect(single.blocks.map(pageColumns(single, 72, 540).of)).toEqual(single.blocks.map(() => 1));
  });
});
