// Display formulas of PDFs rebuilt as LaTeX, and element_formats.formula inside workerd:
// LaTeX kept, MathML from temml, AsciiMath from our converter, for display formulas and
// the inline ones written into paragraphs, on a real Word file with equations.
import { describe, expect, it } from "vitest";
import { latexToAsciiMath } from "../../src/core/render/asciimath";
import { formatFormula } from "../../src/core/render/formula";
import { regionLatex } from "../../src/core/processors/formulas";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";
import { convertDocument } from "../../src/core/convert/index";
import { strFromU8, unzipSync } from "fflate";
import type { Document } from "../../src/core/model";

/** A fixture PDF of test/fixtures/pdf/ parsed with the default features. */
const parseFixturePdf = async (name: string) => parseDocument(await fixtureFile(`pdf/${name}`), name, { features: DEFAULT_FEATURES });
/** The LaTeX of a page's display formulas, in reading order. */
const displayLatex = (doc: Document, page = 0) => doc.pages[page].blocks.filter((b) => b.type === "formula" && !b.hidden).map((b) => b.formula!.latex);
/** The document as Markdown with formulas in LaTeX. */
const markdownOf = (doc: Document): string => renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.markdown!;

describe("display formulas in PDFs", () => {
  const parsePdf = async (path: string, file: Uint8Array) => parseDocument(file, path, { features: DEFAULT_FEATURES });

  it("rebuilds pdflatex displays: scripts, Greek, relations, a sum's limits, a fraction, equation numbers", async () => {
    // test/fixtures/pdf/formulas.tex, typeset by pdflatex.
    const doc = await parsePdf("formulas.pdf", await fixtureFile("pdf/formulas.pdf"));
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toEqual([
      "E=mc^{2} \\tag{1}",
      "\\sum_{k=1}^{n}(2k-1)=n^{2} \\tag{2}",
      "A=\\pi r^{2}\\leq\\alpha x_{i}+\\beta^{2}",
      "x=\\frac{a+b}{2}",
    ]);
    // The equation numbers and the sum's limits are inside their formulas, not blocks of their own.
    expect(blocks.some((b) => /^\(\d\)$/.test(b.text) || b.text === "k=1")).toBe(false);
    // The paragraph after a display is its own, not glued to the fraction's rows.
    expect(blocks[blocks.length - 1].text.startsWith("The text goes on after the last formula")).toBe(true);
    const md = renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, formula: "mathml" }, features: DEFAULT_FEATURES }).outputs.markdown!;
    // Four displays and the five inline formulas of the paragraphs (n, r, x, α, β).
    expect(md.match(/<math [^>]*display="block"/g)).toHaveLength(4);
    expect(md.match(/<math /g)).toHaveLength(9);
    expect(md).toContain("<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac>");
  });

  it("reads fractions and radicals from their drawn bars: nested, with an index, with no relation, inline", async () => {
    // test/fixtures/pdf/drawn-bars.tex: the LaTeX below is its source's.
    const doc = await parsePdf("drawn-bars.pdf", await fixtureFile("pdf/drawn-bars.pdf"));
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toEqual([
      "\\varphi=\\frac{1+\\sqrt{5}}{2}",
      "\\gamma=\\frac{1}{\\sqrt{1-\\frac{v^{2}}{c^{2}}}}",
      "r=\\sqrt[3]{\\frac{3V}{4\\pi}}",
      "\\frac{a+b}{2n}",
    ]);
    expect(blocks.flatMap((b) => b.inlineMath ?? []).map((m) => m.latex)).toEqual(["\\frac{x}{y+1}", "\\sqrt{x^{2}+y^{2}}"]);
  });

  it("sets an accent over the glyph under it, wherever the text layer gives it, and its scripts after it", () => {
    // n̂_{iσ} = ĉ^{†}_{iσ}: the hat over c comes inside the span of the "=" before it (LaTeX's Latin Modern, pdf-parse-bench mixed/006).
    const sp = (text: string, fontFamily: string, fontSize: number, bbox: [number, number, number, number]) => ({ text, fontFamily, fontSize, bbox, bold: false, italic: false });
    const spans = [
      sp("n", "LMMathItalic10-Regular", 10.9, [262.5, 611, 269.1, 621.9]),
      sp("ˆ", "LMRoman10-Regular", 10.9, [263.1, 611, 268.5, 621.9]),
      sp("iσ", "LMMathItalic8-Regular", 8, [269.1, 615, 276.8, 623]),
      sp(" = ˆ", "LMRoman10-Regular", 10.9, [280.6, 611, 297.8, 621.9]),
      sp("c", "LMMathItalic10-Regular", 10.9, [292.1, 611, 296.8, 621.9]),
      sp("†", "LMMathSymbols8-Regular", 8, [296.8, 608, 300.6, 616]),
      sp("iσ", "LMMathItalic8-Regular", 8, [296.8, 616.5, 304.6, 624.4]),
    ];
    const line = { bbox: [262.5, 608, 304.6, 624.4] as [number, number, number, number], spans };
    expect(regionLatex([line], line)).toBe("\\hat{n}_{i\\sigma}=\\hat{c}_{i\\sigma}^{\\dagger}");
  });

  it("reads a formula in an OpenType math font whose runs hold a row's glyphs around fractions, radicals and sums", async () => {
    // test/fixtures/pdf/unicode-math.tex (LuaLaTeX, unicode-math, Latin Modern Math): the LaTeX below is its source's.
    const doc = await parsePdf("unicode-math.pdf", await fixtureFile("pdf/unicode-math.pdf"));
    expect(doc.pages[0].blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toEqual([
      "E=\\frac{1}{2}mv^{2}+mgh",
      "\\|\\mathbf{v}\\|=\\sqrt{\\sum_{i=1}^{n}v_{i}^{2}}",
      "\\int_{0}^{\\infty}e^{-x^{2}}dx=\\frac{\\sqrt{\\pi}}{2}",
      "x=\\frac{-b\\pm\\sqrt{b^{2}-4ac}}{2a}",
    ]);
    const inline = doc.pages[0].blocks.flatMap((b) => b.inlineMath ?? []).map((m) => m.latex);
    expect(inline).toContain("\\bigcup_{A\\in\\mathcal{F}}A");
    expect(inline).toContain("P(A\\mid B)=P(A\\cap B)/P(B)");
  });

  it("reads Word equations LibreOffice exported, and never makes a heading of mathematics set large", async () => {
    // test/fixtures/pdf/word-equations.mjs writes the equations; LibreOffice set them in OpenSymbol and DejaVu Serif italic.
    const doc = await parsePdf("word-equations.pdf", await fixtureFile("pdf/word-equations.pdf"));
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.filter((b) => b.type === "title")).toEqual([]);
    expect(blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toContain("E=mc^{2}");
    expect(blocks.flatMap((b) => b.inlineMath ?? []).map((m) => m.latex)).toContain("a^{2}+b^{2}=c^{2}");
  });
});

