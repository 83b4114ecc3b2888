// The tests of convert.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// PDF-to-Office conversion, run inside workerd (the production runtime) so docx and
// pptxgenjs are proven to work there. Asserts on the OOXML the converters write.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { MemoryImageStore } from "../../src/core/images/store";
import { corpusFile } from "../helpers/corpus";
const count = (text: string, needle: string | RegExp) => text.split(needle).length - 1;
const EMU_PER_POINT = 12700;

describe("Word, flow mode", () => {

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
