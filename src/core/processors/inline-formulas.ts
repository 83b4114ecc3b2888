// Inline formulas of born-digital PDFs: the stretches of a paragraph's lines set in math
// fonts ("the first n odd numbers", "holds for every α and β", "f(x) = x² + 1"), with the
// digits, signs and brackets between them and their raised or lowered scripts, read as
// LaTeX by the same reader as display formulas. The block's text keeps the glyphs as
// printed (converters set them in the PDF's fonts); `inlineMath` pairs each printed
// stretch with its LaTeX, and the Markdown and JSON renderers write it as `$latex$` (or
// the asked notation) in its place.
import type { Ruling } from "../runs";
import type { Block, InlineMath, Line, Span } from "../model";
import { lineFontSize, WORD_GAP } from "./lines";
import { concatLatex, isMathSpan as isMathFontSpan, regionLatex } from "./formulas";
import { FUNCTION_NAMES } from "../latex/symbols";

/** Type this much smaller than its line is a script (an exponent, an index). */
const SCRIPT_SIZE = 0.85;
/** Between two stretches of math, text-font digits, signs and brackets belong to the formula ("2k − 1", "f(x)"). */
const CONNECTOR = /^[\s\d.,:;+\-−=<>≤≥()[\]/|'′!¯˙¨ˆ˜ˇ˘]*$/;
/** ...but not a full stop: the next formula is in the next sentence. */
const SENTENCE_END = /\.(\s|$)/;
/** Function names set upright in the text font ("A cos(ωt)", "sin θ"). */
const FUNCTION_NAME = new RegExp(`(?<![\\p{L}])(${[...FUNCTION_NAMES].join("|")})(?![\\p{L}])`, "gu");
/** An operator's name glued to the bracket of its argument inside a formula ("I − diag(1, 0)", "vec(B)"): prose leaves a space before a bracket. */
const NAME_AT_BRACKET = /(?<![\p{L}])\p{L}{2,}(?=\()/gu;
const isConnector = (text: string) => CONNECTOR.test(text.replace(FUNCTION_NAME, "").replace(NAME_AT_BRACKET, "")) && !SENTENCE_END.test(text);
/** A function name ending the text before a formula, written against it ("sinθ"). */
const TRAILING_FUNCTION = new RegExp(`(?<![\\p{L}])(${[...FUNCTION_NAMES].join("|")})\\s*$`, "u");
/** An accent the text layer gives before its letter ("a velocity ˙" + "x"). */
const TRAILING_ACCENT = /([¯˙¨ˆ˜ˇ˘])$/u;
/**
 * A name written against the bracket that opens a formula is the name of the operator or
 * function it applies ("Det" + "(ρ) = 0", "Hom" + "(A, B)"): prose leaves a space before a bracket.
 */
const GLUED_NAME = /(?<![\p{L}\p{N}])(\p{L}{2,})$/u;
/** An opening bracket closing the text before a formula, with the name written against it ("det(", "("). */
const TRAILING_OPEN = /((?<![\p{L}\p{N}])\p{L}{2,}\(|\()$/u;
/** A number closing the text before a formula with no space between ("is 1" + "/x"). */
const TRAILING_NUMBER = /(?<![\p{L}\p{N}.])(\d+)$/u;
/**
 * A variable is mathematics by what it is, whatever its font: a lone letter set in italic
 * (math packages built on a text family, newtx on Times say, take their letters from its
 * italic) or a lone Greek letter.
 */
const isMathLetter = (s: Span) => (s.italic && /^\s*\p{L}\s*$/u.test(s.text)) || /^\s*\p{Script=Greek}\s*$/u.test(s.text);
/**
 * A word set in italic, alone in its span: a variable's name of several letters when it
 * stands against a formula; or letters a kern set apart ("a f", "R f"), which pdf.js gives
 * with a space between.
 */
const ITALIC_WORD = /^\s?(\p{L}+|\p{L}( \p{L})+)$/u;
/** A letter alone in its span, the space before it at most. */
const LONE_LETTER = /^\s?\p{L}$/u;
/** A name alone in its span, the space before it at most. */
const UPRIGHT_NAME = /^\s?\p{L}{2,}$/u;
/** A relation opening a span: what stands before it is an equation's left side. */
const RELATION_HEAD = /^\s*[=<>≤≥≠≈≡∼≃≅∈∉⊂⊆:]/u;
/** A relation closing a span: what stands after it is an equation's right side. */
const RELATION_TAIL = /[=<>≤≥≠≈≡∼≃≅∈∉⊂⊆]\s*$/u;
/** A longer italic word against a raised mark is an emphasised word and its note mark, not a variable with an exponent ("Sq³"). */
const MAX_SCRIPTED_NAME = 3;
/** Marks set in a math font that are not mathematics on their own: bullets, footnote and reference marks. */
const MARK_ONLY = /^[\s•·◦∗*†‡§¶○⋄◦]+$/;
/**
 * The head of the text-font span after a formula that still belongs to it: a number, with
 * the sign before it ("x² + 1 for every", "n ≥ 1 the sum"); pdf.js gives the text font's
 * glyphs as one span however far they run into the prose.
 */
const NUMBER_HEAD = /^\s*([+\-−=<>≤≥×·/]\s*)?\d+(\.\d+)?\)?/;
/** The rest of a bracket the formula left open: "(n" + " + 1) for every", "[−2," + "2] past". */
const CLOSING_HEAD = /^\s*(?:[+\-−]?\s*\d+(?:\.\d+)?\s*)?[)\]]/;
const ENDS_IN_OPERATOR = /[+\-−=<>≤≥×·/∈]\s*$/;
/** A formula names something: a letter, or a relation or operator; braces, brackets and © alone are code or marks. */
const MEANINGFUL = /[\p{L}=<>≤≥≠≈≡∈∉⊂⊆∪∩∑∏∫±×÷√∞∂∇→⇒]/u;
/** Punctuation that ends the sentence around a formula, not the formula. */
const TRAILING_PUNCTUATION = /[\s.,;:]+$/;

/** `rules`: the page's level rules, where its fractions' and radicals' bars are drawn (a radical's bar may stand a little above its line's box). */
export function markInlineFormulas(blocks: Block[], rules: Ruling[] = []): void {
  const signFonts = signOnlyFonts(blocks);
  const textSize = typicalSize(blocks);
  for (const block of blocks) {
    if (block.type !== "text" || block.hidden || !block.lines?.length) continue;
    // Where each line starts in the block's text, its lines joined by a space (near enough where hyphens are mended).
    let lineStart = 0;
    const perLine = block.lines.map((line) => {
      const found = lineFormulas(line, rules.filter((r) => r.y0 > line.bbox[1] - lineFontSize(line) / 2 && r.y0 < line.bbox[3]), signFonts).map((f) => ({ ...f, at: lineStart + (f.at ?? 0) }));
      lineStart += lineText(line).length + 1;
      return found;
    });
    const found = joinedOverLineBreaks(block.lines, perLine);
    if (found.length === 1 && block.lines.length === 1 && bare(found[0].printed) === bare(block.text) && displayable(found[0].printed, lineFontSize(block.lines[0]), textSize)) {
      // A line that is a formula and nothing else is a display (one inside a sentence shares its line with words).
      block.type = "formula";
      block.formula = { latex: found[0].latex, display: true };
    } else if (found.length) block.inlineMath = found;
  }
}

const bare = (text: string) => text.replace(/[\s.,;:]+/g, "");

/**
 * A line alone that can be a display: two glyphs at least, a letter or a digit among them,
 * in type of the text's size. A lone arrow, letter or relation, or a limit in script type
 * ("i = 1"), is a piece of a display the page's layout cut off, not a display.
 */
function displayable(printed: string, size: number, textSize: number): boolean {
  const glyphs = [...printed.replace(/\s+/g, "")];
  return glyphs.length >= 2 && glyphs.some((g) => /[\p{L}\p{N}]/u.test(g)) && size >= SCRIPT_SIZE * textSize;
}

/** The size most of a page's characters are set in. */
function typicalSize(blocks: Block[]): number {
  const chars = new Map<number, number>();
  for (const block of blocks) for (const line of block.lines ?? []) for (const s of line.spans) chars.set(s.fontSize, (chars.get(s.fontSize) ?? 0) + s.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}
const lineText = (line: Line) => line.spans.map((s) => s.text).join("");
/** A relation or operator ending a formula: TeX breaks an inline formula's line only after one. */
const BREAKS_AFTER = /([=<>≤≥≠≈≡∼→←↦⇒⇔∈⊂⊆+\-−×·∘⊗⊕∪∩]|\\(?:leq?|geq?|neq?|approx|equiv|sim|simeq|cong|to|rightarrow|mapsto|Rightarrow|in|subset|subseteq|cdot|times|circ|otimes|oplus|cup|cap|pm|mp))\s*$/u;

/**
 * A formula TeX broke over two lines, after a relation or an operator at the end of one
 * line and going on at the start of the next, is one formula: "Sq³ =" + "β ∘ Sq² ∘ r".
 */
function joinedOverLineBreaks(lines: Line[], perLine: InlineMath[][]): InlineMath[] {
  const out: InlineMath[] = [];
  // The formula ending the line before, when it ends that line.
  let ending: InlineMath | undefined;
  perLine.forEach((found, i) => {
    const [first, ...rest] = found;
    if (ending && first && BREAKS_AFTER.test(ending.latex) && bare(lineText(lines[i])).startsWith(bare(first.printed))) {
      out[out.length - 1] = { printed: `${ending.printed} ${first.printed}`, latex: concatLatex(ending.latex, first.latex), at: ending.at };
      out.push(...rest);
    } else out.push(...found);
    const last = out[out.length - 1];
    ending = found.length && bare(lineText(lines[i])).endsWith(bare(found[found.length - 1].printed)) ? last : undefined;
  });
  return out;
}

/** Relations, operators and brackets: what a font that sets only these on a page sets is mathematics. */
const SIGN = /[=+<>≤≥≠()[\]]/;

/**
 * Fonts that set no letter on the page, only signs and brackets, and are not its text
 * font: the math fonts of a package built on a text family (mathptmx takes its "=" and
 * brackets from Computer Modern under Times), whatever their names.
 */
function signOnlyFonts(blocks: Block[]): Set<string> {
  const fonts = new Map<string, { letters: boolean; signs: boolean; chars: number }>();
  for (const block of blocks) for (const line of block.lines ?? []) for (const s of line.spans) {
    const font = fonts.get(s.fontFamily) ?? { letters: false, signs: false, chars: 0 };
    font.letters ||= /\p{L}/u.test(s.text);
    font.signs ||= SIGN.test(s.text);
    font.chars += s.text.length;
    fonts.set(s.fontFamily, font);
  }
  const body = [...fonts.entries()].sort((a, b) => b[1].chars - a[1].chars)[0]?.[0];
  return new Set([...fonts.entries()].filter(([name, f]) => name !== body && !f.letters && f.signs).map(([name]) => name));
}

/** The line's inline formulas, `at` their offset in the line's text. */
function lineFormulas(line: Line, rules: Ruling[], signFonts: Set<string>): InlineMath[] {
  const size = lineFontSize(line);
  const spans = line.spans;
  const isMathSpan = (s: Span) => isMathFontSpan(s) || (signFonts.has(s.fontFamily) && s.fontSize >= SCRIPT_SIZE * size);
  const isScript = (s: Span) => s.fontSize < SCRIPT_SIZE * size && !!s.text.trim();
  // A mark (◦, ∗, •) is mathematics inside a formula or after a math glyph (g ◦ f, Sq² ◦ r), a bullet or note mark elsewhere.
  const isMathGlyphs = (s: Span, i: number, inFormula = false) => (isMathSpan(s) && !!s.text.trim() && !(MARK_ONLY.test(s.text) && !inFormula && (i === 0 || !isMathSpan(spans[i - 1])))) || isMathLetter(s);
  // Math built on a text family (MathDesign on Charter, newtx on Times) takes its letters
  // from the text italic, names of several letters too: an italic word written against a
  // formula's glyph or script ("Sq" + "³", "ba" + "ω", "on" + "(", "(" + "Object") is its part.
  const glued = (a: Span, b: Span) => !/\s$/.test(a.text) && !/^\s/.test(b.text) && b.bbox[0] - a.bbox[2] < WORD_GAP * Math.min(a.fontSize, b.fontSize);
  const italicName = (s: Span, i: number, inFormula: boolean) => {
    if (!s.italic || !ITALIC_WORD.test(s.text) || s.fontSize < SCRIPT_SIZE * size) return false;
    const [prev, next] = [spans[i - 1], spans[i + 1]];
    const afterMath = prev !== undefined && glued(prev, s) && (inFormula || isMathGlyphs(prev, i - 1));
    const beforeMath = next !== undefined && glued(s, next) && (isMathGlyphs(next, i + 1) || (isScript(next) && s.text.trim().length <= MAX_SCRIPTED_NAME));
    // Either side of an equation: "MDI = MD_LP − MD_RP", "= ReturnOnTheMarket(Rm)".
    const beforeRelation = next !== undefined && isMathSpan(next) && RELATION_HEAD.test(next.text);
    const afterRelation = prev !== undefined && isMathSpan(prev) && RELATION_TAIL.test(prev.text);
    return afterMath || beforeMath || beforeRelation || afterRelation;
  };
  // A letter alone in its span with a script against it, in any style: "r" + "₂" (a bold vector), "B" + "ᵢ".
  const scriptedLetter = (s: Span, i: number) => LONE_LETTER.test(s.text) && s.fontSize >= SCRIPT_SIZE * size && spans[i + 1] !== undefined && isScript(spans[i + 1]) && glued(s, spans[i + 1]);
  const isMath = (s: Span, i: number, inFormula = false) => isMathGlyphs(s, i, inFormula) || italicName(s, i, inFormula) || scriptedLetter(s, i);
  // An operator's name set upright in the text font against the bracket of its argument: "= IG" + "(T, a)", "/" + "SplitInformation" + "(T)".
  const nameAtBracket = (i: number) => UPRIGHT_NAME.test(spans[i].text) && spans[i + 1] !== undefined && glued(spans[i], spans[i + 1]) && isMathSpan(spans[i + 1]) && /^[([]/.test(spans[i + 1].text);
  const out: InlineMath[] = [];
  for (let i = 0; i < spans.length; i++) {
    if (!isMath(spans[i], i)) continue;
    const start = i;
    // The stretch runs on over math, scripts, and connectors followed by more math.
    let end = i;
    for (let j = i + 1; j < spans.length; j++) {
      if (isMath(spans[j], j, true) || isScript(spans[j])) end = j;
      else if (!isConnector(spans[j].text) && !nameAtBracket(j)) break;
    }
    const stretch = spans.slice(i, end + 1);
    const next = spans[end + 1];
    i = end;
    // A function name closing the text before it is part of it ("small angles sinθ", "derivative of log x"),
    // and so is a number written against it ("1/x").
    const before = start > 0 ? TRAILING_FUNCTION.exec(spans[start - 1].text) ?? (/^\s/.test(spans[start].text) ? null : (TRAILING_NUMBER.exec(spans[start - 1].text) ?? TRAILING_ACCENT.exec(spans[start - 1].text) ?? (/^[([]/.test(spans[start].text) ? GLUED_NAME.exec(spans[start - 1].text) : null))) : null;
    if (before) stretch.unshift(spanPart(spans[start - 1], before[1], "tail"));
    // A bracket the formula closes opened in the text before it, with the name it applies: "det(" + "A − λI) = 0".
    const opening = !before && start > 0 && !/^\s/.test(spans[start].text) ? TRAILING_OPEN.exec(spans[start - 1].text) : null;
    if (opening && !balanced(stretch.map((s) => s.text).join("")) && balanced(opening[1] + stretch.map((s) => s.text).join(""))) stretch.unshift(spanPart(spans[start - 1], opening[1], "tail"));
    const head = next ? numberHead(next, stretch) : undefined;
    if (head) stretch.push(head);
    const printed = stretch.map((s) => s.text).join("").replace(TRAILING_PUNCTUATION, "").trim();
    if (!printed || MARK_ONLY.test(printed) || !MEANINGFUL.test(printed)) continue;
    const latex = regionLatex([{ bbox: line.bbox, spans: stretch }], line, rules)?.replace(/[.,;:]+$/, "");
    // A reading that leaves brackets open, or starts on punctuation, is a formula read in part (a script over two rows): the glyphs stay as printed.
    const at = spans.slice(0, start).reduce((n, sp) => n + sp.text.length, 0) - (stretch[0] === spans[start] ? 0 : stretch[0].text.length);
    if (latex && balanced(printed) && balanced(latex) && !/^[.,;:]/.test(latex)) out.push({ printed, latex, at });
  }
  return out;
}

/** The number (and its sign), or the closing bracket, opening the span after a formula, as a span of its own, when it continues the formula. */
function numberHead(next: Span, stretch: Span[]): Span | undefined {
  // A bracket the formula left open closes at the head of the text after it: "cos(ωt + φ) with".
  const open = !balanced(stretch.map((s) => s.text).join(""));
  // An accent over the formula's last letter comes first ("X" + "¯ =").
  const accent = /^[¯˙¨ˆ˜ˇ˘]/.exec(next.text);
  if (accent) return spanPart(next, accent[0], "head");
  const m = open ? CLOSING_HEAD.exec(next.text) : NUMBER_HEAD.exec(next.text);
  if (!m || /^(\d|\.\d)/.test(next.text.slice(m[0].length))) return undefined;
  if (!open && !m[1] && !ENDS_IN_OPERATOR.test(stretch.map((s) => s.text).join(""))) return undefined;
  return spanPart(next, m[0], "head");
}

/** Every bracket closed: braces by braces, round and square brackets by either (the half-open interval [0, ∞) is whole). */
function balanced(text: string): boolean {
  const open: string[] = [];
  for (const ch of text.replace(/\\[{}]/g, "")) {
    if (ch === "(" || ch === "[" || ch === "{") open.push(ch);
    else if (ch === "}" && open.pop() !== "{") return false;
    else if ((ch === ")" || ch === "]") && !["(", "["].includes(open.pop() ?? "")) return false;
  }
  return open.length === 0;
}

/** The opening (`head`) or closing (`tail`) `text` of a span as a span of its own, its box the text's share of the span's width. */
function spanPart(span: Span, text: string, end: "head" | "tail"): Span {
  const width = ((span.bbox[2] - span.bbox[0]) * text.length) / Math.max(1, span.text.length);
  const bbox: Span["bbox"] = end === "head" ? [span.bbox[0], span.bbox[1], span.bbox[0] + width, span.bbox[3]] : [span.bbox[2] - width, span.bbox[1], span.bbox[2], span.bbox[3]];
  return { ...span, text, bbox };
}
