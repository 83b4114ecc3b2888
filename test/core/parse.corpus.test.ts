// The tests of parse.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// The parsing core on real documents, run inside workerd (the production runtime).
import { withPrintedMath } from "../../src/core/render/formula";
import { describe, expect, it } from "vitest";
import { detectFileType } from "../../src/core/pipeline/detect";
import { inspectDocument, parseDocument } from "../../src/core/pipeline";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import { renderParseResult } from "../../src/core/render/result";
import { corpusFile } from "../helpers/corpus";
import { openPdf } from "../../src/core/backends/pdf/open";
import { pageRuns } from "../../src/core/backends/pdf/runs";

const features = (over: Partial<FeatureConfig> = {}): FeatureConfig => ({ ...DEFAULT_FEATURES, ...over });

async function markdownOf(path: string, over: Partial<FeatureConfig> = {}) {
  const doc = await parseDocument(await corpusFile(path), path, { features: features(over) });
  return { doc, md: renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: features(over) }) };
}

describe("detect", () => {
  it("tells Office zips apart by their parts", async () => {
    expect(detectFileType(await corpusFile("office/mammoth/tables.docx"), "a.zip")).toBe(".docx");
    expect(detectFileType(await corpusFile("office/sheetjs/merge_cells.xlsx"), "a.zip")).toBe(".xlsx");
  });
});

describe("inspect", () => {
  it("counts pages", async () => {
    expect(await inspectDocument(await corpusFile("born-digital/pdfjs/tracemonkey.pdf"), "t.pdf")).toEqual({ fileType: ".pdf", pageCount: 14 });
  });
});

