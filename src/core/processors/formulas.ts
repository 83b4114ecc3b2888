// Display formulas of born-digital PDFs. A formula set apart from the text (nothing beside
// it, text around it reaching further out) in math fonts (TeX's CMMI/CMSY/CMEX, the AMS and
// Latin Modern math fonts, STIX and Cambria Math, MathType's), with a relation and no
// prose, becomes a `formula` block. A display often falls apart into several pieces in
// the text layer (a sum's limits above and below it, an equation number at the right
// margin): the pieces are gathered into one region first. Its LaTeX is rebuilt from the
// glyphs: letters and digits as written, symbols by name, exponents and indices from
// the smaller type raised or lowered against the main line, limits over and under big
// operators, numerators over denominators as \frac, the number as \tag. What is not
// rebuilt (matrices, scripts inside a fraction) leaves the region as text.
import type { Ruling } from "../runs";
import type { Block, Line, Span } from "../model";
import { lineFontSize } from "./lines";
import { union } from "../geometry";
import { FUNCTION_NAMES, LIMIT_FUNCTIONS } from "../latex/symbols";
import { FENCE_PIECE, matrixLatex, withWholeFences } from "./formula-matrix";
import { spanTokens } from "../latex/glyph-tokens";
import { EXTENSION_FONT, MATH_FONT, MATH_SIGNS_FONT } from "../latex/math-fonts";
import { withMergedScripts } from "../latex/merged-scripts";
import { barredItems } from "./formula-bars";
import { casesLatex, displayCases, displayRows, RELATION_END, rowsLatex } from "./formula-rows";
import { baselineOf, originOf, splitAtGaps, splitAtGlyphs } from "./formula-spans";

const BIG_OPERATORS: Record<string, string> = { P: "\\sum", X: "\\sum", Q: "\\prod", Y: "\\prod", R: "\\int", Z: "\\int", H: "\\oint", I: "\\oint", S: "\\bigcup", "[": "\\bigcup", T: "\\bigcap", "\\": "\\bigcap", "∑": "\\sum", "∏": "\\prod", "∫": "\\int", "∮": "\\oint", "⋃": "\\bigcup", "⋂": "\\bigcap" };
/** Words of running text: three letters or more outside math fonts, other than function names. */
const PROSE_WORD = /\p{L}{3,}/gu;
/** A formula has no more prose words than this (an "and" between two relations). */
const MAX_PROSE_WORDS = 1;
/** Relations, and the big operators a display may state without one. */
const RELATION = /[=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔∑∏∫∮]/;
/** An equation number: "(1)", "(2.3)", "(4a)". */
const EQUATION_NUMBER = /^\(([0-9]{1,3}(\.[0-9]{1,3})*[a-z]?)\)$/;
/** Pieces of one display are at most this many font sizes apart, up or down... */
const PIECE_GAP_Y = 0.6;
/** ...and overlap or come this close sideways... */
const PIECE_GAP_X = 1;
/** ...or, on one baseline, this close: the parts of a display TeX spaces with \quad or \qquad ("Γ = X′,  Γ = Y′"). */
const SAME_ROW_GAP_X = 2.2;
/** Boxes overlapping by less than this many font sizes up or down only graze. */
const GRAZE = 0.3;
/** Nothing else stands within this many font sizes beside a display formula... */
const SIDE_CLEAR = 3;
/** ...or this many, for a display with rows: narrower than a gutter between columns, wider than any word space. */
const STACKED_SIDE_CLEAR = 0.8;
/** ...and text above or below it reaches at least this many font sizes further out on both sides. */
const INSET = 2;
/** ...or at least this many on both sides, centred: the margins left and right differ by less than this many... */
const CENTRED_INSET = 1;
const CENTRED = 1.5;
/**
 * ...or, for a display nearly as wide as its column, set in by any margin at all on both
 * sides, equal to within this many: a justified line fills its column, a paragraph's last
 * line starts at its edge, only a centred line is set in alike on both sides.
 */
