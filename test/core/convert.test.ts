// PDF-to-Office conversion, run inside workerd (the production runtime) so docx and
// pptxgenjs are proven to work there. Asserts on the OOXML the converters write.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { blockAlign, firstLineIndent } from "../../src/core/convert/alignment";
import { levelFromMarker, planLists } from "../../src/core/convert/docx-lists";
import { officeFont } from "../../src/core/convert/fonts";
import { styledRuns } from "../../src/core/convert/spans";
import { CoreError } from "../../src/core/errors";
import type { BBox, Block, Line, Span } from "../../src/core/model";
import { sampleDocument } from "./convert-sample";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { MemoryImageStore } from "../../src/core/images/store";
import { corpusFile } from "../helpers/corpus";

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

  it("sets a paragraph in from the margin as far as the PDF did, and a narrower one in from the right", async () => {
    // p2d-demo-text: paragraphs printed 50 to 150 pt in from the page's text margin.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-text.pdf"), "text.pdf", { features: CONVERT_FEATURES });
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "flow")).bytes)["word/document.xml"]);
    const paragraph = xml.split("</w:p>").find((p) => p.includes("The usual ways to create a textpage are getTextPage() and getTextPage(). Because there is a limited set of methods in this class"))!;
    const indent = paragraph.match(/<w:ind w:left="(\d+)" w:right="(\d+)"/)!;
    expect(Number(indent[1]) / 20).toBeGreaterThan(40);
    expect(Number(indent[2]) / 20).toBeGreaterThan(20);
    // The side heading set vertically keeps the column's width (its box is no measure of its lines).
    const side = await parseDocument(await corpusFile("convert-samples/p2d-demo-table.pdf"), "table.pdf", { features: CONVERT_FEATURES });
    const sideXml = strFromU8(unzipSync((await convertDocument(side, "word", "flow")).bytes)["word/document.xml"]);
    expect(sideXml.split("</w:p>").find((p) => p.includes("Sample Vertical Text"))).not.toContain("<w:ind");
  });

  it("underlines, strikes through and highlights the text the PDF drew rules and fills on", async () => {
    // p2d-demo-text: "text and images" underlined, "not" struck through, "getTextPage()" on yellow.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-text.pdf"), "text.pdf", { features: CONVERT_FEATURES, drawing: true });
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "flow")).bytes)["word/document.xml"]);
    const runOf = (text: string) => xml.match(new RegExp(`<w:r><w:rPr>((?:(?!</w:rPr>).)*)</w:rPr><w:t[^>]*>${text}`))?.[1] ?? "";
    expect(runOf("text and images")).toContain('<w:u w:val="single"/>');
    expect(runOf("not ")).toContain("<w:strike/>");
    expect(runOf("not ")).not.toContain("<w:u ");
    expect(runOf("getTextPage\\(\\)")).toContain('<w:shd w:fill="FFFF00"');
    // Only the struck word: the rest of its line is plain.
    expect(runOf("supported")).not.toContain("<w:strike/>");
    // The layout modes redraw the rules and fills themselves: no run styles on top.
    expect(strFromU8(unzipSync((await convertDocument(doc, "word", "layout")).bytes)["word/document.xml"])).not.toContain("<w:strike/>");
  });

  it("keeps the space between paragraphs the PDF left: none between the Register's indented ones", async () => {
    const doc = await parseDocument(await corpusFile("convert-samples/pl-federal-register-2020-17221.pdf"), "fr.pdf", { features: CONVERT_FEATURES, pageRange: [0, 3] });
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "flow")).bytes)["word/document.xml"]);
    const afters = [...xml.matchAll(/<w:spacing w:after="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(afters.filter((a) => a === 0).length).toBeGreaterThan(10);
    // A wider printed gap (before a list, between notes) is kept, up to three font sizes.
    expect(afters.some((a) => a > 40)).toBe(true);
    expect(Math.max(...afters)).toBeLessThanOrEqual(20 * 3 * 12);
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

describe("line numbers in the margin", () => {
  it("are furniture of the page, and Word numbers the lines itself instead of printing them in a header", async () => {
    // The Supreme Court transcript numbers its 25 lines in the left margin.
    const doc = await parseDocument(await corpusFile("convert-samples/pl-scotus-transcript-p1.pdf"), "scotus.pdf", { features: { ...DEFAULT_FEATURES, keep_header_footer: true } });
    const numbers = doc.pages[0].blocks.filter((b) => b.lineNumber);
    expect(numbers.map((b) => b.text)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    expect(numbers.every((b) => b.hidden)).toBe(true);
    expect(doc.pages[0].lineNumbers).toBe(true);
    const files = unzipSync((await convertDocument(doc, "word", "flow")).bytes);
    const xml = (name: string) => strFromU8(files[name]);
    expect(xml("word/document.xml")).toMatch(/<w:lnNumType w:countBy="1" w:restart="newPage"\/>/);
    const headers = Object.keys(files).filter((n) => /^word\/header\d*\.xml$/.test(n)).map(xml).join("");
    expect(headers).toContain("Official - Subject to Final Review");
    expect(headers).not.toMatch(/<w:t[^>]*>1[0-9]?<\/w:t>/);
    // The page number and the reporter's name under it are the foot, even on a one-page file.
    const footers = Object.keys(files).filter((n) => /^word\/footer\d*\.xml$/.test(n)).map(xml).join("");
    expect(footers).toContain("Alderson Reporting Company");
    expect(footers).toContain("suppressLineNumbers");
  });

  it("keep every numbered line one Word line at the PDF's pitch, blank numbered lines included", async () => {
    const doc = await parseDocument(await corpusFile("convert-samples/pl-scotus-transcript-p1.pdf"), "scotus.pdf", { features: CONVERT_FEATURES });
    const body = strFromU8(unzipSync((await convertDocument(doc, "word", "flow")).bytes)["word/document.xml"]);
    const paragraphs = body.split("</w:p>").slice(0, -1);
    // 25 numbered lines: each paragraph's lines plus the empty ones make 25, at exactly 26 pt (520 twips).
    const lines = paragraphs.reduce((n, p) => n + 1 + count(p, "<w:br/>"), 0);
    expect(lines).toBe(25);
    expect(paragraphs.every((p) => /<w:spacing w:after="0" w:before="0" w:line="51\d" w:lineRule="exact"\/>/.test(p))).toBe(true);
    // The caption's aligned columns are tabbed lines, not a table Word would leave unnumbered; dashes are no list.
    expect(body).not.toContain("<w:tbl>");
    expect(body).not.toContain("<w:numPr>");
    expect(body).toMatch(/MICHAEL A\. KNOWLES,<\/w:t><\/w:r><w:r><w:tab\/><w:t xml:space="preserve">:/);
  });

  it("are not found in a page without them", async () => {
    const doc = await parseDocument(await corpusFile("born-digital/pdfjs/tracemonkey.pdf"), "tracemonkey.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages.some((p) => p.lineNumbers)).toBe(false);
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

describe("figures in conversions", () => {
  // p2d-demo-image.pdf: one raster figure on a page of text, and three icons inside its lines.
  const convertSample = async (target: "word" | "ppt", mode: "flow" | "layout") => {
    const store = new MemoryImageStore();
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-image.pdf"), "p2d-demo-image.pdf", { features: CONVERT_FEATURES, images: { sink: store } });
    const figure = doc.pages.flatMap((p) => p.blocks).find((b) => b.type === "image")!;
    const files = unzipSync((await convertDocument(doc, target, mode, store)).bytes);
    const media = Object.keys(files).filter((n) => /\/media\/./.test(n));
    return { figure, files, media, stored: store.images.get(figure.image!.ref)!.bytes };
  };

  it("puts the figure inline in Word flow, at its size, with the stored bytes, and the icons inside their paragraph", async () => {
    const { figure, files, media, stored } = await convertSample("word", "flow");
    expect(media).toHaveLength(4);
    expect(media.map((m) => files[m])).toContainEqual(stored);
    const xml = strFromU8(files["word/document.xml"]);
    const width = figure.bbox[2] - figure.bbox[0];
    expect(xml).toContain(`cx="${Math.round((width * 96) / 72) * 9525}"`);
    // The icons sit between the words they were printed between, in one paragraph.
    const paragraph = xml.split("</w:p>").find((p) => p.includes("Inline image like"))!;
    expect(count(paragraph, "<wp:inline")).toBe(2);
    expect(paragraph.indexOf("<wp:inline")).toBeGreaterThan(paragraph.indexOf("Inline image like"));
    expect(paragraph.lastIndexOf("<wp:inline")).toBeLessThan(paragraph.indexOf("Automate your code review"));
  });

  it("floats the figure and the icons at their page positions in Word layout", async () => {
    const { figure, media, files } = await convertSample("word", "layout");
    expect(media).toHaveLength(4);
    const xml = strFromU8(files["word/document.xml"]);
    expect(count(xml, "<wp:anchor")).toBe(4);
    expect(xml).toContain(`<wp:posOffset>${Math.round(figure.bbox[0] * EMU_PER_POINT)}</wp:posOffset>`);
  });

  it("floats a figure printed beside a paragraph at that side in Word flow, the text wrapped round it", async () => {
    // p2d-demo-section: a map to the right of a panel of text, a table below both.
    const store = new MemoryImageStore();
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-section.pdf"), "section.pdf", { features: CONVERT_FEATURES, images: { sink: store } });
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "flow", store)).bytes)["word/document.xml"]);
    const anchor = xml.match(/<wp:anchor\b(?:(?!<\/wp:anchor>).)*<\/wp:anchor>/s)![0];
    expect(anchor).toMatch(/<wp:positionH relativeFrom="column"><wp:align>right<\/wp:align>/);
    expect(anchor).toContain('<wp:wrapSquare wrapText="bothSides"');
    // Anchored just before the panel's paragraph; after it a break clears the picture, so the
    // table's caption starts below it instead of beside it.
    const panel = xml.indexOf("The Red Ribbon Express");
    expect(xml.indexOf("<wp:anchor")).toBeLessThan(panel);
    const clear = xml.indexOf('<w:br w:type="textWrapping" w:clear="all"/>');
    expect(clear).toBeGreaterThan(panel);
    expect(clear).toBeLessThan(xml.indexOf("The highlights of RRE"));
    // The two columns under the table are a two-column stretch (the table's text does not count against the page's column text).
    expect(xml).toMatch(/<w:cols [^>]*w:num="2"/);
  });

  it("keeps a two-column paper's figures inline: the text beside them is the other column", async () => {
    const store = new MemoryImageStore();
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo.pdf"), "p2d-demo.pdf", { features: CONVERT_FEATURES, images: { sink: store }, pageRange: [1, 2] });
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "flow", store)).bytes)["word/document.xml"]);
    expect(count(xml, "<wp:inline")).toBeGreaterThan(0);
    expect(xml).not.toContain("<wp:anchor");
  });

  it("places the figure and the icons on the slide in PowerPoint", async () => {
    const { media, files } = await convertSample("ppt", "layout");
    expect(media).toHaveLength(4);
    expect(count(strFromU8(files["ppt/slides/slide1.xml"]), "<p:pic>")).toBe(4);
  });
});