describe("inline formulas in PDFs", () => {
  const parseFixture = async () => parseDocument(await fixtureFile("pdf/inline-math.pdf"), "inline-math.pdf", { features: DEFAULT_FEATURES });
  const markdown = async (formula: ElementFormats["formula"]) =>
    renderParseResult(await parseFixture(), { outputFormats: ["markdown", "json"], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, formula }, features: DEFAULT_FEATURES }).outputs;

  it("wraps the math-font stretches of paragraphs in $...$, with the signs, numbers and scripts around them", async () => {
    // test/fixtures/pdf/inline-math.tex, typeset by pdflatex.
    const md = (await markdown("latex")).markdown!;
    expect(md).toContain("Let $f(x)=x^{2}+1$ for every real $x$, and let $a_{i}$ be the $i$-th term of a sequence with $a_{1}=2$.");
    expect(md).toContain("When $n\\geq1$ the sum $S_{n}$ grows, and $\\alpha+\\beta=\\gamma$ holds");
    expect(md).toContain("Euler showed that $e^{i\\pi}=-1$, a result quoted in 1748");
    expect(md).toContain("the element $x\\in A$.");
    // Bullets set in a math font, footnote marks, years and counts in prose are no formulas.
    expect(md).toContain("The first point of the list has no mathematics in it at all.");
    expect(md).toContain("3 numbers and no formula (in 2020, 2021 and 2022).");
    expect(md.match(/\$/g)).toHaveLength(2 * 11);
  });

  it("keeps the glyphs as printed in the model, for converters, and renders the asked notation", async () => {
    const doc = await parseFixture();
    const paragraph = doc.pages[0].blocks.find((b) => b.text.startsWith("Let "))!;
    expect(paragraph.text).toContain("Let f(x) = x2 + 1 for every real x");
    expect(paragraph.inlineMath![0]).toMatchObject({ printed: "f(x) = x2 + 1", latex: "f(x)=x^{2}+1" });
    // About where it stands in the text (lines joined by a space; a mended hyphen moves it a character).
    expect(Math.abs(paragraph.inlineMath![0].at! - paragraph.text.indexOf("f(x) = x2 + 1"))).toBeLessThanOrEqual(3);
    const ascii = await markdown("ascii");
    expect(ascii.markdown).toContain("Let `f ( x ) = x^2 + 1` for every real `x`");
    const json = (ascii.json as any).pages[0].blocks.find((b: any) => b.content.startsWith("Let "));
    expect(json.content).toContain("`e^(i pi) = - 1`");
    expect((await markdown("mathml")).markdown).toContain("<msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn>");
  });
});

