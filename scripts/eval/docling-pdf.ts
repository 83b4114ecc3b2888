// PDFs next to Docling's regression outputs (docling-testdata/pdf): what another parser
// made of them, not the truth, but a second opinion on text order and section headings
// over a wider set of layouts (reports, Korean and Persian documents, a handbook).
// Text: word-level LCS against Docling's Markdown with its image and table syntax removed
// (tables are compared elsewhere). Headings: our titles against Docling's section headers,
// by text (Docling writes every header at one Markdown level, so levels are not compared).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { scoreText, sumText, words, type TextScore } from "./text";
import { MemoryImageStore } from "../../src/core/images/store";
import { pdfiumRenderer } from "../../src/cli/wasm-from-disk";
import { scoreHeadings, sumScores, type HeadingScore } from "./headings";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true, enable_image_understanding: false };
const renderOptions = { outputFormats: ["markdown" as const], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, table: "markdown" as const, image: "none" as const }, features };

/** Docling's Markdown as prose: no table rows, no image placeholders or links, no comments. */
const prose = (md: string) =>
  md.split("\n").filter((l) => !l.trimStart().startsWith("|")).join("\n").replace(/<!--[\s\S]*?-->/g, " ").replace(/!\[[^\]]*\]\([^)]*\)/g, " ");

/** Our Markdown without tables, for the same comparison. */
const ourProse = (md: string) => prose(md.replace(/<table>[\s\S]*?<\/table>/g, " "));

export async function doclingPdfRows(corpus: string): Promise<[string, string, string][]> {
  const dir = join(corpus, "docling-testdata/pdf");
  const pdfs = readdirSync(dir).filter((f) => f.endsWith(".pdf")).sort();
  const text: Record<string, TextScore[]> = { docparse: [], pdftotext: [] };
  const heads: HeadingScore[] = [];
  for (const name of pdfs) {
    const reference = readFileSync(join(dir, "groundtruth", name.replace(/\.pdf$/, ".md")), "utf8");
    const expected = words(prose(reference));
    // As the API parses by default: figures extracted, vector figures drawn (their labels leave the text).
    const bytes = new Uint8Array(readFileSync(join(dir, name)));
    const doc = await parseDocument(bytes, name, { features, images: { sink: new MemoryImageStore() }, renderer: pdfiumRenderer(bytes) });
    text.docparse.push(scoreText(expected, words(ourProse(renderParseResult(doc, renderOptions).outputs.markdown ?? ""))));
    text.pdftotext.push(scoreText(expected, words(execFileSync("pdftotext", ["-layout", join(dir, name), "-"], { encoding: "utf8" }))));
    const sections = reference.split("\n").filter((l) => /^#{1,6}\s/.test(l)).map((l) => ({ text: l.replace(/^#+\s*/, ""), level: 1 }));
    const titles = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "title" && !b.hidden).map((b) => ({ text: b.text, level: 1 })));
    heads.push(scoreHeadings(sections, titles));
  }
  const label = `vs Docling reference (${pdfs.length} PDFs)`;
  return [
    [`text ${label}`, "docparse", sumText(text.docparse)],
    [`text ${label}`, "pdftotext", sumText(text.pdftotext)],
    [`headings ${label}`, "docparse", sumScores(heads).replace(/; levels .*$/, "")],
  ];
}
