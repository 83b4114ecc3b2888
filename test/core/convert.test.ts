// PDF-to-Office conversion, run inside workerd (the production runtime) so docx and
// pptxgenjs are proven to work there. Asserts on the OOXML the converters write.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convertDocument } from "../../src/core/convert/index";
import { blockAlign, firstLineIndent } from "../../src/core/convert/alignment";
import { levelFromMarker, planLists } from "../../src/core/convert/docx-lists";
import { officeFont } from "../../src/core/convert/fonts";
import { styledRuns } from "../../src/core/convert/spans";
import { CoreError } from "../../src/core/errors";
import type { BBox, Block, Line, Span } from "../../src/core/model";
import { sampleDocument } from "./convert-sample";

/** One part of an Office zip as text. */
async function parts(target: "word" | "ppt", mode: "flow" | "layout") {
  const out = await convertDocument(sampleDocument(), target, mode);
  const files = unzipSync(out.bytes);
  return { out, names: Object.keys(files), part: (name: string) => (files[name] ? strFromU8(files[name]) : "") };
}
const count = (text: string, needle: string | RegExp) => text.split(needle).length - 1;
/** Twentieths of a point of a Letter page. */
const LETTER_TWIPS = { w: 612 * 20, h: 792 * 20 };
const EMU_PER_POINT = 12700;

describe("Word, flow mode", () => {
  it("writes a docx with the Word media type", async () => {
    const { out, names } = await parts("word", "flow");
    expect(out.extension).toBe(".docx");
    expect(out.mime).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(names).toContain("word/document.xml");
  });

  it("uses the built-in Title and Heading styles, with outline levels", async () => {
    const { part } = await parts("word", "flow");
    const xml = part("word/document.xml");
    expect(count(xml, '<w:pStyle w:val="Title"/>')).toBe(1);
    expect(count(xml, '<w:pStyle w:val="Heading1"/>')).toBe(2); // "1 Introduction", "2 Results"
    expect(count(xml, '<w:pStyle w:val="Heading2"/>')).toBe(1);
    expect(part("word/styles.xml")).toMatch(/w:styleId="Heading1".*?<w:outlineLvl w:val="0"\/>/s);
  });

  it("writes list items as real Word numbering with levels, restarting nowhere inside one list", async () => {
    const { part } = await parts("word", "flow");
    const xml = part("word/document.xml");
    expect(count(xml, "<w:numPr>")).toBe(4);
    expect(count(xml, '<w:ilvl w:val="1"/>')).toBe(1);
    const numIds = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(new Set(numIds).size).toBe(1);
    // The marker is Word's, not typed into the text.
    expect(xml).toContain(">Grow revenue<");
    expect(xml).not.toContain("1. Grow revenue");
    const numbering = part("word/numbering.xml");
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain('<w:lvlText w:val="%1."/>');
  });

  it("writes the table as a Word table with merged cells and borders", async () => {
    const xml = (await parts("word", "flow")).part("word/document.xml");
    expect(count(xml, "<w:tbl>")).toBe(1);
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toContain('<w:vMerge w:val="restart"/>');
    expect(xml).toMatch(/<w:vMerge\/>|<w:vMerge w:val="continue"\/>/);
    expect(xml).toMatch(/<w:tblBorders>.*<w:insideV w:val="single"/s);
    expect(count(xml, "<w:tr>")).toBe(4);
    // Every row fills the three grid columns: 3 cells, or one spanning two plus the merged-down one.
    for (const row of xml.match(/<w:tr>.*?<\/w:tr>/gs)!) {
      const spans = [...row.matchAll(/<w:tc>(.*?)<\/w:tc>/gs)].map((m) => Number(/<w:gridSpan w:val="(\d+)"/.exec(m[1])?.[1] ?? 1));
      expect(spans.reduce((a, b) => a + b, 0)).toBe(3);
    }
  });

  it("sizes the page from the PDF and has no text boxes or frames", async () => {
    const xml = (await parts("word", "flow")).part("word/document.xml");
    expect(xml).toContain(`<w:pgSz w:w="${LETTER_TWIPS.w}" w:h="${LETTER_TWIPS.h}"`);
    expect(count(xml, "<w:sectPr")).toBe(1);
    expect(xml).toMatch(/<w:pgMar w:top="1440" w:right="\d+" w:bottom="\d+" w:left="1440"/);
    for (const boxy of ["w:txbxContent", "w:framePr", "<wps:", "<v:textbox"]) expect(xml).not.toContain(boxy);
  });

  it("keeps the text and its styles, leaves out furniture, mends hyphens and joins the page-broken paragraph", async () => {
    const { part } = await parts("word", "flow");
    const xml = part("word/document.xml");
    expect(xml).not.toContain("Confidential");
    expect(xml).toContain("as the document explains");
    expect(count(xml, "good for the coming year.")).toBe(1);
    expect(xml).toMatch(/<w:b\/>.*?most important/s);
    expect(xml).toMatch(/<w:i\/>.*?italic words/s);
    expect(xml).toMatch(/<w:rFonts w:ascii="Times New Roman"[^>]*\/>.*?<w:color w:val="C00000"\/>.*?twelve percent/s);
    expect(xml).toMatch(/<w:hyperlink[^>]*r:id="([^"]+)".*?our website/s);
    expect(part("word/_rels/document.xml.rels")).toContain('Target="https://example.com/report"');
    // Body font and size come from the PDF's body text (Helvetica 11 pt -> Arial, 22 half-points).
    const styles = part("word/styles.xml");
    expect(styles).toMatch(/<w:docDefaults>.*w:ascii="Arial".*<w:sz w:val="22"\/>/s);
  });
});