describe("inline formulas written where they were printed", () => {
  it("puts a variable a in its place, not on the article 'a' before it (nor A and I on the words)", async () => {
    // test/fixtures/pdf/article-and-variable.tex: the article "a", "A" opening a sentence and the pronoun "I" stand before the variables $a$, $A$ and $I$ in the same paragraphs.
    const doc = await parseDocument(await fixtureFile("pdf/article-and-variable.pdf"), "article-and-variable.pdf", { features: DEFAULT_FEATURES });
    const md = markdownOf(doc);
    expect(md).toContain("Consider a function defined on an interval and a scalar $a$ that bounds it from above.");
    expect(md).toContain("A reader may ask whether $A$ must be closed, and whether the bound $a$ is attained.");
    expect(md).toContain("and I write $I$ for the unit interval");
  });
});

describe("mathematics TeX sets off the line", () => {
  it("keeps paragraphs whole around radicals, fractions, sums and integrals, and reads them", async () => {
    // test/fixtures/pdf/math-paragraphs.tex, typeset by pdflatex: the radical and the big
    // operators hang from the line above in the text layer, the fraction's rows straddle it.
    const doc = await parseFixturePdf("math-paragraphs.pdf");
    const md = markdownOf(doc);
    expect(md).toContain("moves as $x(t)=A\\cos(\\omega t+\\varphi)$ with");
    expect(md).toContain("$\\sqrt{k/m}$. Its energy $E=\\frac{1}{2}kA^{2}$ does not change, and the period is $T=2\\pi/\\omega$. For small angles $\\sin\\theta\\approx\\theta$");
    expect(md).toContain("The series $\\sum_{n=1}^{\\infty}1/n^{2}$ converges to $\\pi^{2}/6$, while $\\sum_{n=1}^{\\infty}1/n$ diverges. For $|x|<1$ we have");
    expect(md).toContain("and the integral $\\int_{0}^{1}x^{n}dx=1/(n+1)$ for every $n\\geq0$. If $f'(x)>0$ on an interval");
    expect(doc.pages[0].blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toEqual([
      "m\\ddot{x}+c\\dot{x}+kx=0 \\tag{1}",
      "\\frac{1}{1-x}=\\sum_{n=0}^{\\infty}x^{n}",
      "\\int_{-\\infty}^{\\infty}e^{-x^{2}}dx=\\sqrt{\\pi} \\tag{2}",
    ]);
    // No glyph of them is left behind as a paragraph of its own.
    expect(doc.pages[0].blocks.filter((b) => !b.hidden && b.text.trim().length <= 2)).toEqual([]);
  });
});

describe("accents over letters in a line of text", () => {
  it("keep their paragraph whole and go over their letter, given before or after it", async () => {
    // test/fixtures/pdf/math-accents.tex: \bar{X} (the accent after its letter in the text layer, on a row of its own), \dot{x} (before it).
    const doc = await parseFixturePdf("math-accents.pdf");
    const md = markdownOf(doc);
    expect(doc.pages[0].blocks.filter((b) => !b.hidden)).toHaveLength(1);
    expect(md).toContain("The sample mean $\\bar{X}$ = $\\frac{1}{n}\\sum_{i=1}^{n}X_{i}$ is unbiased, and a velocity $\\dot{x}$ is the derivative");
  });
});

describe("inline formulas whose letters come from the text italic", () => {
  it("read names of several letters, operator names and a text family's signs as mathematics, and leave emphasis prose", async () => {
    // test/fixtures/pdf/text-family-math.tex: mathptmx sets the letters in Times italic, "=" and brackets in Computer Modern;
    // TeX broke the first formula over two lines after its "=".
    const doc = await parseFixturePdf("text-family-math.pdf");
    const md = markdownOf(doc);
    for (const formula of ["$Sq^{3}=\\beta\\circ Sq^{2}\\circ r$", "$\\text{BTop}(\\mathbb{R}^{n})\\rightarrow\\text{BTop}(S^{n})$", "$MDI=MD_{LP}-MD_{RP}$", "$X_{i}\\sim\\text{Exp}(k\\theta)$", "$a^{\\omega}b=ba^{\\omega}$"]) expect(md).toContain(formula);
    expect(md).toContain("An emphasised word with a note1 stays prose, as does this one, and the rule about them.");
  });
});

describe("displays with rows in a two-column page", () => {
  it("are formulas when they fill their column, the next column's text a gutter away, a sum's limit keeps its relation, and a left side in the text font belongs", async () => {
    // test/fixtures/pdf/two-column-math.tex: the LaTeX below is its source's (\, and \dot{R}^{2} as printed).
    const doc = await parseFixturePdf("two-column-math.pdf");
    expect(displayLatex(doc)).toEqual([
      "\\frac{P_{B}(t)-P_{\\infty}(t)}{\\rho_{L}}=R\\ddot{R}+\\frac{3}{2}\\dot{R}^{2}+\\frac{4\\nu_{L}\\dot{R}}{R}+\\frac{2\\sigma}{\\rho_{L}R}",
      "u(0,\\lambda)=\\frac{1}{\\Delta_{n}(\\nu)}\\sum_{\\sigma\\in S_{n}}(-1)^{|\\sigma|}\\delta(\\lambda-\\sigma(\\nu))",
      // "SNR =" in the text font is no piece of mathematics by itself: it is the equation's left side.
      "\\text{SNR}=\\frac{|h^{\\mathrm{H}}s|^{2}}{h^{\\mathrm{H}}R_{v}h}",
      "f=r_{c}\\cdot r+\\cos\\alpha\\cdot(c-r_{c}\\cdot r)+\\sin\\alpha\\cdot r\\times c+d",
    ]);
  });
});

describe("a two-column page of justified lines stretched wide beside displays", () => {
  // test/fixtures/pdf/two-column-displays.tex: forced line breaks spread a few words over the
  // whole measure (gaps of two and three font sizes), next to fractions side by side, a bold
  // vector and a single row nearly as wide as the column.
  const parsed = parseFixturePdf("two-column-displays.pdf");

  it("keeps each stretched line whole in its paragraph, neither split at its wide gaps nor read as a table", async () => {
    const blocks = (await parsed).pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.some((b) => b.type === "table")).toBe(false);
    expect(blocks.filter((b) => b.type === "text").map((b) => b.text)).toEqual([
      "Energy participant begin. Ok official understand bed. And the rest of the paragraph runs on for a while, so that the column has lines above and below.",
      "Minute degree weight. Work hand mother debate firm pass prove. Hit star new follow news with more words to fill the line.",
      "The field of a point charge falls off with the square of the distance:",
      "and a single row as wide as the column, centred in it:",
      "ends the first column.",
      "Trade organization anything material fight. The second column holds prose only, a few lines of it, so that the first column’s displays and stretched lines have a neighbour on the page at their height.",
    ]);
  });

  it("reads every display as its source wrote it: fractions hung on a row of commas, a bold vector, a centred row nearly as wide as the column", async () => {
    const formulas = displayLatex(await parsed);
    expect(formulas).toEqual([
      "\\frac{12+144+20+3\\cdot\\sqrt{4}}{7}+(5\\times11)=9^{2}+0",
      "\\frac{\\partial}{\\partial x_{1}},\\dots,\\frac{\\partial}{\\partial x_{n}}",
      "\\mathbf{F}=\\frac{k}{r^{2}}\\hat{\\mathbf{r}}",
      "(\\omega^{\\alpha_{1}}+\\cdots+\\omega^{\\alpha_{k}})[n]=\\omega^{\\alpha_{1}}+\\omega^{\\alpha_{2}}+\\cdots+(\\omega^{\\alpha_{k}}[n])",
    ]);
  });
});