const TIGHTLY_CENTRED = 0.25;
/** Display formulas are short: a few rows (a fraction's, a sum's limits), few characters. */
const MAX_LINES = 4;
const MAX_CHARS = 200;
/** Delimiters that grow with what they enclose. */
const TALL_DELIMITERS = /^[()[\]{}|‖⟨⟩⌊⌋⌈⌉]+$/;
/** Words in type this much smaller than a line's largest are labels in its scripts (TeX sets scripts at 0.7 of the text size). */
const LABEL_SIZE = 0.75;
/** Type this much smaller than the main line is an exponent, an index or a limit... */
const SCRIPT_SIZE = 0.85;
/** ...raised above the main baseline by this share of its size, or lowered below it. */
const SCRIPT_SHIFT = 0.12;
/** A script starts within this many font sizes of the glyph it hangs on. */
const SCRIPT_TOUCH = 0.3;
/** Full-size type this far off the main baseline (font sizes) is another row: a numerator or a denominator. */
const OTHER_ROW = 0.5;

/** `rules`: the page's level rules, where its fractions' and radicals' bars are drawn. */
export function markFormulas(blocks: Block[], rules: Ruling[] = []): void {
  // (Lines of a tall delimiter's pieces alone, ⎢ over ⎢, are no rows of the formula.)
  const rows = (b: Block) => b.lines!.filter((l) => !FENCE_PIECE.test(l.spans.map((s) => s.text).join("").replace(/\s+/g, ""))).length;
  const pieces = blocks.filter((b) => b.type === "text" && !b.hidden && b.lines?.length && rows(b) <= MAX_LINES && b.text.length <= MAX_CHARS && b.lines.every(isFormulaPiece));
  const numbers = blocks.filter((b) => b.type === "text" && !b.hidden && EQUATION_NUMBER.test(b.text.trim()));
  for (const found of regions(pieces)) {
    const region = withEquationSides(found, blocks);
    const lines = region.flatMap((b) => b.lines!);
    const main = mainLine(lines);
    // Digits and signs alone ("≥65" in a chart's axis labels, a page number) are not set as mathematics.
    if (!main || !lines.some(isMathLine)) continue;
    const size = lineFontSize(main);
    const box = region.map((b) => b.bbox).reduce(union);
    const rest = blocks.filter((o) => !region.includes(o) && !numbers.includes(o) && !o.hidden);
    // Rows one over another (a fraction's, a sum's limits) make a display wherever nothing stands beside them: one may be wider than its column's text.
    const stacked = lines.some((l) => Math.abs(l.bbox[3] - main.bbox[3]) > OTHER_ROW * size);
    if (!setApart(box, rest, size, stacked)) continue;
    const latex = matrixLatex(lines, rules, (spans) => readPart(spans, rules)) ?? multiRowLatex(lines, rules) ?? regionLatex(lines, main, rules);
    if (latex === undefined) continue;
    const number = numbers.find((n) => n.bbox[1] < main.bbox[3] && n.bbox[3] > main.bbox[1] && n.bbox[0] > box[2]);
    const [first, ...others] = region;
    first.type = "formula";
    first.bbox = number ? union(box, number.bbox) : box;
    first.lines = number ? [...lines, ...number.lines!] : lines;
    first.formula = { latex: number ? `${latex} \\tag{${EQUATION_NUMBER.exec(number.text.trim())![1]}}` : latex, display: true };
    // The text stays the glyphs as printed: converters set it in the PDF's own fonts.
    first.text = [...region, ...(number ? [number] : [])].map((b) => b.text).join(" ");
    for (const o of [...others, ...(number ? [number] : [])]) o.hidden = true;
  }
}

/**
 * A line that reads as mathematics: set partly in a math font, next to no prose; or, for
 * math set in a text family's own italic (MathDesign on Charter, newtx on Times), italic
 * variables and a relation with no word at all.
 */
function isMathLine(line: Line): boolean {
  // (Words in script type are labels of a formula's symbols: U_{micro,pot}. Text a size or
  // two smaller than an equation set large beside it, as word processors do, is prose.)
  const largest = Math.max(...line.spans.map((s) => s.fontSize));
  const words = line.spans.filter((s) => !isMathSpan(s) && s.fontSize >= LABEL_SIZE * largest).flatMap((s) => s.text.match(PROSE_WORD) ?? []).filter((w) => !FUNCTION_NAMES.has(w.toLowerCase()));
  if (line.spans.some((s) => isMathSpan(s) && s.text.trim())) return words.length <= MAX_PROSE_WORDS;
  return words.length === 0 && RELATION.test(line.spans.map(spanText).join("")) && line.spans.some((s) => (s.italic || isBoldSymbol(s)) && /\p{L}/u.test(s.text));
}

