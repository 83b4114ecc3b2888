// The LaTeX tokens of a run of glyphs in a formula, written in the style the font sets
// them: what a letter is in mathematics is told by how it looks. An italic letter is a
// variable (x); upright letters are a function's name (\sin), a word (\text{and}) or an
// upright symbol (\mathrm{d}); bold ones are vectors (\mathbf{v}, \boldsymbol{\beta});
// TeX's alphabet fonts write blackboard, fraktur and calligraphic letters (\mathbb{R},
// \mathfrak{g}, \mathcal{F}); Unicode's mathematical alphanumerics carry their style in
// the character itself (𝐀 is \mathbf{A}, 𝜋 is \pi).
import type { Span } from "../model";
import { FUNCTION_NAMES, LATEX_OF } from "./symbols";

/**
 * Math fonts of the 7-bit TeX encodings whose letters are the italic of mathematics (cmmi,
 * Latin Modern's, newtx/txfonts/pxfonts' mi fonts, Euler's eurm, fourier's, MathDesign's
 * MathItalic, kpfonts', mathpazo's, MathTime's).
 */
const MATH_ITALIC_FONT = /^(cmmi|lmmathitalic|(tx|px|rtx|ntx)b?mia?\b|eur[mb]|futmi|mathdesign-.*-mathitalic-|kp-+m-(medium)?italic|jkpmi?|zplm|mtmi|euclid-?math-?one)/i;
/**
 * Math italic fonts whose glyphs keep TeX's names without a Unicode map that corrects them:
 * "phi" and "epsilon" are TeX's straight ϕ and lunate ϵ, which the Adobe glyph list reads
 * as φ and ε, the other way round from Unicode's pictures. (pdfTeX writes a map for
 * Computer Modern that gets them right; Latin Modern, Euler, newtx and kpfonts name theirs
 * by Unicode.)
 */
const TEX_GLYPH_NAMES = /^mathdesign-.*-mathitalic-/i;
/** TeX's symbol fonts, whose capital letters are calligraphic (\mathcal). */
const CALLIGRAPHIC_CAPITALS = /^(cmb?sy|lmmathsymbols|(tx|px|rtx|ntx)b?syc?\b|futsy|mathdesign-.*-symbol-|kp-+m-sy|zplsy?|mtsy)/i;
/** Symbol fonts whose capital letters are blackboard bold (\mathbb): MathDesign keeps them among its AMS symbols (its ħ and ✓ stay symbols). */
const BLACKBOARD_CAPITALS = /^mathdesign-.*-mathdesignsymbola-/i;
/** Alphabet fonts: every letter of theirs is written with their command. */
const ALPHABET_FONT: [RegExp, string][] = [[/^msbm/i, "\\mathbb"], [/^euf[mb]/i, "\\mathfrak"], [/^(rsfs|eus[mb]|stixmathcalligraphy|stixmathscript)/i, "\\mathcal"]];
const SANS_FONT = /sans|helvet|arial|biolinum|cmss|sfss|lmsans|-ss\b|rtxss|sf-kp|nimbussan/i;
const MONO_FONT = /mono|courier|cmtt|sftt|lmmono|t1xtt|tt-kp|nimbusmon/i;

/**
 * Unicode's mathematical alphanumerics (U+1D400 on): thirteen Latin alphabets of 52
 * letters, then Greek and digits, each style as the command that writes it (undefined:
 * plain italic, mathematics' default).
 */
const LATIN_STYLES = ["\\mathbf", undefined, "\\boldsymbol", "\\mathcal", "\\mathcal", "\\mathfrak", "\\mathbb", "\\mathfrak", "\\mathsf", "\\mathsf", "\\mathsf", "\\mathsf", "\\mathtt"];
const GREEK_STYLES = ["\\boldsymbol", undefined, "\\boldsymbol", "\\boldsymbol", "\\boldsymbol"];
const DIGIT_STYLES = ["\\mathbf", "\\mathbb", "\\mathsf", "\\mathbf", "\\mathtt"];
/** The letter-like symbols that fill the alphabets' gaps (ℝ for the double-struck R, ℋ for the script H). */
const LETTERLIKE: Record<string, string> = {
  ...Object.fromEntries([..."ℂℍℕℙℚℝℤ"].map((c) => [c, "\\mathbb"])),
  ...Object.fromEntries([..."ℬℰℱℋℐℒℳℛℯℊℴ"].map((c) => [c, "\\mathcal"])),
  ...Object.fromEntries([..."ℭℌℨ"].map((c) => [c, "\\mathfrak"])),
};

/**
 * The style a character is set in when it is a mathematical alphanumeric (`styled`; its
 * command, none for the plain italic), and its plain letter or digit.
 */
export function styledCharacter(ch: string): { base: string; styled?: true; style?: string } {
  const code = ch.codePointAt(0)!;
  const base = ch.normalize("NFKC");
  const styled = (style: string | undefined) => ({ base, styled: true as const, ...(style ? { style } : {}) });
  if (LETTERLIKE[ch]) return styled(LETTERLIKE[ch]);
  // ℎ, Planck's constant, is the italic h of the alphabet.
  if (ch === "ℎ") return styled(undefined);
  if (code >= 0x1d400 && code < 0x1d6a4) return styled(LATIN_STYLES[Math.floor((code - 0x1d400) / 52)]);
  if (code >= 0x1d6a8 && code < 0x1d7ca) return styled(GREEK_STYLES[Math.floor((code - 0x1d6a8) / 58)]);
  if (code >= 0x1d7ce && code <= 0x1d7ff) return styled(DIGIT_STYLES[Math.floor((code - 0x1d7ce) / 10)]);
  return { base: ch };
}