describe("arrows and bars TeX sets from several glyphs or from its extension font", () => {
  it("reads Euler's arrows from euex on their baseline and \\mapsto from its bar and arrow", async () => {
    // test/fixtures/pdf/euler-arrows.tex (euler): \to and \mapsto come from euex, \mapstochar from cmsy as a "7" of no width.
    const doc = await parseFixturePdf("euler-arrows.pdf");
    const md = markdownOf(doc);
    expect(displayLatex(doc)).toEqual(["h:G\\rightarrow\\text{GL}(V)", "(g,g')\\mapsto(gN,g'N')"]);
    expect(md).toContain("where each coset is written $x\\mapsto xN$ in the text.");
  });

  it("reads a display whose letters come from the text's italic, a denominator of italic letters included", async () => {
    // test/fixtures/pdf/times-fractions.tex (mathptmx): \mapsto's bar and arrow in one run of cmsy; "rd" in Times italic under "2k".
    const doc = await parseFixturePdf("times-fractions.pdf");
    const md = markdownOf(doc);
    expect(displayLatex(doc)).toEqual(["\\frac{1}{2}\\omega^{2}=-\\frac{1}{2}U^{2}\\frac{2k}{rd}\\theta^{2}"]);
    expect(md).toContain("$A\\mapsto F(x,y,A)$");
  });
});