/** A letter or two in bold upright type: a vector or a matrix (\mathbf{F}), not a word. */
const isBoldSymbol = (s: Span) => s.bold && !s.italic && /^\s*\p{L}{1,2}\p{M}*\s*$/u.test(s.text);

/**
 * A line that may be a piece of a display: math, or only digits and signs (a denominator
 * "2"), or those with letters in italic alone, too short for words (a denominator "2rd"
 * set in the text family's italic), or with operator names ("det" before a fraction).
 */
export function isFormulaPiece(line: Line): boolean {
  const letters = line.spans.filter((s) => /\p{L}/u.test(s.text));
  return isMathLine(line) || letters.every((s) => ((s.italic || isBoldSymbol(s)) && !s.text.match(PROSE_WORD)) || operatorNames(s));
}

/** A span of operator names alone ("det", "lim sup") before a display's fraction or limits. */
const operatorNames = (s: Span) => (s.text.match(/\p{L}+/gu) ?? []).every((w) => FUNCTION_NAMES.has(w.toLowerCase()));

/** A display of several rows (a definition by cases, an aligned derivation, a system) read row by row; undefined for one row, or a row not read. */
function multiRowLatex(lines: Line[], rules: Ruling[]): string | undefined {
  const cases = displayCases(lines, rules);
  if (cases) {
    const left = regionLatex([cases.left], cases.left, rules);
    const rows = cases.rows.map((parts) => parts.map((part) => regionLatex([part], part, rules)));
    if (left !== undefined && rows.every((parts) => parts.every((p) => p !== undefined))) return casesLatex(left, rows as string[][]);
  }
  const found = displayRows(lines, rules);
  if (!found) return undefined;
  const rows = found.rows.map((row) => regionLatex([row], row, rules));
  return rows.every((r): r is string => r !== undefined) ? rowsLatex(rows, found.aligned) : undefined;
}

/** A side of an equation set in the text font ("SNR =" before a fraction): a few characters, a word at most. */
const MAX_SIDE_CHARS = 24;
const RELATION_START = /^\s*[=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔]/;

/**
 * The region with the sides of its equation that are no pieces of their own because they
 * hold a word in the text font: a one-line block on the region's main height, against its
 * left edge and ending in a relation ("SNR ="), or against its right edge and opening with
 * one.
 */
function withEquationSides(region: Block[], blocks: Block[]): Block[] {
  const box = region.map((b) => b.bbox).reduce(union);
  const size = Math.max(...region.flatMap((b) => b.lines!.map(lineFontSize)));
  const reach = SAME_ROW_GAP_X * size;
  const sides = blocks.filter((o) => {
    if (o.type !== "text" || o.hidden || region.includes(o) || o.lines?.length !== 1 || o.text.length > MAX_SIDE_CHARS || (o.text.match(PROSE_WORD) ?? []).length > MAX_PROSE_WORDS) return false;
    const middle = (o.bbox[1] + o.bbox[3]) / 2;
    if (middle < box[1] || middle > box[3]) return false;
    const before = o.bbox[2] <= box[0] + GRAZE * size && box[0] - o.bbox[2] < reach && RELATION_END.test(o.text);
    const after = o.bbox[0] >= box[2] - GRAZE * size && o.bbox[0] - box[2] < reach && RELATION_START.test(o.text);
    return before || after;
  });
  return sides.length ? [...region, ...sides] : region;
}

/** Math pieces close to one another, gathered. */
function regions(pieces: Block[]): Block[][] {
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const [a, b] = [pieces[i].bbox, pieces[j].bbox];
      const size = Math.max(...[pieces[i], pieces[j]].flatMap((p) => p.lines!.map(lineFontSize)));
      const dy = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
      const dx = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
      const oneRow = Math.abs(a[3] - b[3]) < GRAZE * size && Math.abs(a[1] - b[1]) < GRAZE * size;
      if (dy < PIECE_GAP_Y * size && dx < (oneRow ? SAME_ROW_GAP_X : PIECE_GAP_X) * size) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Block[]>();
  pieces.forEach((p, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), p]));
  return [...groups.values()];
}

