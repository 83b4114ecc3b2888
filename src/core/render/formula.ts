// A formula in the notation `element_formats.formula` asks for. Formulas are kept as LaTeX
// in the model; MathML is made from it by temml (TeX to MathML, no DOM needed), AsciiMath
// by our own small converter (asciimath.ts).
import temml from "temml";
import type { ElementFormats } from "../options";
import { latexToAsciiMath } from "./asciimath";

export type FormulaFormat = ElementFormats["formula"];

export function formatFormula(latex: string, format: FormulaFormat, display: boolean): string {
  if (format === "mathml") return toMathMl(latex, display);
  if (format === "ascii") return latexToAsciiMath(latex);
  return latex;
}

/** Markdown for a formula: LaTeX between dollars, MathML as inline HTML, AsciiMath between backticks (its usual delimiter). */
export function formulaMarkdown(latex: string, format: FormulaFormat, display: boolean): string {
  const body = formatFormula(latex, format, display);
  if (format === "mathml") return body;
  if (format === "ascii") return `\`${body}\``;
  return display ? `$$\n${body}\n$$` : `$${body}$`;
}

function toMathMl(latex: string, display: boolean): string {
  try {
    return temml.renderToString(latex, { displayMode: display, xml: true, throwOnError: true, annotate: true });
  } catch {
    // LaTeX temml cannot read is still MathML (an error element around the source), never
    // an exception in the middle of a document.
    const source = escapeXml(latex);
    return `<math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ""}><semantics><merror><mtext>${source}</mtext></merror><annotation encoding="application/x-tex">${source}</annotation></semantics></math>`;
  }
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Text with its inline formulas (written into it as `$latex$`, the LaTeX listed on the
 * block) in the asked notation. Only the listed formulas are touched: a "$5" stays money.
 */
export function withInlineFormulas(text: string, latexes: string[] | undefined, format: FormulaFormat): string {
  if (!latexes?.length || format === "latex") return text;
  let out = text;
  for (const latex of new Set(latexes)) {
    const rendered = formulaMarkdown(latex, format, false);
    for (const written of new Set([`$${latex}$`, `$${latex.replace(/\s+/g, " ").trim()}$`])) out = out.split(written).join(rendered);
  }
  return out;
}
