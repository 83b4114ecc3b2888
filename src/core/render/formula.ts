// A formula in the notation `element_formats.formula` asks for. Formulas are kept as LaTeX
// in the model; MathML (mathml.ts) and AsciiMath (asciimath.ts) are rendered from it.
import type { Block } from "../model";
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

/**
 * A PDF paragraph with its inline formulas (`inlineMath`: the glyphs as printed and their
 * LaTeX) written as `$latex$` in place of the glyphs, and listed for withInlineFormulas.
 * The printed stretches are found in order, each after the last, whole (an "n" is not the
 * n of "and"), spaces between their glyphs ignored (lines were joined with them).
 */
export function withPrintedMath(b: Block): Block {
  if (!b.inlineMath?.length) return b;
  let text = b.text;
  let cursor = 0;
  // How far the text written so far has moved from the block's text (where `at` counts).
  let shift = 0;
  const written: string[] = [];
  for (const { printed, latex, at } of b.inlineMath) {
    const glyphs = [...printed.replace(/\s+/g, "")];
    if (!glyphs.length) continue;
    const body = glyphs.map((g) => g.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("\\s*");
    const edge = /[\p{L}\p{N}]/u;
    const pattern = new RegExp(`${edge.test(glyphs[0]) ? "(?<![\\p{L}\\p{N}])" : ""}${body}${edge.test(glyphs[glyphs.length - 1]) ? "(?![\\p{L}\\p{N}])" : ""}`, "gu");
    pattern.lastIndex = cursor;
    // From the cursor on (matchAll starts at lastIndex). The same glyphs may stand earlier as a word (the article "a" before the variable a): the match nearest where the formula was printed.
    const matches = [...text.matchAll(pattern)];
    const m = at === undefined ? matches[0] : matches.sort((p, q) => Math.abs(p.index - at - shift) - Math.abs(q.index - at - shift))[0];
    if (!m) continue;
    // Two formulas against each other are kept apart by a space: "$$" would open a display.
    const replacement = `${m.index > 0 && text[m.index - 1] === "$" ? " " : ""}$${latex}$`;
    text = text.slice(0, m.index) + replacement + text.slice(m.index + m[0].length);
    cursor = m.index + replacement.length;
    shift += replacement.length - m[0].length;
    written.push(latex);
  }
  return written.length ? { ...b, text, inlineFormulas: [...(b.inlineFormulas ?? []), ...written] } : b;
}