describe("parse", () => {
  it("reads a two-column paper column by column", async () => {
    const { md } = await markdownOf("born-digital/pdfjs/tracemonkey.pdf");
    const text = md.outputs.markdown!;
    const leftColumnEnd = text.indexOf("more for certain benchmark programs");
    const rightColumnStart = text.indexOf("and is used for the application logic");
    expect(leftColumnEnd).toBeGreaterThan(0);
    expect(rightColumnStart).toBeGreaterThan(leftColumnEnd);
    // hyphenation at line ends is mended
    expect(text).toContain("more difficult to compile than statically typed ones");
    // footnote-size text beside body lines stays in its own lines (no words glued together);
    // the ACM permission box is the page's furniture, there on request
    expect(text).not.toContain("for personal or classroom use");
    const kept = await markdownOf("born-digital/pdfjs/tracemonkey.pdf", { keep_header_footer: true });
    expect(kept.md.outputs.markdown).toContain("for personal or classroom use");
    // footnote marks stay with their names
    expect(text).toContain("Andreas Gal∗+, Brendan Eich∗");
  });

  it("keeps a line whole beside other columns: a smaller label, a bullet under a masthead", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const texts = doc.pages[0].blocks.map((b) => b.text);
    // "ACTION:" is set smaller than its line; the next column's line sits 2 pt higher
    expect(texts.some((t) => t.includes("ACTION: Notice of proposed rulemaking (NPRM)."))).toBe(true);
    // Nothing under the page's title and masthead makes the gap after a bullet a column gutter
    expect(texts.some((t) => t.startsWith("Federal eRulemaking Portal: Go to https://www.regulations.gov."))).toBe(true);
  });

  it("reads a masthead in the top corner before the columns, not as the start of the last one", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const texts = doc.pages[0].blocks.filter((b) => !b.hidden).map((b) => b.text);
    const body = texts.findIndex((t) => t.startsWith("This section of the FEDERAL REGISTER"));
    for (const masthead of ["Federal Register", "Vol. 85, No. 152", "Thursday, August 6, 2020"]) expect(texts.indexOf(masthead)).toBeLessThan(body);
  });

  it("reads a three-column page column by column", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const first = renderParseResult({ ...doc, pages: [doc.pages[0]] }, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: features() }).outputs.markdown!;
    const marks = ["AGENCY: Federal Aviation Administration", "Federal eRulemaking Portal", "FOR FURTHER INFORMATION CONTACT"].map((m) => first.indexOf(m));
    expect(marks.every((i) => i >= 0)).toBe(true);
    expect([...marks].sort((a, b) => a - b)).toEqual(marks);
  });

  it("opens a new paragraph at a first-line indent", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const items = doc.pages[0].blocks.filter((b) => b.type === "list");
    const last = items[items.length - 1];
    expect(last.text).toMatch(/^Hand Delivery: .*Federal holidays\.$/);
  });

  it("finds bullet items and measures their level from the marker, not a hanging indent", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const items = doc.pages[0].blocks.filter((b) => b.type === "list");
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.map((b) => b.list!.level)).toEqual(items.map(() => 0));
    expect(items.map((b) => b.text.slice(0, 4))).toContain("Fax:");
  });

  it("reads vertical writing column by column, right to left, without spaces", async () => {
    // The font has no ToUnicode map: its text comes only through pdf.js's Adobe-Japan1 CMap.
    const { doc, md } = await markdownOf("born-digital/pdfjs/vertical.pdf");
    expect(md.outputs.markdown!.trim()).toBe("あいうえお日本語");
    const [block] = doc.pages[0].blocks;
    // Two columns, each taller than wide
    expect(block.lines!.map((l) => l.bbox[3] - l.bbox[1] > l.bbox[2] - l.bbox[0])).toEqual([true, true]);
  });

  it("reads a right-to-left line from its right end, with letters instead of presentation forms", async () => {
    const { md } = await markdownOf("born-digital/pdfjs/ArabicCIDTrueType.pdf");
    const first = md.outputs.markdown!.split("\n")[0];
    expect(first.startsWith("انواع ")).toBe(true);
    expect(first.endsWith(" العربية")).toBe(true);
    expect(md.outputs.markdown).not.toMatch(/[\uFE70-\uFEFC]/);
  });

  it("reads a page whose /Rotate turns its text sideways as the upright page it shows, table and all", async () => {
    const { doc, md } = await markdownOf("born-digital/pdfplumber/nics-background-checks-2015-11-rotated.pdf");
    const upright = await markdownOf("born-digital/pdfplumber/nics-background-checks-2015-11.pdf");
    const page = doc.pages[0];
    // Displayed, /Rotate 90 runs the text downwards; turned back a quarter, the page is the upright one.
    expect(page.turned).toBe(270);
    expect([page.width, page.height]).toEqual([upright.doc.pages[0].width, upright.doc.pages[0].height]);
    for (const b of page.blocks) {
      expect(b.bbox[2]).toBeLessThanOrEqual(page.width + 0.01);
      expect(b.bbox[3]).toBeLessThanOrEqual(page.height + 0.01);
    }
    const rows = (d: typeof doc) => d.pages[0].blocks.find((b) => b.type === "table")!.table!.rows.map((r) => r.map((c) => c.text));
    expect(rows(doc)).toEqual(rows(upright.doc));
    expect(rows(doc).find((r) => r[0] === "Alabama")?.at(-1)).toBe("71,137");
    expect(md.outputs.markdown).toContain("NICS Firearm Background Checks");
    expect(md.outputs.json?.pages[0].turned).toBe(270);
    expect(upright.doc.pages[0].turned).toBeUndefined();
  });

  it("ranks headings into levels by size and nests the catalog", async () => {
    // No outline here: the levels come from the type sizes alone.
    const { md } = await markdownOf("born-digital/pdfjs/structure_simple.pdf", { enable_title_level_recognition: true });
    expect(md.catalog.map((e) => [e.content, e.title_level])).toEqual([["Heading 1", 1]]);
    expect(md.catalog[0].children.map((e) => [e.content, e.title_level])).toEqual([["Heading 2", 2]]);
    const flat = await markdownOf("born-digital/pdfjs/structure_simple.pdf");
    expect(flat.md.catalog.every((e) => e.title_level === 1 && e.children.length === 0)).toBe(true);
  });

  it("takes heading levels, and headings the type does not reveal, from the PDF outline", async () => {
    const { doc } = await markdownOf("convert-samples/pl-pdf_structure.pdf", { enable_title_level_recognition: true });
    const titles = doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => [b.text, b.titleLevel]);
    // Bookmarks: Titre 1 > Titre 2 > Tableau (type sizes alone would rank them 2, 3, 4 under the document title)
    expect(titles).toEqual([["Titre du document", 1], ["Titre 1", 1], ["Titre 2", 2], ["Tableau", 3]]);
    // Bookmarked headings set in body-like type are titles all the same
    const demo = await markdownOf("born-digital/pdfplumber/pdffill-demo.pdf");
    const found = demo.doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "title").map((b) => b.text));
    expect(found).toEqual(expect.arrayContaining(["Line Width and Color", "Arrow Style and Size", "Create Basic Shapes"]));
  });

  it("finds a bold heading at body size on its own line above its paragraph, and a title beside a small label", async () => {
    const paper = await markdownOf("docling-testdata/pdf/2305.03393v1-pg9.pdf");
    const titles = paper.doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text);
    // cm-super's bold font (SFBX) is bold; the heading line no longer runs into its paragraph
    expect(titles).toEqual(expect.arrayContaining(["5.1 Hyper Parameter Optimization", "5.2 Quantitative Results"]));
    const report = await markdownOf("docling-testdata/pdf/redp5110_sampled.pdf");
    const all = report.doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "title").map((b) => b.text));
    // The small "Chapter 1." hung left of the title does not cut the title's second line off
    expect(all).toContain("Chapter 1. Securing and protecting IBM DB2 data");
  });

  it("does not take the date under a paper's title for a heading", async () => {
    const { doc } = await markdownOf("born-digital/py-pdf-sample-files/026-latex-multicolumn/multicolumn.pdf", { enable_title_level_recognition: true });
    const blocks = doc.pages[0].blocks;
    expect(blocks.find((b) => b.text === "January 3, 2024")?.type).toBe("text");
    expect(blocks.find((b) => b.text === "Two-Column Document with Lorem Ipsum")?.type).toBe("title");
  });

  it("keeps URI links as Markdown links, also across a line break", async () => {
    const { md } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const text = md.outputs.markdown!;
    expect(text).toContain("[https://www.regulations.gov](https://www.regulations.gov/)");
    expect(text).toMatch(/\[https:\/\/ ?www\.myboeingfleet\.com\]\(https:\/\/www\.myboeingfleet\.com\/\)/);
    expect(text).toContain("(mailto:9-FAA-SACO-AD-Inquiry@faa.gov)");
  });

  it("knows bold type from the real font names", async () => {
    const { doc } = await markdownOf("born-digital/pdfjs/tracemonkey.pdf");
    const abstract = doc.pages[0].blocks.find((b) => b.text === "Abstract")!;
    expect(abstract.type).toBe("title");
    expect(abstract.lines![0].spans.every((s) => s.bold)).toBe(true);
    expect(abstract.lines![0].spans[0].fontFamily).not.toMatch(/^[A-Z]{6}\+/); // subset prefix removed
    const body = doc.pages[0].blocks.find((b) => b.text.startsWith("Dynamic languages such as JavaScript are"))!;
    expect(body.lines!.some((l) => l.spans.some((s) => s.bold))).toBe(false);
  });

  it("knows italic and bold from URW's font names (NimbusRomNo9L-ReguItal, -Medi)", async () => {
    const { fontInfoFromName } = await import("../../src/core/backends/pdf/fonts");
    expect(fontInfoFromName("MJRNNT+NimbusRomNo9L-ReguItal")).toMatchObject({ bold: false, italic: true });
    expect(fontInfoFromName("NimbusRomNo9L-Medi")).toMatchObject({ bold: true, italic: false });
    expect(fontInfoFromName("NimbusRomNo9L-MediItal")).toMatchObject({ bold: true, italic: true });
    expect(fontInfoFromName("NimbusRomNo9L-Regu")).toMatchObject({ bold: false, italic: false });
    // In a paper set in them, the reference's venue is italic.
    const { doc } = await markdownOf("convert-samples/p2d-demo.pdf");
    const spans = doc.pages[5].blocks.flatMap((b) => b.lines ?? []).flatMap((l) => l.spans);
    expect(spans.some((s) => s.italic && s.text.includes("Document Analysis and Recognition"))).toBe(true);
    // Its headings in small capitals stand apart from the text under them, though their
    // estimated widths put them off the column's middle.
    const texts = doc.pages[5].blocks.map((b) => b.text);
    expect(texts).toContain("VIII. ACKNOWLEDGMENTS");
    // "REFERENCES" in true small capitals is a heading though unnumbered.
    expect(doc.pages[5].blocks.find((b) => b.text === "REFERENCES")?.type).toBe("title");
    // Each reference one paragraph with its number hung in the margin, initials kept.
    expect(texts.some((t) => t.startsWith("[2] S. Carberry, S. Elzer, and S. Demir"))).toBe(true);
    expect(texts.find((t) => t.startsWith("[8] D. Karatzas"))).toMatch(/S\. Robles Mestre/);
  });

  it("does not take bold table-of-contents entries for headings", async () => {
    const { doc } = await markdownOf("born-digital/py-pdf-sample-files/006-pdflatex-outline/pdflatex-outline.pdf");
    expect(doc.pages[0].blocks.filter((b) => b.type === "title").map((b) => b.text)).toEqual(["Contents"]);
  });

  it("hides page numbers and running heads unless asked to keep them", async () => {
    const hidden = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const kept = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf", { keep_header_footer: true });
    const types = (r: typeof hidden) => r.md.outputs.json!.pages.flatMap((p) => p.blocks.map((b) => b.type));
    expect(types(hidden)).not.toContain("header");
    expect(types(kept).filter((t) => t === "header" || t === "footer").length).toBeGreaterThan(5);
  });

  it("hides a stamp set sideways in the side margin of every page, keeps it as furniture on request", async () => {
    const stamp = "jbell on DSKJLSW7X2PROD with PROPOSALS";
    const hidden = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    expect(hidden.md.outputs.markdown).not.toContain(stamp);
    const kept = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf", { keep_header_footer: true });
    const stamps = kept.md.outputs.json!.pages.flatMap((p) => p.blocks.filter((b) => b.content === stamp));
    expect(stamps).toHaveLength(15);
    expect(stamps.every((b) => b.type === "footer")).toBe(true);
  });

  it("hides running feet that change with the chapter and alternate between odd and even pages", async () => {
    // IBM Redpaper sample: 18 pages, a cover and a back cover; even pages read "N <book title>",
    // odd ones "Chapter 3. <chapter title> N", some pages "© Copyright IBM Corp. 2014 ...".
    const { doc, md } = await markdownOf("docling-testdata/pdf/redp5110_sampled.pdf");
    const text = md.outputs.markdown!;
    expect(text).not.toMatch(/^\d+ Row and Column Access Control Support in IBM DB2 for i$/m);
    expect(text).not.toContain("Chapter 3. Row and Column Access Control 15");
    expect(text).not.toContain("© Copyright IBM Corp. 2014. All rights reserved.");
    const feet = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "footer").map((b) => b.text));
    expect(feet).toContain("28 Row and Column Access Control Support in IBM DB2 for i");
    // Not a footnote because it opens with a number.
    expect(doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "footnote" && /Support in IBM DB2/.test(b.text)))).toEqual([]);
  });

  it("keeps a bullet set in a smaller symbol face on its item's line", async () => {
    // Docling's multi_page.pdf: 10 pt SymbolMT bullets beside 12 pt Times items.
    const { doc } = await markdownOf("docling-testdata/pdf/multi_page.pdf");
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.filter((b) => b.text.trim() === "•")).toEqual([]);
    expect(blocks.find((b) => b.text.startsWith("IBM MT/ST (Magnetic Tape/Selectric Typewriter)"))?.type).toBe("list");
  });

  it("keeps a listing in a monospaced face as code: every line, indented as printed, fenced in Markdown", async () => {
    // Docling's code_and_formula.pdf: a four-line JavaScript listing in TeX's typewriter face,
    // which the paragraph step cut in two at its closing brace.
    const { doc, md } = await markdownOf("docling-testdata/pdf/code_and_formula.pdf");
    const code = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "code"));
    expect(code).toHaveLength(1);
    expect(code[0].text.split("\n").map((l) => l.replace(/\s+/g, " ").replace(/^ /, "·"))).toEqual(["function add (a , b ) {", "·return a + b ;", "}", "console . log ( add (3 , 5) ) ;"]);
    expect(code[0].text.split("\n")[1]).toMatch(/^ {4}return/);
    expect(md.outputs.markdown).toContain("```\nfunction add");
    expect(md.outputs.markdown).toContain("5) ) ;\n```");
    // A listing cut into side-by-side blocks (line numbers, the code beside them; code, then its
    // comments in a column of their own) is read row by row again (tracemonkey.pdf).
    const paper = (await markdownOf("born-digital/pdfjs/tracemonkey.pdf")).md.outputs.markdown!;
    expect(paper).toContain("1 for (var i = 2; i < 100; ++i) {\n2   if (!primes[i])\n3     continue;\n4   for (var k = i + i; i < 100; k += i)\n5     primes[k] = false;\n6 }");
    expect(paper).toMatch(/```\nv0 := ld state\[748\] +\/\/ load primes from the trace activation record\n +st sp\[0\], v0 +\/\/ store primes to interpreter stack\n/);
    // Prose in a proportional face is no code, nor one line of a monospaced face (the transcript's caption).
    const { doc: transcript } = await markdownOf("convert-samples/pl-scotus-transcript-p1.pdf");
    expect(transcript.pages[0].blocks.filter((b) => b.type === "code").map((b) => b.text.slice(0, 30))).toEqual([]);
  });

  it("reads no control characters: glyphs without a Unicode map are no text", async () => {
    // Wingdings symbols that map to U+0084, subset glyphs to U+0002/U+0003.
    for (const path of ["docling-testdata/pdf/table_mislabeled_as_picture.pdf", "docling-testdata/pdf/redp5110_sampled.pdf"]) {
      const { doc } = await markdownOf(path);
      for (const page of doc.pages) for (const b of page.blocks) expect(b.text).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/);
    }
  });

  it("hides a bare page number at the foot of a page, however far up the margin it sits", async () => {
    const { md } = await markdownOf("born-digital/py-pdf-sample-files/006-pdflatex-outline/pdflatex-outline.pdf");
    for (const page of md.outputs.json!.pages) {
      const last = page.blocks[page.blocks.length - 1];
      expect(last.content).not.toBe(String(page.page_num + 1));
    }
    const kept = await markdownOf("born-digital/py-pdf-sample-files/006-pdflatex-outline/pdflatex-outline.pdf", { keep_header_footer: true });
    const footers = kept.md.outputs.json!.pages.map((p) => p.blocks.find((b) => b.type === "footer")?.content);
    expect(footers).toEqual(kept.md.outputs.json!.pages.map((p) => String(p.page_num + 1)));
  });

  it("merges a paragraph cut by a page break only when asked to", async () => {
    const merged = await markdownOf("born-digital/pdfjs/tracemonkey.pdf", { enable_text_cross_page: true });
    const pages = merged.md.outputs.json!.pages;
    const continuing = pages.filter((p) => p.merge_content_from_pre_page);
    expect(continuing.length).toBeGreaterThan(0);
    for (const page of continuing) {
      const cont = merged.doc.pages[page.page_num].blocks.find((b) => b.continuesFromPreviousPage)!;
      const before = pages[page.page_num - 1].blocks.filter((b) => b.type === "text").at(-1)!;
      // Its text moved to the previous page's paragraph (as rendered: inline formulas written as $latex$).
      const shown = withPrintedMath(cont).text;
      expect(before.content.endsWith(shown)).toBe(true);
      expect(page.blocks.some((b) => b.content === shown)).toBe(false);
    }
    const separate = await markdownOf("born-digital/pdfjs/tracemonkey.pdf");
    expect(separate.md.outputs.json!.pages.some((p) => p.merge_content_from_pre_page)).toBe(false);
  });

  it("merges a paragraph cut by a column break, and only prose", async () => {
    const path = "born-digital/pdfplumber/federal-register-2020-17221.pdf";
    const merged = await markdownOf(path, { enable_text_cross_page: true });
    const page = merged.doc.pages[1];
    const continued = page.blocks.filter((b) => b.hidden && b.layer === "body" && !b.continuesFromPreviousPage);
    // Both column breaks of page 2 cut a sentence: the first column's last paragraph runs on
    // past the notes under it ("...airspeed disagree alert, and" / "altitude disagree alert,").
    expect(continued.map((b) => b.text.slice(0, 24))).toEqual(["altitude disagree alert,", "and the Ethiopian Civil "]);
    const cont = continued[1];
    expect(cont.text).toBe("and the Ethiopian Civil Aviation Authority (ECAA).");
    const host = page.blocks.find((b) => !b.hidden && b.text.endsWith(` ${cont.text}`))!;
    expect(host.bbox[2]).toBeLessThanOrEqual(cont.bbox[0] + 1); // it ends in the column to the left
    // The figure labels "t1", "t2" of tracemonkey start in lower case but are no continuation
    const labels = await markdownOf("born-digital/pdfjs/tracemonkey.pdf", { enable_text_cross_page: true });
    expect(labels.doc.pages[6].blocks.filter((b) => b.hidden && b.layer === "body")).toEqual([]);
  });

  it("opens a paragraph at a bold label or heading after a finished sentence, not at small bold capitals inside a sentence", async () => {
    const { doc } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf", { enable_text_cross_page: true });
    const texts = doc.pages[0].blocks.filter((b) => !b.hidden).map((b) => b.text);
    expect(texts).toContain("AGENCY: Federal Aviation Administration (FAA), DOT.");
    expect(texts).toContain("ACTION: Notice of proposed rulemaking (NPRM).");
    expect(texts).toContain("Background");
    // "...identified in the FOR FURTHER INFORMATION / CONTACT section." is one sentence in one paragraph.
    expect(texts.some((t) => t.includes("in the FOR FURTHER INFORMATION CONTACT section. Any commentary") && t.endsWith("public docket for this rulemaking."))).toBe(true);
    // A word broken at its own hyphen over the page break runs on, hyphen kept.
    expect(texts.some((t) => t.includes("takeoff from Soekarno-Hatta International Airport"))).toBe(true);
  });

  it("ends a short centred heading before the wide line under it", async () => {
    // p2d-demo page 2: "IV. DATASET" (small capitals, centred) over its section's first paragraph.
    const { doc } = await markdownOf("convert-samples/p2d-demo.pdf");
    const blocks = doc.pages[1].blocks.filter((b) => !b.hidden);
    const heading = blocks.find((b) => b.text === "IV. DATASET");
    expect(heading?.type).toBe("title");
    expect(blocks.some((b) => b.type === "text" && b.text.startsWith("Our entire dataset consists"))).toBe(true);
  });

  it("recognises footnotes, keeps their marks and puts them after the page's text", async () => {
    const { doc, md } = await markdownOf("born-digital/pdfplumber/federal-register-2020-17221.pdf");
    const blocks = doc.pages[1].blocks.filter((b) => !b.hidden);
    const notes = blocks.filter((b) => b.type === "footnote");
    // Note 1 opens above the page's middle: its mark and the notes under it make it one.
    expect(notes.map((b) => b.text.split(" ")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(notes.every((b) => b.layer === "footnote")).toBe(true);
    expect(blocks.slice(-notes.length)).toEqual(notes); // after the body text of all three columns
    expect(md.outputs.json!.pages[1].blocks.filter((b) => b.type === "footnote").length).toBe(9);
    // A superscript mark next to another column's line stays with its own note
    expect(notes[5].text.startsWith("6 Flight data recorder")).toBe(true);
    // The marks in the text are superscripts.
    const marks = doc.pages[1].blocks.flatMap((b) => b.lines ?? []).flatMap((l) => l.spans).filter((s) => s.script === "super");
    expect(marks.map((s) => s.text.trim())).toContain("5");
  });

  it("takes a publisher's permission box at the foot of a column out of the text, so the paragraph it interrupts reads on", async () => {
    // Tracemonkey's ACM permission box sits under the first column's text, mid-sentence.
    const { doc, md } = await markdownOf("born-digital/pdfjs/tracemonkey.pdf", { enable_text_cross_page: true });
    const box = doc.pages[0].blocks.find((b) => b.text.startsWith("Permission to make digital"))!;
    // Worded as furniture twice over (permission, copyright): the page's furniture (page-furniture.ts), not a note.
    expect(box).toMatchObject({ hidden: true, layer: "footer" });
    expect(md.outputs.markdown).toContain("client-side web programming and is used for the application logic");
    // Body-size text at the foot of a column stays body text.
    expect(doc.pages[0].blocks.filter((b) => !b.hidden && b.type === "footnote")).toEqual([]);
  });

  it("reads text painted twice over itself (fake bold, a partial second copy) once", async () => {
    // IBM Redpaper figure: the keywords are drawn twice, a callout once whole and once in pieces.
    const pdf = await openPdf(await corpusFile("docling-testdata/pdf/redp5110_sampled.pdf"));
    try {
      const texts = (await pageRuns(await pdf.getPage(10))).runs.map((r) => r.text);
      expect(texts.filter((t) => t === "ENABLE")).toHaveLength(1);
      expect(texts.filter((t) => t === "ENFORCED FOR ALL ACCESS")).toHaveLength(1);
      expect(texts).toContain("Specifies that the row permission is to be initially disabled");
      expect(texts).not.toContain("th t th");
      expect(texts).toContain("DISABLE");
    } finally {
      await pdf.loadingTask.destroy();
    }
  });

  it("reads the headings a tagged PDF's structure tree names", async () => {
    const headingsOf = async (path: string) => {
      const pdf = await openPdf(await corpusFile(path));
      try {
        return (await pageRuns(await pdf.getPage(1))).headings?.map((h) => [h.title, h.level]);
      } finally {
        await pdf.loadingTask.destroy();
      }
    };
    expect(await headingsOf("born-digital/pdfjs/structure_simple.pdf")).toEqual([["Heading 1", 1], ["Heading 2", 2]]);
    expect(await headingsOf("convert-samples/pl-pdf_structure.pdf")).toEqual([["Titre 1", 1], ["Titre 2", 2], ["Tableau", 3]]);
    expect(await headingsOf("born-digital/pdfjs/tracemonkey.pdf")).toBeUndefined(); // not tagged
  });

  it("keeps a tagged PDF's artifacts (running head, margin line numbers) out of the content", async () => {
    const path = "born-digital/pdfplumber/scotus-transcript-p1.pdf";
    const { doc, md } = await markdownOf(path);
    expect(md.outputs.markdown).not.toContain("Official - Subject to Final Review");
    // The margin's line numbers 1..25 no longer pose as the first column of a table
    // and the page number is the page's foot, with the reporter's name under it.
    expect(doc.pages[0].blocks.filter((b) => !b.hidden && /^\d+$/.test(b.text)).map((b) => b.text)).toEqual([]);
    expect(md.outputs.markdown).not.toContain("Alderson Reporting Company");
    expect(md.outputs.markdown).toContain("The above-entitled matter came on for oral");
    // Typed in Courier, the caption's gaps keep as many spaces as they are glyphs wide.
    expect(md.outputs.markdown).toContain(":  No. 07-1315");
    const kept = await markdownOf(path, { keep_header_footer: true });
    expect(kept.md.outputs.markdown).toContain("Official - Subject to Final Review");
  });

  it("parses only the asked page range and reports progress", async () => {
    const seen: number[] = [];
    const doc = await parseDocument(await corpusFile("born-digital/pdfjs/tracemonkey.pdf"), "t.pdf", { features: features(), pageRange: [2, 5], onProgress: (done) => seen.push(done) });
    expect(doc.pages.map((p) => p.index)).toEqual([2, 3, 4]);
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe("memory", () => {
  it("leaves the caller's bytes intact (they are stored after inspection)", async () => {
    const bytes = await corpusFile("convert-samples/p2d-demo-text.pdf");
    const copy = bytes.slice();
    await inspectDocument(bytes, "x.pdf");
    await parseDocument(bytes, "x.pdf", { features: features() });
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(bytes).toEqual(copy);
  });
});
