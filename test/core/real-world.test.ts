// Pages of the kinds parsers get wrong in the wild (test/fixtures/real-world/, each made
// from a source written for it: see that folder's README.md). What each test expects is
// the source's: its furniture lines, its paragraphs, its reading order.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import { renderParseResult } from "../../src/core/render/result";
import { fixtureFile } from "../helpers/corpus";
import { provideTessdataModels } from "../helpers/ocr-models";

async function parsed(path: string, over: Partial<FeatureConfig> = {}, batch = "real-world") {
  const features = { ...DEFAULT_FEATURES, ...over };
  const doc = await parseDocument(await fixtureFile(`${batch}/pdfs/${path}`), path, { features });
  const markdown = renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features }).outputs.markdown!;
  return { doc, markdown, flat: markdown.replace(/\s+/g, " ") };
}

/** Where `text` starts in the Markdown, failing the test when it is not there at all. */
function at(flat: string, text: string): number {
  const i = flat.indexOf(text);
  expect(i, `"${text}" is missing`).toBeGreaterThanOrEqual(0);
  return i;
}

describe("furniture of a single page, with no second page to compare", () => {
  it("hides a journal's running head, page number, licence line and sideways download stamp; keeps the footnote", async () => {
    const { doc, flat } = await parsed("furniture/journal-article.pdf");
    for (const furniture of ["Journal of Coastal Studies", "Harbour et al.", "Creative Commons", "Downloaded from", "213"]) expect(flat).not.toContain(furniture);
    expect(flat).toContain("The drone surveys were processed with ground control points");
    expect(flat).toContain("The median retreat rate across all transects was 1.8 m per year");
    // Kept on request, as the page's header and footer.
    const kept = await parsed("furniture/journal-article.pdf", { keep_header_footer: true });
    expect(kept.flat).toContain("Journal of Coastal Studies 14 (2026) 211–219");
    const layers = doc.pages[0].blocks.filter((b) => /Harbour et al\.|Downloaded from|^213$/.test(b.text)).map((b) => b.layer);
    expect(layers).toEqual(expect.arrayContaining(["header", "footer"]));
    expect(layers).not.toContain("body");
  });

  it("hides a report's head and its foot line of notice, print date and page count", async () => {
    const { flat } = await parsed("furniture/report-page.pdf");
    for (const furniture of ["Northwind Energy Ltd", "Annual Report 2025", "Confidential", "Printed 3 March 2026", "Page 7 of 42"]) expect(flat).not.toContain(furniture);
    expect(flat).toContain("Operational review");
  });

  it("hides a sideways arXiv identifier and a submission line, keeps the corresponding author's note", async () => {
    const { flat } = await parsed("furniture/preprint-page.pdf");
    expect(flat).not.toContain("arXiv:2611.04217v2");
    expect(flat).not.toContain("Preprint submitted to Ocean Modelling");
    expect(flat).toContain("Corresponding author.");
  });

  it("hides a book's running head with its page number at the outer edge", async () => {
    const { flat } = await parsed("furniture/book-page.pdf");
    expect(flat).not.toContain("THE TIDES OF THE NORTH SEA");
    expect(flat).not.toMatch(/(^| )86( |$)/);
    expect(flat).toContain("Haldane’s field books survive in the archive");
  });
});