/**
 * The line carrying the relation, in the largest type: the row the others hang on. A
 * display may state no relation (a fraction, an expression set apart on its own): then its
 * largest line with a letter or a digit.
 */
function mainLine(lines: Line[]): Line | undefined {
  const stating = lines.filter((l) => RELATION.test(l.spans.map(spanText).join("")) || l.spans.some(isBigOperator));
  // Without a relation, the row with rows over and under it is the axis the fractions hang on ("∂/∂x₁, …, ∂/∂xₙ").
  const axis = lines.filter((l) => l.spans.some((s) => s.text.trim()) && lines.some((o) => o.bbox[3] <= middleOf(l)) && lines.some((o) => o.bbox[1] >= middleOf(l)));
  const lettered = lines.filter((l) => /[\p{L}\p{N}]/u.test(l.spans.map(spanText).join("")));
  return (stating.length ? stating : axis.length ? axis : lettered).sort((a, b) => lineFontSize(b) - lineFontSize(a) || b.spans.length - a.spans.length)[0];
}

const middleOf = (l: Line) => (l.bbox[1] + l.bbox[3]) / 2;

/**
 * Displayed, not inline: nothing else on its height beside it (pieces of an inline
 * formula sit in their paragraph's lines), and text above or below it reaching further
 * out on both sides (a display is set in from its column, or centred in it), unless it has rows.
 */
function setApart(box: number[], others: Block[], size: number, stacked: boolean): boolean {
  // (Boxes are estimated from font sizes: lines above and below may graze the formula's.)
  const graze = GRAZE * size;
  // Rows in a paragraph (a fraction in a line of text) have the paragraph around them; a display
  // with rows may fill its column, the next column's text a gutter away.
  const clear = (stacked ? STACKED_SIDE_CLEAR : SIDE_CLEAR) * size;
  const beside = others.some((o) => o.bbox[1] < box[3] - graze && o.bbox[3] > box[1] + graze && o.bbox[0] < box[2] + clear && o.bbox[2] > box[0] - clear);
  if (beside) return false;
  const aboveOrBelow = others.filter((o) => o.bbox[3] <= box[1] || o.bbox[1] >= box[3]);
  // Set in from the text around it, or centred in it (a wide display is set in little).
  const setIn = (o: Block) => o.bbox[0] <= box[0] - INSET * size && o.bbox[2] >= box[2] + INSET * size;
  const centred = (o: Block) => {
    const [left, right] = [box[0] - o.bbox[0], o.bbox[2] - box[2]];
    return (Math.min(left, right) >= CENTRED_INSET * size && Math.abs(left - right) < CENTRED * size) || (Math.min(left, right) > graze && Math.abs(left - right) < TIGHTLY_CENTRED * size);
  };
  return stacked || aboveOrBelow.some((o) => setIn(o) || centred(o));
}

/** TeX's radical signs in the extension font (growing sizes), and Unicode's. */
const isRadical = (s: Span) => (EXTENSION_FONT.test(s.fontFamily) && /^[pqrstv]$/.test(s.text.trim())) || s.text.trim() === "√";
const RADICAL = "\\sqrt";
/** Where a radicand ends: the bar over it is drawn, not text, so it runs to the next relation or sign at its level. */
const RADICAND_END = /^([=<>+\-,]|\\(leq?|geq?|approx|neq|equiv|sim|pm|mp|cdot|times|in|to|le|ge))$/;

/** A radical's sign followed by its radicand, as \sqrt{...}. */
function withRadicands(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== RADICAL) {
      out.push(tokens[i]);
      continue;
    }
    let j = i + 1;
    while (j < tokens.length && !RADICAND_END.test(tokens[j]) && tokens[j] !== RADICAL) j++;
    out.push(`\\sqrt{${joinTokens(tokens.slice(i + 1, j))}}`);
    i = j - 1;
  }
  return out;
}

export const isMathSpan = (s: Span) => MATH_FONT.test(s.fontFamily.replace(/\s+/g, "")) || (MATH_SIGNS_FONT.test(s.fontFamily) && !/\p{L}/u.test(s.text));
const isBigOperator = (s: Span) => (EXTENSION_FONT.test(s.fontFamily) && s.text.trim() in BIG_OPERATORS) || /^[∑∏∫∮⋃⋂]$/.test(s.text.trim());
const spanText = (s: Span) => (EXTENSION_FONT.test(s.fontFamily) ? (BIG_OPERATORS[s.text.trim()] ? "∑" : "") : s.text);