describe("limits under operator names and scripts on tall delimiters", () => {
  it("read \\lim and \\max with their limits under them, the exponent of a bracket around a fraction, \\det before a fraction and long arrows", async () => {
    // test/fixtures/pdf/operator-limits.tex: its source's displays (\dots printed as three dots, \left( \right) as tall brackets).
    const doc = await parseFixturePdf("operator-limits.pdf");
    expect(displayLatex(doc)).toEqual([
      "\\lim_{t\\rightarrow\\infty}t^{r}[f(t)-C]=0",
      "\\max_{j=0,...,n}\\|y_{j}-y(t_{j})\\|\\leq Ch^{p}",
      "F=\\sigma T^{4}(\\frac{R}{D})^{2}",
      // An operator name alone on its line is a piece of the display beside it.
      "\\det\\frac{df_{1}^{-1}(z_{1})}{dz_{1}}",
      // TeX joins a minus to an arrow (and \\mapstochar to that): one long arrow each.
      "x\\longmapsto f(x)\\longrightarrow g(f(x))",
    ]);
  });
});

describe("matrices between tall delimiters", () => {
  it("read as a grid of entries in the environment of their fences, brackets drawn in pieces included", async () => {
    // test/fixtures/pdf/matrices.tex: bmatrix (its brackets from pieces the text layer names by Adobe's private code points), pmatrix, \binom, a column vector.
    const doc = await parseFixturePdf("matrices.pdf");
    expect(displayLatex(doc)).toEqual([
      "A=\\begin{bmatrix}1&3&2\\\\2&7&4\\\\1&5&2\\end{bmatrix}",
      "R_{\\theta}=\\begin{pmatrix}\\cos\\theta&-\\sin\\theta\\\\\\sin\\theta&\\cos\\theta\\end{pmatrix}",
      "\\binom{n}{k}=\\frac{n!}{k!(n-k)!}",
      "\\mathbf{v}=\\begin{bmatrix}x_{1}\\\\x_{2}\\\\x_{3}\\end{bmatrix}",
    ]);
  });
});

describe("displays of several rows", () => {
  it("are one formula: a derivation and a system aligned at their relations, a definition by cases, an expression broken before its relation", async () => {
    // test/fixtures/pdf/multi-row-displays.tex (align*, cases, gather*): its source's LaTeX, written as TeX aligned it.
    const doc = await parseFixturePdf("multi-row-displays.pdf");
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.filter((b) => b.type === "formula").map((b) => b.formula!.latex)).toEqual([
      "\\begin{aligned}(a+b)^{2}&=(a+b)(a+b)\\\\&=a^{2}+ab+ba+b^{2}\\\\&=a^{2}+2ab+b^{2}\\end{aligned}",
      "|x|=\\begin{cases}x&\\text{if}x\\geq0\\\\-x&\\text{if}x<0\\end{cases}",
      "\\begin{aligned}x+y&=3\\\\x-y&=1\\end{aligned}",
      // A row opening with its relation goes on from the row above it, which states none (gather*: centred).
      "\\begin{gathered}x^{4}-8x^{3}+18x^{2}-8x+2\\\\=(x^{2}+1)\\circ(x^{2}-4x+1)\\end{gathered}",
    ]);
    // The prose between them stays whole.
    expect(blocks.filter((b) => b.type !== "formula").map((b) => b.text)).toEqual([
      "The first identity is derived in three steps, each on a row of its own:",
      "and the absolute value is defined by cases:",
      "Two equations side by side in a system:",
      "A long expression broken before its relation:",
      "The text goes on after the last display.",
    ]);
  });
});