describe("furniture of a single page, second batch (test/fixtures/real-world-2, made by other hands)", () => {
  const second = (path: string) => parsed(path, {}, "real-world-2");

  it("hides a policy's head of two lines and its foot with a file path under the page count", async () => {
    const { flat } = await second("furniture/hr-policy.pdf");
    for (const furniture of ["Northbrook Regional Water Authority", "HR-POL-014 Rev. 3", "Effective from 1 July 2024", "Uncontrolled when printed", "Owner: Head of People Services"]) expect(flat).not.toContain(furniture);
    expect(flat).toContain("Types of Flexible Working");
  });

  it("hides a paper's permission and copyright box at the foot of its column, keeps the column's text", async () => {
    const { flat } = await second("furniture/conference-copyright.pdf");
    expect(flat).not.toContain("Permission to make digital or hard copies");
    expect(flat).not.toContain("https://doi.org/10.5555/3761902.3761944");
    expect(flat).toContain("The study was approved by the ethics committee of the first");
  });

  it("hides the head of a typed letter's second page (addressee, page, date), keeps its signature", async () => {
    const { flat } = await second("ocr-layer/typed-letter.pdf");
    expect(flat).not.toContain("Mr. Harold J. Pettigrew");
    expect(flat).not.toContain("March 14, 1968");
    expect(flat).toContain("Walter B. Kessling");
  });

  it("reads an old book page's OCR layer as prose, not a table of its word spaces", async () => {
    const { doc, flat } = await second("ocr-layer/bee-book-catchword.pdf");
    expect(doc.pages[0].blocks.filter((b) => b.type === "table")).toEqual([]);
    expect(flat).not.toContain("THE MANAGEMENT OF BEES");
    expect(at(flat, "within a few inches of an abundant store")).toBeLessThan(at(flat, "OF FEEDING IN THE SPRING"));
  });
});

describe("scans under an OCR text layer (ocrmypdf)", () => {
  it("reads a skewed book page as flowing paragraphs, running head and page number gone", async () => {
    const { doc, flat } = await parsed("ocr-layer/scan-book.pdf");
    expect(flat).toContain("The herring fishery was the oldest and by far the largest of the fisheries carried on from the eastern ports.");
    expect(flat).toContain("beginning off the Shetland Islands in early summer");
    expect(at(flat, "A drifter shot its nets at dusk")).toBeLessThan(at(flat, "hanging from a line of cork floats"));
    expect(flat).not.toContain("CHAPTER IV");
    expect(flat).not.toMatch(/(^| )127( |$)/);
    // Whole paragraphs, not a block per fragment of a line.
    expect(doc.pages[0].blocks.filter((b) => !b.hidden).length).toBeLessThanOrEqual(8);
  });

  it("reads a typed memorandum as paragraphs of prose, not code, its fields a line each", async () => {
    const { doc, flat, markdown } = await parsed("ocr-layer/scan-typewritten.pdf");
    expect(doc.pages[0].blocks.filter((b) => b.type === "code")).toEqual([]);
    // The heading's fields: each label with its value tabbed far right of it, on lines of their own, under the title.
    expect(markdown).toMatch(/^MEMORANDUM\n\nTO: Borough Engineer and Surveyor\n\nFROM: Superintendent, Marsh Road Sewage Works\n\nDATE: 14th February 1968\n/);
    expect(flat).toContain("During the high tide on the night of the 9th February the water in the river rose");
    expect(flat).toContain("I recommend that the Committee be asked to approve the purchase of a third pump");
  });

  it("reads the left column of a two-column scan before the right one", async () => {
    const { flat } = await parsed("ocr-layer/scan-two-column.pdf");
    expect(at(flat, "incomplete for the last three hours of the ebb")).toBeLessThan(at(flat, "The strongest currents were found at the downstream station"));
  });
});

describe("paragraphs set in bold or large type", () => {
  const headings = (doc: Awaited<ReturnType<typeof parsed>>["doc"]) => doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "title" && !b.hidden).map((b) => b.text));

  it("keeps a pull quote set large between the paragraphs as prose, its section headings as headings", async () => {
    const { doc, flat } = await parsed("emphasis/large-quote.pdf");
    expect(headings(doc)).toEqual(["2.1 Building the sea wall", "2.2 Testing the design", "2.3 The first winter"]);
    expect(flat).toContain("“We kept finding the work of people who had fought the same sea");
  });

  it("keeps a bold standfirst and a bold note as paragraphs", async () => {
    const { doc } = await parsed("emphasis/bold-lead.pdf");
    const titles = headings(doc);
    expect(titles).toContain("Fences, grass and wind");
    expect(titles.filter((t) => /^(Note:|For decades the town)/.test(t))).toEqual([]);
  });
});