describe("footnotes in Word flow", () => {
  it("makes a note a Word footnote where the text raises its mark, and leaves the note out of the text", async () => {
    const doc = await parseDocument(await corpusFile("convert-samples/pl-federal-register-2020-17221.pdf"), "fr.pdf", { features: CONVERT_FEATURES, pageRange: [0, 2], drawing: true });
    const files = unzipSync((await convertDocument(doc, "word", "flow")).bytes);
    const body = strFromU8(files["word/document.xml"]);
    const notes = strFromU8(files["word/footnotes.xml"]);
    const references = count(body, "<w:footnoteReference");
    expect(references).toBeGreaterThanOrEqual(8);
    expect(count(notes, "<w:footnote ")).toBe(references + 2); // Word's separator and continuation notes
    expect(notes).toContain("Stall warning indication is the activation of the stick shaker");
    expect(body).not.toContain("Stall warning indication is the activation of the stick shaker");
    // The mark is gone from the note's text: Word numbers it.
    expect(notes).not.toMatch(/<w:t[^>]*>5 Stall warning/);
    // The reference stands where the superscript was.
    expect(body).toMatch(/airspeed disagree alert, and altitude disagree alert,<\/w:t><\/w:r><w:r><w:rPr><w:rStyle w:val="FootnoteReference"\/><\/w:rPr><w:footnoteReference w:id="\d+"\/>/);
  });
});