describe("Word, layout mode", () => {
  it("gives each page a section of its size and each block one frame at its place", async () => {
    const xml = (await parts("word", "layout")).part("word/document.xml");
    expect(count(xml, "<w:sectPr")).toBe(2);
    expect(count(xml, `<w:pgSz w:w="${LETTER_TWIPS.w}" w:h="${LETTER_TWIPS.h}"`)).toBe(2);
    // Page 1: header, 3 titles, 2 paragraphs, 4 list items, footer; page 2: header, continuation, title, paragraph, footer.
    expect(count(xml, "<w:framePr")).toBe(16);
    // The title's frame at its place, raised so its baseline lands where the PDF's was (Arial's ascent is 0.905 em, the PDF box's 0.8).
    const y = Number(/<w:pStyle w:val="Title"\/><w:framePr [^>]*w:y="(\d+)" w:hAnchor="page" w:vAnchor="page"/.exec(xml)?.[1]);
    expect(y).toBeCloseTo(20 * (72 - (0.9053 - 0.8) * 24), -1);
    expect(xml).not.toContain("w:txbxContent");
    // Titles keep Word's heading styles in their frames: the navigation pane lists them.
    expect(xml).toMatch(/<w:pStyle w:val="Title"\/><w:framePr/);
    expect(count(xml, '<w:pStyle w:val="Heading1"/>')).toBeGreaterThanOrEqual(1);
    expect(count(xml, '<w:pStyle w:val="Heading2"/>')).toBe(1);
  });

  it("places the table as a floating Word table and keeps what the page showed", async () => {
    const xml = (await parts("word", "layout")).part("word/document.xml");
    // Placed from the margin, which is 0 (from the page's edges, LibreOffice lays a table in a
    // page's lower left quarter inline, at the top of the page).
    expect(xml).toMatch(/<w:tblpPr w:tblpX="1440" w:tblpY="5600" w:horzAnchor="margin" w:vertAnchor="page"\/>/);
    expect(xml).toMatch(/<w:pgMar w:top="0" w:right="0" w:bottom="0" w:left="0"/);
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toContain("Confidential");
    expect(xml).toContain("1. Grow revenue");
    expect(xml).toContain("The results were strong and the outlook is<");
  });
});

