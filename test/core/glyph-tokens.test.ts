import { describe, expect, it } from "vitest";
import { spanTokens } from "../../src/core/latex/glyph-tokens";
import { withMergedScripts } from "../../src/core/latex/merged-scripts";
import type { Span } from "../../src/core/model";

const span = (text: string, fontFamily: string, style: { bold?: boolean; italic?: boolean } = {}): Span => ({ text, fontFamily, fontSize: 10, bbox: [0, 0, 10, 10], bold: !!style.bold, italic: !!style.italic });

describe("a formula's letters in the style their font sets them", () => {
  it("reads italic letters as variables, whatever the font (newtx takes them from the text italic)", () => {
    expect(spanTokens(span("dA", "NimbusRomNo9L-ReguItal", { italic: true }))).toEqual(["d", "A"]);
    expect(spanTokens(span("ab", "CMMI10", { italic: true }))).toEqual(["a", "b"]);
    expect(spanTokens(span("xy", "rtxmi"))).toEqual(["x", "y"]);
  });

  it("reads upright letters as a function's name, a word or an upright symbol", () => {
    expect(spanTokens(span("sin", "CMR10"))).toEqual(["\\sin"]);
    expect(spanTokens(span("Tr", "CMR10"))).toEqual(["\\text{Tr}"]);
    expect(spanTokens(span("d", "CMR10"))).toEqual(["\\mathrm{d}"]);
  });

  it("keeps bold, sans, calligraphic, blackboard and fraktur letters in their alphabets", () => {
    expect(spanTokens(span("v", "CMBX10", { bold: true }))).toEqual(["\\mathbf{v}"]);
    expect(spanTokens(span("β", "CMMIB10", { bold: true, italic: true }))).toEqual(["\\boldsymbol{\\beta}"]);
    expect(spanTokens(span("F", "CMSY10"))).toEqual(["\\mathcal{F}"]);
    expect(spanTokens(span("R", "MSBM10"))).toEqual(["\\mathbb{R}"]);
    expect(spanTokens(span("g", "EUFM10"))).toEqual(["\\mathfrak{g}"]);
    expect(spanTokens(span("x", "LMSans10-Regular"))).toEqual(["\\mathsf{x}"]);
  });

  it("reads the style of Unicode's mathematical alphanumerics from the character", () => {
    // Italic 𝑥𝑦 are two variables; the upright ASCII letters of a Unicode math font a name.
    expect(spanTokens(span("𝑥𝑦 SU", "LibertinusT1Math"))).toEqual(["x", "y", "\\text{SU}"]);
    expect(spanTokens(span("𝐀𝜷ℝ𝔤𝒜𝟎", "STIXTwoMath"))).toEqual(["\\mathbf{A}", "\\boldsymbol{\\beta}", "\\mathbb{R}", "\\mathfrak{g}", "\\mathcal{A}", "\\mathbf{0}"]);
  });

  it("names symbols, and MathDesign's TeX-named Greek by their pictures", () => {
    expect(spanTokens(span("†∶◦", "CMSY10"))).toEqual(["\\dagger", ":", "\\circ"]);
    expect(spanTokens(span("φ", "MathDesign-CH-Regular-Italic-MathItalic-10"))).toEqual(["\\phi"]);
    expect(spanTokens(span("φ", "LMMathItalic10-Regular"))).toEqual(["\\varphi"]);
  });
});

describe("scripts read piece by piece", () => {
  it("are one script, never two of a kind in a row (LaTeX's double subscript)", () => {
    expect(withMergedScripts("p_{j_{n}_{-}_{1}j_{n}}")).toBe("p_{j_{n-1}j_{n}}");
    expect(withMergedScripts("g^{p^{e}^{-}^{1}}")).toBe("g^{p^{e-1}}");
    expect(withMergedScripts("\\sum_{k}_{=1}^{n}")).toBe("\\sum_{k=1}^{n}");
    // Escaped braces and escaped underscores are no scripts.
    expect(withMergedScripts("\\{x\\}_{a}")).toBe("\\{x\\}_{a}");
    expect(withMergedScripts("a\\_{b}_{c}")).toBe("a\\_{b}_{c}");
  });
});

describe("dots", () => {
  it("set tight are the dots typed; spaced by the text layer, an ellipsis", () => {
    expect(spanTokens(span(", ...,", "CharterBT-Roman"))).toEqual([",", "...", ","]);
    expect(spanTokens(span(", . . . ,", "CMMI10", { italic: true }))).toEqual([",", ".", ".", ".", ","]);
  });
});