describe("accented letters TeX builds from a letter and an accent glyph", () => {
  it("are composed letters in the text, a capital's raised accent included", async () => {
    // test/fixtures/pdf/text-accents.tex: \'a, \v{c}, \c{c}, \v{r}\'{\i}, \"{\i}, \^o, \v{S} (raised), \"u, \AA{}.
    const doc = await parseFixturePdf("text-accents.pdf");
    const blocks = doc.pages[0].blocks.filter((b) => !b.hidden);
    expect(blocks.map((b) => b.text)).toEqual(["Ján Mináč wrote to François and Jiří about a naïve rôle in Škoda’s café, where Müller and Größe met Ångström and Dvořák."]);
  });
});

describe("LaTeX to AsciiMath", () => {
  it.each([
    ["A=\\pi r^{2}", "A = pi r^2"],
    ["\\frac{nx}{1!}", "(n x)/(1 !)"],
    ["\\sum_{n=1}^{\\infty} a_{n}", "sum_(n = 1)^oo a_n"],
    ["\\sqrt{x^{2}+1} \\leq \\sqrt[3]{y}", "sqrt(x^2 + 1) <= root(3)(y)"],
    ["\\left( \\genfrac{}{}{0pt}{}{n}{k} \\right)", "(((n),(k)))"],
    ["a \\cdot b \\neq c \\times 23", "a * b != c xx 23"],
    ["\\text{if } x \\in \\mathbb{R}", "\"if \" x in bbb(R)"],
    ["\\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}", "((1,0),(0,1))"],
  ])("%s", (latex, ascii) => {
    expect(latexToAsciiMath(latex)).toBe(ascii);
  });
});

describe("formulas in Word", () => {
  it("writes a PDF's display formulas as editable Word equations: scripts, a sum with its limits and body, a fraction", async () => {
    const doc = await parseFixturePdf("formulas.pdf");
    const out = await convertDocument(doc, "word", "flow");
    const xml = strFromU8(unzipSync(out.bytes)["word/document.xml"]);
    expect(xml.match(/<m:oMath>/g)).toHaveLength(4);
    expect(xml).toContain('<m:sSup><m:sSupPr/><m:e><m:r><m:t>c</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup>');
    // The sum's body runs to the relation; its limits sit under and over it.
    expect(xml).toMatch(/<m:nary><m:naryPr><m:chr m:val="∑"\/><m:limLoc m:val="undOvr"\/><\/m:naryPr><m:sub>.*<m:t>k<\/m:t>.*<\/m:sub><m:sup><m:r><m:t>n<\/m:t><\/m:r><\/m:sup><m:e>(<m:r><m:t>[^<]+<\/m:t><\/m:r>)+<\/m:e><\/m:nary><m:r><m:t>=<\/m:t>/);
    expect(xml).toMatch(/<m:f>.*<m:num>.*<m:t>a<\/m:t>.*<\/m:num><m:den><m:r><m:t>2<\/m:t><\/m:r><\/m:den><\/m:f>/);
    // The glyphs as printed ("Xn" of the sum sign) are not written next to the equation.
    expect(xml).not.toContain(">Xn<");
  });
});

describe("formula formats", () => {
  it("writes MathML with the LaTeX kept as an annotation, and never throws on LaTeX it cannot read", () => {
    const ml = formatFormula("E=mc^{2}", "mathml", true);
    expect(ml).toMatch(/^<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/);
    expect(ml).toContain("<mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup>");
    expect(ml).toContain('<annotation encoding="application/x-tex">E=mc^{2}</annotation>');
    expect(formatFormula("\\sum_{k=1}^{n} \\frac{\\alpha}{2} \\tag{3}", "mathml", true)).toContain(
      '<mlabeledtr><mtd><mtext>(3)</mtext></mtd><mtd><mrow><munderover><mo largeop="true" movablelimits="true">∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mfrac><mi>α</mi><mn>2</mn></mfrac></mrow></mtd>',
    );
    expect(formatFormula("\\left( \\begin{matrix} a & b \\\\ c & d \\end{matrix} \\right)", "mathml", false)).toContain("<mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable>");
    expect(formatFormula("\\frac{1}{", "mathml", false)).toMatch(/^<math/);
  });
});