describe("PowerPoint", () => {
  it("writes one slide per page, the slide the page's size", async () => {
    const { out, names, part } = await parts("ppt", "layout");
    expect(out.extension).toBe(".pptx");
    expect(out.mime).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
    expect(names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort()).toEqual(["ppt/slides/slide1.xml", "ppt/slides/slide2.xml"]);
    expect(part("ppt/presentation.xml")).toContain(`<p:sldSz cx="${612 * EMU_PER_POINT}" cy="${792 * EMU_PER_POINT}"`);
  });

  it("writes one text box per block, the first title as the title placeholder, the table as a slide table", async () => {
    const { part } = await parts("ppt", "layout");
    const slide = part("ppt/slides/slide1.xml");
    expect(count(slide, "<p:sp>")).toBe(11);
    expect(slide).toMatch(/<p:cNvPr id="\d+" name="Title 1"><\/p:cNvPr><p:cNvSpPr\/><p:nvPr><p:ph\s[^>]*type="title".*?Annual Report 2024/s);
    expect(count(slide, 'type="title"')).toBe(1);
    expect(slide).toContain("<a:tbl>");
    expect(slide).toContain('gridSpan="2"');
    expect(slide).toContain('rowSpan="2"');
    expect(slide).toContain("most important");
    expect(slide).toMatch(/<a:rPr[^>]*b="1"[^>]*>.*?<a:t>most important/s);
    expect(part("ppt/slides/slide2.xml")).toContain("Revenue grew by");
  });

  it("writes at most one paragraph-properties element per paragraph (PowerPoint repairs the file otherwise)", async () => {
    const { part } = await parts("ppt", "layout");
    for (const name of ["ppt/slides/slide1.xml", "ppt/slides/slide2.xml"]) {
      const paragraphs = part(name).match(/<a:p>.*?<\/a:p>/gs)!;
      expect(paragraphs.length).toBeGreaterThan(3);
      for (const p of paragraphs) expect(count(p, "<a:pPr")).toBeLessThanOrEqual(1);
    }
  });

  it("refuses flow mode", async () => {
    const e = await convertDocument(sampleDocument(), "ppt", "flow").catch((x) => x);
    expect(e).toBeInstanceOf(CoreError);
    expect(e.code).toBe("processing_failed");
  });
});