interface Item {
  x: number;
  /** Right edge, for big operators (their limits stand up to half a size past it). */
  right?: number;
  latex: string;
  /** Scripts hung on it, kept apart so an accent goes over the glyph alone (\hat{n}_{i}). */
  scripts?: string;
  above?: string;
  below?: string;
}

/**
 * The region's LaTeX: the main line's spans left to right; smaller type raised or lowered
 * against it as scripts, or over and under a big operator as its limits; full-size type
 * above and below it as fractions. Undefined for what is not rebuilt.
 */
export function regionLatex(lines: Line[], main: Line, rules: Ruling[] = []): string | undefined {
  const size = mainSize(main);
  // Radical signs and big operators apart from the glyphs a run of their font holds with them.
  const everything = splitAtGlyphs(withWholeFences(lines.flatMap((l) => l.spans)), (ch) => /[√∑∏∐∫∮⋃⋂]/.test(ch));
  // Fractions and radicals whose bars are drawn first: what they take is theirs.
  const drawn = rules.length ? barredItems(everything, everything.filter(isRadical), rules, size, readPart) : { items: [], rest: everything };
  // A run of the main row that goes on past a structure had it in a gap ("E = mv" around ½).
  const rest = splitAtGaps(drawn.rest, drawn.items.map((i) => [i.x, i.right]));
  const kept = new Set(rest.map(originOf));
  const full = main.spans.filter((s) => s.fontSize >= SCRIPT_SIZE * size && !isBigOperator(s) && kept.has(s));
  const baseline = full.length ? full.reduce((n, s) => n + baselineOf(s), 0) / full.length : baselineOf(main.spans[0]);
  const all = [...rest].sort((a, b) => a.bbox[0] - b.bbox[0]);
  // Big operators first: a limit may start a hair left of its operator.
  // Operator names take limits as the big operators do: \lim_{t\to\infty}, \max_{j}.
  const isNamedOperator = (s: Span) => s.fontSize >= SCRIPT_SIZE * size && LIMIT_FUNCTIONS.has(s.text.trim());
  const operators: Item[] = all.filter((s) => isBigOperator(s) || isNamedOperator(s)).map((s) => ({ x: s.bbox[0], right: s.bbox[2], latex: BIG_OPERATORS[s.text.trim()] ?? joinTokens(spanTokens(s)) }));
  // Small type stacked over small type, set apart from what precedes it: a fraction in a line of text (½), not scripts.
  const { fractions: textFractions, rest: spans } = smallFractions(all.filter((s) => !isRadical(s)), baseline, size, all.filter(isBigOperator));
  const radicals: Item[] = all.filter(isRadical).map((s) => ({ x: s.bbox[0], latex: RADICAL }));
  const items: Item[] = [...operators, ...textFractions, ...radicals, ...drawn.items];
  // Full-size type above and below the main line: numerators and denominators.
  const over: Span[] = [];
  const under: Span[] = [];
  let script: { kind: "^" | "_"; tokens: string[]; x: number; host?: Item; size: number; baseline: number } | undefined;
  const flush = () => {
    if (script?.tokens.length) {
      // Primes are raised glyphs of their own: f′ is f', not f^{'}.
      const latex = script.kind === "^" && script.tokens.every((t) => t === "'") ? script.tokens.join("") : `${script.kind}{${joinTokens(script.tokens)}}`;
      // (The index first, as LaTeX is written: x_{i}^{2}.)
      if (script.host) script.host.scripts = script.kind === "_" ? latex + (script.host.scripts ?? "") : (script.host.scripts ?? "") + latex;
      else items.push({ x: script.x, latex });
    }
    script = undefined;
  };
  const delimiterEnds = spans.filter((s) => s.fontSize >= SCRIPT_SIZE * size && TALL_DELIMITERS.test(s.text.trim())).map((s) => s.bbox[2]);
  // The limit read last, whose own scripts may follow it.
  let limit: { op: Item; side: "above" | "below"; span: Span } | undefined;
  for (const s of spans) {
    if (!s.text.trim()) continue;
    // An accent stands over its letter, a little higher the taller the letter: it goes where it stands (withAccents).
    // A tall delimiter hangs lower the taller it is, centred on the row it encloses.
    if ([...s.text.trim()].every((ch) => ACCENTS[ch]) || (s.fontSize >= SCRIPT_SIZE * size && TALL_DELIMITERS.test(s.text.trim()))) {
      flush();
      items.push(...placedTokens(s));
      continue;
    }
    const shift = baselineOf(s) - baseline;
    if (isBigOperator(s) || isNamedOperator(s)) {
      flush();
      continue;
    }
    if (s.fontSize >= SCRIPT_SIZE * size) {
      flush();
      if (Math.abs(shift) > OTHER_ROW * size) {
        (shift < 0 ? over : under).push(s);
        continue;
      }
      items.push(...placedTokens(s));
      continue;
    }
    // Small type: a limit when it stands over or under a big operator, else a script.
    const centre = (s.bbox[0] + s.bbox[2]) / 2;
    // (An integral's limits stand at its right, half a size or so past its slanted glyph.)
    const op = operators.find((o) => Math.abs(o.x - s.bbox[0]) < size || (centre > o.x && centre < o.x + 1.5 * size) || (s.bbox[0] >= o.x && s.bbox[0] <= (o.right ?? o.x) + size / 2));
    // Smaller type against a limit's end is the limit's own script (the b_{n} over an integral).
    const limitScript = limit && s.fontSize < SCRIPT_SIZE * limit.span.fontSize && Math.abs(s.bbox[0] - limit.span.bbox[2]) < 0.3 * size ? baselineOf(s) - baselineOf(limit.span) : undefined;
    if (limit && limitScript !== undefined && Math.abs(limitScript) > SCRIPT_SHIFT * limit.span.fontSize) {
      const text = `${limitScript < 0 ? "^" : "_"}{${joinTokens(spanTokens(s))}}`;
      if (limit.side === "above") limit.op.above += text;
      else limit.op.below += text;
      limit = { ...limit, span: { ...limit.span, bbox: [limit.span.bbox[0], limit.span.bbox[1], s.bbox[2], limit.span.bbox[3]] } };
      continue;
    }
    if (op && Math.abs(shift) > 0.5 * size) {
      flush();
      const text = joinTokens(spanTokens(s));
      const side = shift < 0 ? "above" : "below";
      op[side] = concatLatex(op[side] ?? "", text);
      limit = { op, side, span: s };
      continue;
    }
    // Smaller type again, raised or lowered from a script: the script's own script (e^{-x^2}).
    if (script?.tokens.length && s.fontSize < SCRIPT_SIZE * script.size) {
      const inner = baselineOf(s) - script.baseline;
      const innerKind = inner < -SCRIPT_SHIFT * script.size ? "^" : inner > SCRIPT_SHIFT * script.size ? "_" : undefined;
      if (innerKind) {
        script.tokens[script.tokens.length - 1] += `${innerKind}{${joinTokens(spanTokens(s))}}`;
        continue;
      }
    }
    // A tall delimiter's script stands as high or low as the delimiter reaches: (\frac{R}{D})^{2}.
    const afterDelimiter = delimiterEnds.some((end) => Math.abs(s.bbox[0] - end) < SCRIPT_TOUCH * size);
    if (Math.abs(shift) > OTHER_ROW * size + SCRIPT_SHIFT * size && !afterDelimiter) return undefined; // a script inside a numerator: not rebuilt
    const kind = shift < -SCRIPT_SHIFT * size ? "^" : shift > SCRIPT_SHIFT * size ? "_" : undefined;
    if (!kind) {
      flush();
      items.push(...placedTokens(s));
      continue;
    }
    if (script?.kind !== kind) {
      flush();
      script = { kind, tokens: [], x: s.bbox[0], host: lastBefore(items, s.bbox[0]), size: s.fontSize, baseline: baselineOf(s) };
    }
    script.tokens.push(...spanTokens(s));
  }
  flush();
  // Limits are the operator's scripts (one part may have been read as a limit, the other as a script: \sum_{n=1}^{\infty} either way;
  // the part read as a script stands nearer the operator, first: "k" then "= 1" make \sum_{k=1} once merged).
  for (const op of operators) op.scripts = `${op.scripts ?? ""}${op.below ? `_{${op.below}}` : ""}${op.above ? `^{${op.above}}` : ""}`;
  const fractions = stackedFractions(over, under, size);
  if (!fractions) return undefined;
  items.push(...fractions);
  return withMergedScripts(joinTokens(withRadicands(withAccents(items, size).map((i) => i.latex + (i.scripts ?? "")))));
}

