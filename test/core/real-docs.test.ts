// Furniture of single real pages (test/fixtures/real-docs/ and real-docs-2/, cut from PDFs others made): what
// the rules of page-furniture.ts and line-numbers.ts find on a page alone, each kept on
// request with keep_header_footer. The facts are the fixture writers', read off the pages.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import { renderParseResult } from "../../src/core/render/result";
import { fixtureFile } from "../helpers/corpus";

async function flat(path: string, over: Partial<FeatureConfig> = {}) {
  const features = { ...DEFAULT_FEATURES, ...over };
  // A path of the first batch's pages, or one from test/fixtures ("real-docs-2/pdfs/...", "pdf/...").
  const doc = await parseDocument(await fixtureFile(/^(real-docs|pdf\/)/.test(path) ? path : `real-docs/pdfs/${path}`), path, { features });
  return renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features }).outputs.markdown!.replace(/\s+/g, " ");
}

const lone = (n: string) => new RegExp(`(^| )${n}( |$)`);

describe("furniture of real single pages", () => {
  it("hides a manual's running head of its title alone, over a page numbered at its foot", async () => {
    const text = await flat("furniture/bzip2-manual-p7.pdf");
    expect(text).not.toContain("How to use bzip2");
    expect(text).not.toMatch(lone("7"));
    expect(text).toContain("worst-case and average-case compression time");
    expect(await flat("furniture/bzip2-manual-p7.pdf", { keep_header_footer: true })).toContain("How to use bzip2");
  });

  it("finds a book's head under a deep top margin", async () => {
    const text = await flat("furniture/ams-handbook-mono-p12.pdf");
    expect(text).not.toContain("2. USING THE AMS MONOGRAPH CLASSES");
    expect(text).toContain("(Other fonts may be used in the body of the work.)");
  });

  it("hides a foot line of a document's title, its date and its page, and keeps the date from passing for a footnote", async () => {
    const text = await flat("other-origins/padauk-features-p1.pdf");
    for (const foot of ["Font Features for Padauk 5.0", "17 June 2021", "Page 1"]) expect(text).not.toContain(foot);
    expect(text).toContain("(language and cvxx) can be used in CSS markup for browsers.");
  });

  it("hides a slide's bar of section links and its foot bar of author, institute and page", async () => {
    const text = await flat("graphics/thubeamer-table-slide.pdf");
    for (const bar of ["Research Contents", "Future Work", "Jingxuan Yang", "Tsinghua University", "8 / 14"]) expect(text).not.toContain(bar);
    expect(text).toContain("Example of tables, shown in 1.");
  });

  it("hides an edition's line numbers with their letter (1R, 2R ...) beside the verse", async () => {
    const text = await flat("margins-forms/ledpar-ovid-translation.pdf");
    for (const n of ["3R", "9R", "10R"]) expect(text).not.toMatch(lone(n));
    expect(text).toContain("with the subject matter suited to the verse measure");
  });

  it("hides line numbers set small in the gutter against the left column's lines, raised or not", async () => {
    const text = await flat("real-docs-2/pdfs/mixed-a/revtex-aapm-sample-p1.pdf");
    for (const n of ["50", "60", "85"]) expect(text).not.toMatch(lone(n));
    expect(text).toContain("This sample document demonstrates proper use of REVTEX");
    expect(text).toContain("Either format may be used for submis");
  });

  it("hides the pieces of a foot on its page number's line, and keeps a specimen's line in display type beside one", async () => {
    const text = await flat("real-docs-2/pdfs/mixed-b/bg-pst-eucl-guide-p7.pdf");
    for (const piece of ["Автор: Доминик Родригес", "Превод: skarakoleva@uni-ruse.bg"]) expect(text).not.toContain(piece);
    expect(await flat("furniture/gitinfo2-p3.pdf")).not.toContain("Release 2.0.7: 10541bd");
    expect(await flat("graphics/roboto-specimen-weights.pdf")).toContain("Summer heat rising up from the boardwalk");
  });

  it("hides margin line numbers set flush left beside a table of contents, and counts on past one the text took", async () => {
    const text = await flat("papers/aom-sample-p1.pdf");
    for (const n of ["19", "36", "41"]) expect(text).not.toMatch(lone(n));
    expect(text).toContain("The class was commissioned by Annals of Mathematics.");
  });

  it("hides a parallel edition's line numbers beside its two texts", async () => {
    const text = await flat("languages/he-ru-reledpar-parallel-p2.pdf");
    for (const n of ["3R", "4R"]) expect(text).not.toMatch(lone(n));
  });

  it("hides a head set in its three places, left, centre and right", async () => {
    const text = await flat("margins-forms/schule-ab-formulare.pdf");
    expect(text).not.toContain("Arbeitsblatt mit PDF-Formularen");
    expect(text).toContain("Aufgabe 1");
  });

  it("hides a plain running head over a page whose number is a tagged artifact on its lowest line", async () => {
    const text = await flat("graphics/roboto-specimen-weights.pdf");
    expect(text).not.toContain("ROBOTO TYPE SPECIMEN");
    expect(text).toContain("Summer heat rising up from the boardwalk");
  });

  it("hides a journal's title foot on a page numbered in its head", async () => {
    const text = await flat("pdf/tugboat-title-foot.pdf");
    expect(text).not.toContain("The unicodefonttable package");
    expect(text).not.toContain("TUGboat, Volume 0");
    expect(await flat("pdf/tugboat-title-foot.pdf", { keep_header_footer: true })).toContain("The unicodefonttable package");
  });

  it("hides a foot carrying its folio in small bold type (a textbook's 'Chapitre M1. Introduction 5')", async () => {
    const text = await flat("pdf/bold-folio-foot.pdf");
    expect(text).not.toContain("Chapitre M1");
    expect(text).toContain("la bibliothèque d’extensions PSTricks");
    expect(await flat("pdf/bold-folio-foot.pdf", { keep_header_footer: true })).toContain("Chapitre M1");
  });

  it("hides a foot split between the margins under the text of a page numbered in its head", async () => {
    const text = await flat("pdf/split-foot.pdf");
    expect(text).not.toContain("AlterMundus");
    expect(text).toContain("The tkz-base uses xfp.");
    expect(await flat("pdf/split-foot.pdf", { keep_header_footer: true })).toContain("AlterMundus");
  });

  it("hides a print job's slug set between crop marks over the page", async () => {
    const text = await flat("pdf/print-job-slug.pdf");
    expect(text).not.toContain("15:40");
    expect(text).toContain("Faculty of Applied Engineering");
  });

  it("hides a running head over a code listing", async () => {
    const text = await flat("pdf/head-over-listing.pdf");
    // "7 Lists" stays once: the section's own heading further down the page.
    expect(text.match(/7 Lists/g)).toHaveLength(1);
    expect(text).toContain("Heading on Level 3 (subsubsection)");
  });

  it("keeps an exam sheet's fields at the top of the page: labels to fill in are no running head", async () => {
    const text = await flat("margins-forms/esami-testA-p1.pdf");
    for (const field of ["Cognome:", "Nome:", "Matricola:", "Firma leggibile dello studente"]) expect(text).toContain(field);
  });

  it("hides a foot ending in its page in another language (Pag. 1)", async () => {
    expect(await flat("margins-forms/esami-testA-p1.pdf")).not.toContain("Pag. 1");
  });

  it("hides a journal's banner of three lines in small type, citation, DOI and ISSN", async () => {
    const text = await flat("papers/ejpecp-sample-p1.pdf");
    for (const banner of ["article no. 0, 1–5", "https://doi.org/10.1214/YY-TN"]) expect(text).not.toContain(banner);
    expect(text).toContain("Introduction to the ejpecp Class");
  });

  it("hides an author's self-archiving notice at the foot of a paper's first page", async () => {
    const text = await flat("papers/ieeetran-authorarchive-p1.pdf");
    expect(text).not.toContain("This is the author’s version of the work");
    expect(await flat("papers/ieeetran-authorarchive-p1.pdf", { keep_header_footer: true })).toContain("This is the author’s version of the work");
  });
});
