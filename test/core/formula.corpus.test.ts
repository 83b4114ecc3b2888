// The tests of formula.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Display formulas of PDFs rebuilt as LaTeX, and element_formats.formula inside workerd:
// LaTeX kept, MathML from temml, AsciiMath from our converter, for display formulas and
// the inline ones written into paragraphs, on a real Word file with equations.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";
import type { Document } from "../../src/core/model";
/** The document as Markdown with formulas in LaTeX. */
const markdownOf = (doc: Document): string => renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.markdown!;

describe("display formulas in PDFs", () => {
  const parsePdf = async (path: string, file: Uint8Array) => parseDocument(file, path, { features: DEFAULT_FEATURES });

  it("leaves displays stacked over one another (fractions, aligned rows) as mathematics, not a table", async () => {
    // pdf-parse-bench formulas/014 (newtx): three displays whose fractions' rows line up like columns.
    const doc = await parsePdf("014.pdf", await corpusFile("pdf-parse-bench/pdfs/formulas/014.pdf"));
    expect(doc.pages[0].blocks.filter((b) => b.type === "table")).toEqual([]);
    expect(doc.pages[0].blocks.some((b) => b.type === "formula" && b.formula!.latex === "P_{LCU}=P_{0}\\cdot P_{4}\\cdot P_{8}\\cdot P_{12}")).toBe(true);
  });

  it("reads displays in a Unicode math font: integrals with limits that have scripts, tall parentheses, words in scripts", async () => {
    // pdf-parse-bench formulas/011 (Libertinus Math).
    const doc = await parsePdf("011.pdf", await corpusFile("pdf-parse-bench/pdfs/formulas/011.pdf"));
    const displays = doc.pages[0].blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex);
    expect(displays).toContain("U=U_{\\text{micro},\\text{pot}}+U_{\\text{micro},\\text{kin}}");
    // A line that is a formula and nothing else is a display, not a paragraph.
    expect(displays).toContain("A_{\\text{new}}=A,B_{\\text{new}}=B\\oplus C,C_{\\text{new}}=C");
    expect(displays).toContain("\\int_{D}fdx=\\int_{a_{n}}^{b_{n}}\\cdots(\\int_{a_{1}}^{b_{1}}f(x_{1},\\ldots,x_{n})dx_{1})dx_{2}\\cdots dx_{n}");
  });

  it("keeps newtx's upright signs and a bracket opened before the formula inside it", async () => {
    // pdf-parse-bench formulas/018 and 019 (newtx): "= 1" set in rtxr after the formula, "det(" in the text font before it.
    const inline = async (name: string) => (await parsePdf(name, await corpusFile(`pdf-parse-bench/pdfs/formulas/${name}`))).pages[0].blocks.flatMap((b) => b.inlineMath ?? []).map((m) => m.latex);
    expect(await inline("018.pdf")).toContain("P_{x}(\\tau_{x}<\\infty)=1");
    expect(await inline("019.pdf")).toContain("\\det(A-\\lambda I)=0");
  });

  it("finds the displayed formula of a Docling test file and leaves text, tables and charts alone", async () => {
    const doc = await parsePdf("code_and_formula.pdf", await corpusFile("docling-testdata/pdf/code_and_formula.pdf"));
    expect(doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex))).toEqual(["a^{2}+8=12"]);
    // "≥65" under a chart, in a text font, is no formula.
    const chart = await parsePdf("eu-016.pdf", await corpusFile("icdar2013-tables/eu/eu-016.pdf"));
    expect(chart.pages.flatMap((p) => p.blocks.filter((b) => b.type === "formula"))).toEqual([]);
  });
});

describe("exponents with scripts of their own", () => {
  it("keep a line whole: two exponents on one baseline each ride on their own e, the words after them stay on the line", async () => {
    // p2d-demo.pdf page 4: "where P(Ci,Cj) = e^{(C^y_ij - a)/2s^2_1} . e^{(C^x_ij - b)/2s^2_2}. C^y_ij and C^x_ij are ..."
    const doc = await parseDocument(await corpusFile("convert-samples/p2d-demo.pdf"), "p2d-demo.pdf", { features: DEFAULT_FEATURES });
    const md = markdownOf(doc);
    expect(md).toContain("where $P(C_{i},C_{j})=e^{(C_{ij}^{y}-a)/2s^{2}_{1}}.e^{(C_{ij}^{x}-b)/2s^{2}_{2}}$ . $C_{ij}^{y}$ and $C_{ij}^{x}$ are the vertical and horizontal distances between");
  });
});

describe("formula formats", () => {

  const render = async (formula: ElementFormats["formula"]) => {
    const doc = await parseDocument(await corpusFile("docling-testdata/docx/equations.docx"), "equations.docx", { features: DEFAULT_FEATURES });
    return renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, formula }, features: DEFAULT_FEATURES }).outputs;
  };

  it("puts display and inline formulas of a Word file in the asked notation, in Markdown and JSON", async () => {
    const latex = await render("latex");
    expect(latex.markdown).toContain("this is an inline equation: $A=\\pi r^{2}$");
    const ascii = await render("ascii");
    expect(ascii.markdown).toContain("this is an inline equation: `A = pi r^2`");
    expect(ascii.markdown).toContain("`(1 + x)^n = 1 + (n x)/(1 !)");
    const mathml = await render("mathml");
    expect(mathml.markdown).not.toContain("$A=\\pi r^{2}$");
    expect(mathml.markdown).toMatch(/inline equation: <math xmlns="[^"]+"><semantics><mrow><mi>A<\/mi>/);

    const blocks = mathml.json!.pages.flatMap((p) => p.blocks);
    const display = blocks.filter((b) => b.type === "formula");
    expect(display.length).toBeGreaterThan(2);
    expect(display.every((b) => b.format === "mathml" && b.content.startsWith("<math"))).toBe(true);
    const asciiBlocks = ascii.json!.pages.flatMap((p) => p.blocks).filter((b) => b.type === "formula");
    expect(asciiBlocks.every((b) => b.format === "ascii" && !b.content.includes("\\"))).toBe(true);
  });
});

describe("inline formulas in the math fonts of other TeX families", () => {
  const inline = async (path: string) => {
    const doc = await parseDocument(await corpusFile(`pdf-parse-bench/pdfs/${path}`), path, { features: DEFAULT_FEATURES });
    return doc.pages.flatMap((p) => p.blocks.flatMap((b) => (b.inlineMath ?? []).map((m) => m.latex)));
  };

  it("reads kpfonts' math faces (Kp--M-Italic, Kp--M-Sy) as mathematics, punctuation inside the formula kept in it", async () => {
    expect(await inline("formulas/001.pdf")).toContain("g(x;s)=H(f(x;s);s)");
  });

  it("takes lone italic letters of the text font (newtx on Times) as the variables of the formula beside them", async () => {
    const found = await inline("mixed/007.pdf");
    expect(found).toContain("K:V^{+}\\rightarrow V^{-}");
    expect(found).toContain("D[A(t)]=D");
  });

  it("closes a bracket the formula opened with the number and bracket that open the prose after it", async () => {
    expect(await inline("mixed/033.pdf")).toContain("b_{k}\\in[-2,2]");
    expect(await inline("mixed/037.pdf")).toContain("\\Lambda_{i}(t,y)\\in(0,1)");
  });

  it("takes a name written against the formula's opening bracket as its operator", async () => {
    expect(await inline("mixed/032.pdf")).toContain("\\text{Det}(\\rho)=0");
  });
});