describe("text colours", () => {
  it("keeps the colour each run was painted in, in Word and PowerPoint", async () => {
    // p2d-demo-text: a blue heading, a red sentence with a black bold phrase inside it.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-text.pdf"), "text.pdf", { features: CONVERT_FEATURES, drawing: true });
    const spans = doc.pages[0].blocks.flatMap((b) => b.lines ?? []).flatMap((l) => l.spans);
    expect(spans.find((s) => s.text.includes("This class represents"))!.color).toBe("#ff0000");
    expect(spans.find((s) => s.text.includes("text and images"))!.color).toBeUndefined();
    const word = strFromU8(unzipSync((await convertDocument(doc, "word", "flow")).bytes)["word/document.xml"]);
    expect(word).toMatch(/<w:color w:val="FF0000"\/>(?:(?!<\/w:r>).)*This class represents/s);
    const slide = strFromU8(unzipSync((await convertDocument(doc, "ppt", "layout")).bytes)["ppt/slides/slide1.xml"]);
    expect(slide).toMatch(/<a:srgbClr val="FF0000"\/>(?:(?!<\/a:r>).)*This class represents/s);
    // Without drawing (a plain parse) no colour is read.
    const plain = await parseDocument(await corpusFile("convert-samples/p2d-demo-text.pdf"), "text.pdf", { features: CONVERT_FEATURES });
    expect(plain.pages[0].blocks.flatMap((b) => b.lines ?? []).flatMap((l) => l.spans).every((s) => s.color === undefined)).toBe(true);
  });
});