describe("conversion pieces", () => {
  const span = (text: string, bold = false, link?: string): Span => ({ text, bbox: [0, 0, 1, 1], fontFamily: "Helvetica", fontSize: 10, bold, italic: false, link });

  it("styles the block's text from its spans across a mended hyphen and a removed marker", () => {
    const runs = styledRuns("bold document text", [span("• "), span("bold", true), span(" docu-"), span("ment text")]);
    expect(runs.map((r) => [r.text, r.bold])).toEqual([
      ["bold ", true],
      ["document text", false],
    ]);
  });

  it("keeps the space after a link out of the link", () => {
    const runs = styledRuns("see site now", [span("see "), span("site ", false, "https://x.test"), span("now")]);
    expect(runs.map((r) => [r.text, r.link])).toEqual([
      ["see ", undefined],
      ["site", "https://x.test"],
      [" now", undefined],
    ]);
  });

  it("maps PDF font names to installed families", () => {
    expect(officeFont("ABCDEF+TimesNewRomanPS-BoldMT")).toBe("Times New Roman");
    expect(officeFont("sans-serif")).toBe("Arial");
    expect(officeFont("QWERTY+CourierNewPSMT")).toBe("Courier New");
    expect(officeFont("Calibri-Light")).toBe("Calibri");
    expect(officeFont("")).toBe("Calibri");
    // TeX's math italic and symbols are serif faces, its sans is not.
    expect(officeFont("ABCDEF+CMMI10")).toBe("Times New Roman");
    expect(officeFont("CMSY7")).toBe("Times New Roman");
    expect(officeFont("CMSS10")).toBe("Arial");
  });

  it("writes a script at the size Office draws as printed: Office shrinks scripts itself", () => {
    const sub = (text: string, fontSize: number): Span => ({ ...span(text), fontSize, script: "sub" });
    const runs = styledRuns("ROB and x2", [span("R"), sub("OB", 6), span(" and x"), sub("2", 8)]);
    // 6 pt drawn at two thirds of 9 pt; 8 pt would need 12, more than the 10 pt text it rides on.
    expect(runs.filter((r) => r.script).map((r) => [r.text, r.fontSize])).toEqual([
      ["OB", 9],
      ["2", 10],
    ]);
    expect(styledRuns("x", [span("x")])[0].fontSize).toBe(10);
  });

  it("starts a new Word list after other text, at another kind of marker, or when numbering goes back", () => {
    const item = (marker: string, level = 0): Block => ({ type: "list", bbox: [0, 0, 1, 1], text: "x", layer: "body", source: "text-layer", list: { ordered: /\w/.test(marker), level, marker } });
    const para: Block = { type: "text", bbox: [0, 0, 1, 1], text: "p", layer: "body", source: "text-layer" };
    const blocks = [item("1."), item("2."), item("•", 1), item("3."), para, item("4."), item("1."), item("I."), item("•")];
    const plan = planLists(blocks);
    expect(blocks.map((b) => plan.of.get(b)?.reference)).toEqual(["list-1", "list-1", "list-1", "list-1", undefined, "list-2", "list-3", "list-4", "list-5"]);
    // A list picked up after an interruption keeps counting from its printed number.
    expect(plan.config[1].levels[0]).toMatchObject({ format: "decimal", start: 4, text: "%1." });
    expect(plan.config[3].levels[0]).toMatchObject({ format: "upperRoman", start: 1 });
  });

  it("tells centred, justified and left-aligned text from the lines' edges", () => {
    const page = { index: 0, width: 600, height: 800, blocks: [] as Block[] };
    const line = (x0: number, x1: number, y: number): Line => ({ bbox: [x0, y, x1, y + 10] as BBox, spans: [] });
    const block = (lines: Line[]): Block => ({ type: "text", bbox: [Math.min(...lines.map((l) => l.bbox[0])), 0, Math.max(...lines.map((l) => l.bbox[2])), 50], text: "t", lines, layer: "body", source: "text-layer" });
    const body = block([line(72, 540, 0), line(72, 540, 12), line(72, 300, 24)]);
    page.blocks.push(body);
    expect(blockAlign(body, page)).toBe("justify");
    expect(blockAlign(block([line(90, 540, 0), line(72, 500, 12), line(72, 530, 24)]), page)).toBe("left");
    expect(blockAlign(block([line(200, 400, 0), line(150, 450, 12)]), page)).toBe("center");
    expect(blockAlign(block([line(250, 350, 0)]), page)).toBe("center");
    expect(blockAlign(block([line(72, 170, 0)]), page)).toBe("left");
    expect(blockAlign({ ...body, align: "right" }, page)).toBe("right");
    // A first-line indent only where the other lines share their left edge: not for an
    // address centred under a letterhead, whose first line is the longest.
    expect(firstLineIndent(block([line(90, 540, 0), line(72, 500, 12), line(72, 530, 24)]))).toBe(18);
    expect(firstLineIndent(block([line(237, 375, 0), line(268, 344, 12), line(263, 349, 24), line(257, 355, 36)]))).toBe(0);
  });

  it("reads list formats from markers", () => {
    expect(levelFromMarker("3.", true)).toMatchObject({ format: "decimal", start: 3, text: "%LEVEL." });
    expect(levelFromMarker("(b)", true)).toMatchObject({ format: "lowerLetter", start: 2, text: "(%LEVEL)" });
    expect(levelFromMarker("iv)", true)).toMatchObject({ format: "lowerRoman", start: 4 });
    expect(levelFromMarker("-", false)).toMatchObject({ format: "bullet", text: "–" });
  });
});