/** An accent reaches this far (font sizes) left or right of the start of the glyph it stands over. */
const ACCENT_REACH_LEFT = 0.7;
const ACCENT_REACH_RIGHT = 0.5;

/**
 * The items in reading order, each accent set over the glyph under it (the text layer
 * gives an accent before or after its letter, or inside the span of the sign before it).
 */
function withAccents(items: Item[], size: number): Item[] {
  const bases = items.filter((i) => !ACCENTS[i.latex]);
  for (const accent of items.filter((i) => ACCENTS[i.latex])) {
    const base = bases
      .filter((b) => b.x >= accent.x - ACCENT_REACH_LEFT * size && b.x <= accent.x + ACCENT_REACH_RIGHT * size && !b.right)
      .sort((a, b) => Math.abs(a.x - accent.x) - Math.abs(b.x - accent.x))[0];
    if (base) base.latex = `${ACCENTS[accent.latex]}{${base.latex}}`;
    else bases.push(accent);
  }
  return bases.sort((a, b) => a.x - b.x);
}

/**
 * The size of a formula's main row: its largest type, big operators and tall delimiters
 * aside (U_{micro,pot} has more letters in its scripts than on its row).
 */
function mainSize(main: Line): number {
  const sizes = main.spans.filter((s) => s.text.trim() && !isBigOperator(s) && !TALL_DELIMITERS.test(s.text.trim())).map((s) => s.fontSize);
  return sizes.length ? Math.max(...sizes) : lineFontSize(main);
}