describe("drawing in Word layout", () => {
  it("redraws the page's rules, boxes and fills as shapes behind the text, in the PDF's painting order", async () => {
    // p2d-demo-section: a shaded panel (a rectangle closed twice over) behind a paragraph and a picture.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-section.pdf"), "section.pdf", { features: CONVERT_FEATURES, drawing: true });
    const panel = doc.pages[0].drawing!.find((s) => s.kind === "rect" && s.fill === "#f1d1c0" && s.bbox[2] - s.bbox[0] > 400);
    expect(panel).toBeDefined();
    const xml = strFromU8(unzipSync((await convertDocument(doc, "word", "layout")).bytes)["word/document.xml"]);
    const shapes = xml.match(/<wps:wsp>/g) ?? [];
    // The table draws its own grid and shading: what remains is the panel and the struck-through lines.
    expect(shapes.length).toBeGreaterThanOrEqual(3);
    expect(xml).toContain('<a:srgbClr val="F1D1C0"/>');
    expect(count(xml, 'behindDoc="1"')).toBe(shapes.length);
    // Stacked in order: the z positions of the shapes count up.
    const z = [...xml.matchAll(/relativeHeight="(\d+)"/g)].map((m) => Number(m[1]));
    expect(z.slice(0, shapes.length)).toEqual([...z.slice(0, shapes.length)].sort((a, b) => a - b));
    // The shapes hold no text: every block stays a frame of its own.
    expect(xml).not.toMatch(/<w:txbxContent>(?!<\/w:txbxContent>)/);
  });
});

