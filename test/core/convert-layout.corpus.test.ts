// The tests of convert-layout.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// The layout converters' fitting of the page: substitute fonts spaced to the PDF's widths,
// boxes that never grow over a neighbour, vertically set text turned, running heads and
// feet as real Word headers and footers in flow mode, pages in columns as column sections.
// Runs in workerd like convert.test.ts.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { parseDocument } from "../../src/core/pipeline";
import { corpusFile } from "../helpers/corpus";
import { ownRuns } from "../../src/core/convert/spans";
import type { BBox, Block, Document, Span } from "../../src/core/model";

const span = (text: string, bbox: BBox, fontFamily: string, fontSize = 10): Span => ({ text, bbox, fontFamily, fontSize, bold: false, italic: false });
const textBlock = (spans: Span[], extra: Partial<Block> = {}): Block => {
  const bbox: BBox = [Math.min(...spans.map((s) => s.bbox[0])), Math.min(...spans.map((s) => s.bbox[1])), Math.max(...spans.map((s) => s.bbox[2])), Math.max(...spans.map((s) => s.bbox[3]))];
  return { type: "text", bbox, text: spans.map((s) => s.text).join(" "), lines: spans.map((s) => ({ bbox: s.bbox, spans: [s] })), layer: "body", source: "text-layer", ...extra };
};

async function files(doc: Document, target: "word" | "ppt", mode: "flow" | "layout") {
  const z = unzipSync((await convertDocument(doc, target, mode)).bytes);
  return (name: string) => (z[name] ? strFromU8(z[name]) : "");
}

describe("code in conversions", () => {
  it("indents a listing's lines as printed on slides, in Word frames and in Word flow", async () => {
    const doc = await parseDocument(await corpusFile("docling-testdata/pdf/code_and_formula.pdf"), "code.pdf", { features: CONVERT_FEATURES });
    const slide = (await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml");
    expect(slide).toMatch(/<a:t>    return /);
    for (const mode of ["layout", "flow"] as const) expect((await files(doc, "word", mode))("word/document.xml")).toMatch(/<w:t xml:space="preserve">    return /);
  });
});

describe("tab gaps in layout modes", () => {
  it("fills a tab's gap inside a line with as many spaces as it is wide, and the text keeps one", async () => {
    // p2d-demo-table-stream: "Subject:" and its value 11 pt apart in 10 pt Helvetica (Arial's space is 2.8 pt).
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo-table-stream.pdf"), "letter.pdf", { features: CONVERT_FEATURES });
    const block = doc.pages[0].blocks.find((b) => b.text.startsWith("Subject:"))!;
    expect(block.text).toBe("Subject: Profile information for Lot 71, 9876 LMR");
    expect(block.lines![0].spans.map((s) => s.text.trim())).toEqual(["Subject:", "Profile information for Lot 71, 9876 LMR"]);
    expect((await files(doc, "ppt", "layout"))("ppt/slides/slide1.xml")).toContain("Subject:    Profile information");
    expect((await files(doc, "word", "layout"))("word/document.xml")).toContain("Subject:    Profile information");
    // An ordinary word space between two spans of a line stays one.
    const two = span("two", [72, 100, 90, 110], "Helvetica");
    const words = { ...span(" words", [93, 100, 120, 110], "Helvetica"), italic: true };
    const line = textBlock([two], { text: "two words", lines: [{ bbox: [72, 100, 120, 110], spans: [two, words] }] });
    expect(ownRuns(line).map((r) => r.text).join("")).toBe("two words");
  });
});