/** A numerator, a denominator or a radicand: its spans read as a formula of their own, with the rules inside it. */
function readPart(spans: Span[], rules: Ruling[]): string | undefined {
  const line: Line = { bbox: spans.map((s) => s.bbox).reduce(union), spans: [...spans].sort((a, b) => a.bbox[0] - b.bbox[0]) };
  return regionLatex([line], line, rules);
}

/** Inline (text-style) fractions: a raised and a lowered span of small type over one another, after a space or at the start. */
function smallFractions(spans: Span[], baseline: number, size: number, operators: Span[]): { fractions: Item[]; rest: Span[] } {
  const small = (s: Span) => s.fontSize < SCRIPT_SIZE * size && !!s.text.trim() && !isBigOperator(s);
  const shift = (s: Span) => baselineOf(s) - baseline;
  const fractions: Item[] = [];
  const used = new Set<Span>();
  for (const top of spans) {
    if (used.has(top) || !small(top) || shift(top) >= -SCRIPT_SHIFT * size) continue;
    const bottom = spans.find((b) => !used.has(b) && b !== top && small(b) && shift(b) > SCRIPT_SHIFT * size && overlapShare(top, b) >= 0.5);
    if (!bottom) continue;
    const x = Math.min(top.bbox[0], bottom.bbox[0]);
    // Centred over and under a big operator they are its limits (beside it, as scripts, the check below keeps them scripts).
    const centre = (x + Math.max(top.bbox[2], bottom.bbox[2])) / 2;
    if (operators.some((o) => centre > o.bbox[0] - size / 4 && centre < o.bbox[2] + size / 4)) continue;
    // Scripts hang on the glyph right before them; a fraction stands apart (after a space, a sign, or first).
    const before = spans.filter((o) => o !== top && o !== bottom && !small(o) && o.bbox[2] <= x + 0.5).sort((a, b) => b.bbox[2] - a.bbox[2])[0];
    if (before && x - before.bbox[2] < 0.15 * size && !/[\s=+\-−<>≤≥(]$/.test(before.text)) continue;
    used.add(top).add(bottom);
    const tex = (s: Span) => joinTokens(spanTokens(s));
    fractions.push({ x, latex: `\\frac{${tex(top)}}{${tex(bottom)}}` });
  }
  return { fractions, rest: spans.filter((s) => !used.has(s)) };
}

function overlapShare(a: Span, b: Span): number {
  const overlap = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);
  return overlap / Math.max(0.1, Math.min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0]));
}

