// A formula in the notation `element_formats.formula` asks for. Formulas are kept as LaTeX
// in the model; MathML (mathml.ts) and AsciiMath (asciimath.ts) are rendered from it.
import type { ElementFormats } from "../options";
import { latexToAsciiMath } from "./asciimath";
import { latexToMathMl } from "./mathml";

export type FormulaFormat = ElementFormats["formula"];

export function formatFormula(latex: string, format: FormulaFormat, display: boolean): string {
  if (format === "mathml") return latexToMathMl(latex, display);
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