describe("how far each page's reading can be trusted", () => {
  it("says a page came from an OCR layer laid over a scan, and trusts a clean one", async () => {
    const { doc } = await parsed("ocr-layer/scan-book.pdf");
    expect(doc.pages[0].reading).toEqual({ source: "ocr-layer", confidence: expect.any(Number), languages: ["en"], scripts: ["Latn"] });
    expect(doc.pages[0].reading!.confidence).toBeGreaterThan(0.9);
    expect(doc.warnings).toEqual([]);
  });

  it("warns when an OCR layer of good words leaves half its scan's print unread", async () => {
    // test/fixtures/pdf/partial-ocr-layer.sh: a two-column scan under a layer read from the same scan with its right half blanked.
    const doc = await parseDocument(await fixtureFile("pdf/partial-ocr-layer.pdf"), "partial.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].reading!.source).toBe("ocr-layer");
    expect(doc.pages[0].reading!.confidence).toBeLessThan(0.6);
    expect(doc.warnings).toEqual([{ page: 0, code: "low_confidence", message: expect.stringContaining("read from its OCR text layer with low confidence") }]);
    // The same scan under the whole layer is trusted.
    const whole = await parsed("ocr-layer/scan-two-column.pdf");
    expect(whole.doc.pages[0].reading!.confidence).toBeGreaterThan(0.9);
  });

  it("warns, with the figure, when a text layer it cannot replace reads as symbol soup", async () => {
    // test/fixtures/pdf/garbled-text-layer.pdf: glyph codes without letters over a picture of text
    // on a quarter of the page. Without a renderer to draw that page for OCR, the layer stands.
    const doc = await parseDocument(await fixtureFile("pdf/garbled-text-layer.pdf"), "garbled.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].reading!.confidence).toBeLessThan(0.6);
    expect(doc.warnings).toEqual([{ page: 0, code: "low_confidence", message: expect.stringMatching(/^Page 1 was read from its text layer with low confidence \(0\.\d\d\)/) }]);
    const json = renderParseResult(doc, { outputFormats: ["json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.json!;
    expect(json.pages[0]).toMatchObject({ text_source: "text_layer", confidence: doc.pages[0].reading!.confidence });
  });

  it("reads a picture of Chinese lines, judging its words as Chinese is written (no spaces, its own punctuation)", async () => {
    // test/fixtures/images/chinese-lines.png: six lines set in Droid Sans Fallback (see the fixtures' README).
    const doc = await parseDocument(await fixtureFile("images/chinese-lines.png"), "chinese-lines.png", { features: DEFAULT_FEATURES });
    const markdown = renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.markdown!;
    expect(markdown).toContain("工程师在河口设置了三个观测站");
    expect(doc.pages[0].reading!.source).toBe("ocr");
    // Whole sentences of Han between full-width commas and stops are words, not symbol soup.
    expect(doc.pages[0].reading!.confidence).toBeGreaterThan(0.6);
    expect(doc.warnings).toEqual([]);
  });

  it("reads a picture of signs that are no script with a warning, not as a damaged file", async () => {
    // Every script's model tried on it, as the processor has them.
    provideTessdataModels();
    // test/fixtures/images/symbols.png: three rows of dingbats and technical signs. A page read
    // poorly is still a page read: the file is not refused, the warning says how poorly.
    const doc = await parseDocument(await fixtureFile("images/symbols.png"), "symbols.png", { features: DEFAULT_FEATURES });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].reading!.confidence).toBeLessThan(0.6);
    expect(doc.warnings.map((w) => w.code)).toEqual(["low_confidence"]);
  });

  it("gives a born-digital page full trust, and a scanned image the recogniser's confidence", async () => {
    const born = await parseDocument(await fixtureFile("pdf/formulas.pdf"), "formulas.pdf", { features: DEFAULT_FEATURES });
    expect(born.pages[0].reading).toEqual({ source: "text-layer", confidence: expect.any(Number), languages: ["en"], scripts: ["Latn"] });
    expect(born.pages[0].reading!.confidence).toBeGreaterThan(0.9);
    const scan = await parseDocument(await fixtureFile("images/phototest.png"), "phototest.png", { features: DEFAULT_FEATURES });
    expect(scan.pages[0].reading!.source).toBe("ocr");
    expect(scan.pages[0].reading!.confidence).toBeGreaterThan(0.8);
  });
});