/**
 * Numerators over denominators: the spans above the main line and those below it, in
 * columns where their extents overlap, each column one \frac. Undefined when a column has
 * no partner (a matrix, a stacked layout that is not a fraction).
 */
function stackedFractions(over: Span[], under: Span[], size: number): Item[] | undefined {
  const columns = (spans: Span[]) => {
    const out: Span[][] = [];
    for (const s of [...spans].sort((a, b) => a.bbox[0] - b.bbox[0])) {
      const last = out[out.length - 1];
      if (last && s.bbox[0] < Math.max(...last.map((o) => o.bbox[2])) + size / 2) last.push(s);
      else out.push([s]);
    }
    return out;
  };
  const tops = columns(over);
  const bottoms = columns(under);
  if (tops.length !== bottoms.length) return undefined;
  const extent = (c: Span[]) => [Math.min(...c.map((s) => s.bbox[0])), Math.max(...c.map((s) => s.bbox[2]))];
  const items: Item[] = [];
  for (const [i, top] of tops.entries()) {
    const [t0, t1] = extent(top);
    const [b0, b1] = extent(bottoms[i]);
    if (Math.min(t1, b1) <= Math.max(t0, b0)) return undefined;
    const tex = (c: Span[]) => joinTokens(c.flatMap((s) => spanTokens(s)));
    items.push({ x: Math.min(t0, b0), latex: `\\frac{${tex(top)}}{${tex(bottoms[i])}}` });
  }
  return items;
}

/** A span's tokens, each at its share of the span's width (a script hangs on the token left of it). */
function placedTokens(s: Span): Item[] {
  const list = spanTokens(s);
  const step = (s.bbox[2] - s.bbox[0]) / Math.max(1, list.length);
  return list.map((latex, i) => ({ x: s.bbox[0] + i * step, latex }));
}

/** The item a script hangs on: the last one starting left of it. */
function lastBefore(items: Item[], x: number): Item | undefined {
  return items.filter((i) => i.x < x && !ACCENTS[i.latex]).sort((a, b) => b.x - a.x)[0];
}

/** Accents TeX sets over the glyph before them in the text layer ("x¨" is \ddot{x}). */
const ACCENTS: Record<string, string> = {
  "¨": "\\ddot", "˙": "\\dot", "ˆ": "\\hat", "˜": "\\tilde", "¯": "\\bar", "ˇ": "\\check", "˘": "\\breve", "´": "\\acute", "`": "\\grave",
  // The same as combining marks (NFKC turns the spacing ones into these).
  "\u0308": "\\ddot", "\u0307": "\\dot", "\u0302": "\\hat", "\u0303": "\\tilde", "\u0304": "\\bar", "\u030C": "\\check", "\u0306": "\\breve", "\u0301": "\\acute", "\u0300": "\\grave", "\u20D7": "\\vec",
};

/** Tokens as LaTeX: a command is kept apart from a letter that follows it ("\pi r", not "\pir"); an accent goes over the token before it. */
function joinTokens(list: string[]): string {
  const tokens: string[] = [];
  // An accent opening the list (the text layer gave it before its letter) goes over the next token.
  let pending: string | undefined;
  for (const t of list) {
    if (ACCENTS[t] && tokens.length) tokens[tokens.length - 1] = `${ACCENTS[t]}{${tokens[tokens.length - 1]}}`;
    else if (ACCENTS[t]) pending = ACCENTS[t];
    else {
      tokens.push(pending ? `${pending}{${t}}` : t);
      pending = undefined;
    }
  }
  // Three dots set one by one are an ellipsis: on the baseline \dots, centred \cdots.
  for (let i = 0; i + 2 < tokens.length; i++) {
    const dot = tokens[i] === "." ? "\\dots" : tokens[i] === "\\cdot" ? "\\cdots" : undefined;
    if (dot && tokens[i + 1] === tokens[i] && tokens[i + 2] === tokens[i]) tokens.splice(i, 3, dot);
  }
  return tokens.reduce(concatLatex, "");
}

/** Two pieces of LaTeX one after the other, a command kept apart from a letter that follows it ("\in S", not "\inS"). */
export function concatLatex(a: string, b: string): string {
  return /\\[A-Za-z]+$/.test(a) && /^[A-Za-z]/.test(b) ? `${a} ${b}` : a + b;
}