describe("rounded rectangles in the drawing", () => {
  it("redraws a rounded highlight as its box, and leaves circles out", async () => {
    const { roundedBoxes } = await import("../../src/core/backends/pdf/graphics");
    // p2d-demo-section: two lines of text highlighted green with round ends.
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-section.pdf"), "section.pdf", { features: CONVERT_FEATURES, drawing: true });
    const green = doc.pages[0].drawing!.filter((s) => s.kind === "rect" && s.fill === "#66bb6a");
    expect(green).toHaveLength(2);
    expect(strFromU8(unzipSync((await convertDocument(doc, "ppt", "layout")).bytes)["ppt/slides/slide1.xml"])).toContain('<a:srgbClr val="66BB6A"/>');
    // A path of four quarter circles (a circle) is no rounded box; one of straight sides and small round corners is.
    const k = 0.5523 * 10;
    const circle = [0, 0, 10, 2, k, 10, 10, k, 10, 0, 2, 10, -k, k, -10, 0, -10, 2, -k, -10, -10, -k, -10, 0, 2, -10, k, -k, 10, 0, 10, 4];
    expect(roundedBoxes(circle)).toBeNull();
    const rounded = [0, 2, 0, 1, 98, 0, 2, 99, 0, 100, 1, 100, 2, 1, 100, 18, 2, 100, 19, 99, 20, 98, 20, 1, 2, 20, 2, 1, 20, 0, 19, 0, 18, 1, 0, 2, 2, 0, 1, 1, 0, 2, 0, 4];
    expect(roundedBoxes(rounded)).toEqual([[0, 0, 100, 20]]);
  });
});

describe("drawing in PowerPoint", () => {
  it("redraws the page's rules and boxes as slide shapes, a table's rules among them", async () => {
    const doc = await parseDocument(await corpusFile("convert-samples/pl-federal-register-2020-17221.pdf"), "fr.pdf", { features: DEFAULT_FEATURES, pageRange: [0, 1], drawing: true });
    const shapes = doc.pages[0].drawing!;
    // The Register's first page: rules between its columns and under its masthead.
    const rules = shapes.filter((s) => s.kind === "line" || (s.kind === "rect" && Math.min(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) < 3));
    expect(rules.length).toBeGreaterThan(3);
    expect(shapes.every((s) => s.kind === "line" ? s.width > 0 : s.bbox[2] >= s.bbox[0])).toBe(true);
    const slide = strFromU8(unzipSync((await convertDocument(doc, "ppt", "layout")).bytes)["ppt/slides/slide1.xml"]);
    // Lines, and bars filled thinner than a point, are slide lines.
    const thinBars = shapes.filter((s) => s.kind === "rect" && s.fill && !s.stroke && Math.min(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) < 1);
    expect(slide.match(/prst="line"/g)?.length ?? 0).toBe(shapes.filter((s) => s.kind === "line").length + thinBars.length);
    // Without the option the parse reads no drawing.
    const plain = await parseDocument(await corpusFile("convert-samples/pl-federal-register-2020-17221.pdf"), "fr.pdf", { features: DEFAULT_FEATURES, pageRange: [0, 1] });
    expect(plain.pages[0].drawing).toBeUndefined();
  });

  it("draws a table's rules painted as thin fills as lines: hairlines on a slide, their own width in Word", async () => {
    // nics: the row and column rules are black bars 0.24 and 0.48 pt thick.
    const doc = await parseDocument(await corpusFile("convert-samples/pl-nics-background-checks-2015-11.pdf"), "nics.pdf", { features: CONVERT_FEATURES, drawing: true });
    const bars = doc.pages[0].drawing!.filter((s) => s.kind === "rect" && s.fill === "#000000" && Math.min(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) < 0.5);
    expect(bars.length).toBeGreaterThan(100);
    const slide = strFromU8(unzipSync((await convertDocument(doc, "ppt", "layout")).bytes)["ppt/slides/slide1.xml"]);
    // A hundredth of a point: the one-pixel line pptxgenjs can write (it turns 0 into 1 pt).
    expect(count(slide, '<a:ln w="127">')).toBeGreaterThanOrEqual(bars.length);
    expect(slide).not.toContain('<a:ln w="3048">');
    const word = strFromU8(unzipSync((await convertDocument(doc, "word", "layout")).bytes)["word/document.xml"]);
    // Word keeps the bar's thickness on a line of no height (0.24 pt = 3048 EMU).
    expect(count(word, '<a:ln w="3048">')).toBeGreaterThan(50);
  });
});