/** Symbols by their LaTeX names: the shared table, other code points of the same glyphs, and the characters LaTeX must escape. */
const SYMBOLS: Record<string, string> = {
  ...LATEX_OF,
  "∗": "*", "−": "-", "–": "-", "ℓ": "\\ell", "∥": "\\|", "‖": "\\|", "′": "'", "″": "''", "√": "\\surd", "∶": ":", "◦": "\\circ", "∆": "\\Delta", "∇": "\\nabla",
  "{": "\\{", "}": "\\}", "%": "\\%", "#": "\\#", "&": "\\&", "$": "\\$", "_": "\\_", "\\": "\\backslash",
};

/** Greek letters of fonts with TeX's glyph names (TEX_GLYPH_NAMES). */
const GREEK_OF_TEX_NAMES: Record<string, string> = { "φ": "\\phi", "ϕ": "\\varphi", "ε": "\\epsilon", "ϵ": "\\varepsilon" };

interface FontStyle {
  /** Letters are italic (variables) rather than upright. */
  italic: boolean;
  /** The command every letter of the font is written with. */
  alphabet?: string;
  /** The font's glyphs keep TeX's names. */
  texNames: boolean;
  /** The alphabet of the font's capital letters A-Z, where only they are in one. */
  capitals?: string;
}

function fontStyle(s: Span): FontStyle {
  const family = s.fontFamily.replace(/\s+/g, "");
  const texNames = TEX_GLYPH_NAMES.test(family);
  const italic = MATH_ITALIC_FONT.test(family) || s.italic;
  const alphabet =
    ALPHABET_FONT.find(([font]) => font.test(family))?.[1] ??
    (s.bold ? (italic ? "\\boldsymbol" : "\\mathbf") : SANS_FONT.test(family) ? "\\mathsf" : MONO_FONT.test(family) ? "\\mathtt" : undefined);
  return { italic, alphabet, texNames, capitals: CALLIGRAPHIC_CAPITALS.test(family) ? "\\mathcal" : BLACKBOARD_CAPITALS.test(family) ? "\\mathbb" : undefined };
}

/**
 * LaTeX tokens of a span of a formula: letters one by one as variables when italic,
 * upright runs of letters as one name or word, symbols by name.
 */
export function spanTokens(s: Span): string[] {
  const style = fontStyle(s);
  const out: string[] = [];
  // ℓ is a letter of its own in mathematics (\ell), which NFKC would flatten to l.
  const chars = [...s.text].map((ch) => (ch === "ℓ" ? { base: ch } : styledCharacter(ch)));
  for (let i = 0; i < chars.length; i++) {
    const { base, styled: isStyled, style: own } = chars[i];
    if (/\s/.test(base)) continue;
    // Three dots set tight were typed as dots ("1, ..., n"); \dots spaces them (the text layer's ". . .", read as \dots when joined).
    if (base === "." && chars[i + 1]?.base === "." && chars[i + 2]?.base === ".") {
      out.push("...");
      i += 2;
      continue;
    }
    // (Modifier letters, ˆ ˜ ˇ among them, are accents, not letters.)
    const letter = /^[\p{Lu}\p{Ll}\p{Lt}\p{Lo}]$/u.test(base) && base !== "ℓ";
    if (!letter || isStyled) {
      out.push(styled(own ?? (style.alphabet && /^[\p{L}\p{N}]$/u.test(base) ? style.alphabet : undefined), symbol(base, style)));
      continue;
    }
    if (style.capitals && /^[A-Z]$/.test(base)) {
      out.push(`${style.capitals}{${base}}`);
      continue;
    }
    // Upright Latin letters together are one name ("sin", "Tr", "and"); italic ones, variables side by side.
    let end = i + 1;
    if (!style.italic && /[A-Za-z]/.test(base)) while (end < chars.length && !chars[end].styled && /^[A-Za-z]$/.test(chars[end].base)) end++;
    const run = chars.slice(i, end).map((c) => c.base).join("");
    i = end - 1;
    if (style.italic || /\p{Script=Greek}/u.test(run)) out.push(styled(style.alphabet, symbol(run, style)));
    else if (FUNCTION_NAMES.has(run) && !style.alphabet) out.push(`\\${run}`);
    else if (style.alphabet) out.push(`${style.alphabet}{${run}}`);
    else out.push(run.length > 1 ? `\\text{${run}}` : `\\mathrm{${run}}`);
  }
  return out;
}

/** A symbol by its name; other compatibility characters as what they stand for (NFKC: ﬁ is fi, ½ is 1⁄2). */
function symbol(ch: string, style: FontStyle): string {
  // (A spacing accent becomes its combining mark: the formula reader sets it over its letter.)
  return (style.texNames ? GREEK_OF_TEX_NAMES[ch] : undefined) ?? SYMBOLS[ch] ?? (ch.normalize("NFKC").trim() || ch);
}

const styled = (command: string | undefined, latex: string) => (command ? `${command}{${latex}}` : latex);
