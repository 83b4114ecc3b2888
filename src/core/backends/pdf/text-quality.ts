// Whether a page's text layer can be trusted. Two faults send a page to OCR although it
// has text: glyph codes without a mapping to Unicode (fonts subset with private encodings
// give "?>9@AJ.D<F@" for a readable line: symbol soup with hardly a word in it), and an
// invisible OCR layer of poor quality over a scan (strings of consonants, not words).
import type { Run } from "../../runs";

export type TextLayerFault = "garbled" | "implausible";

/** Fewer characters than this say too little to judge (a page with a title and a picture). */
const MIN_CHARS = 40;
/** Symbol soup: more than this share of the characters are ASCII symbols, private-use or replacement characters... */
const MAX_SYMBOL_SHARE = 0.15;
/** ...and less than this share are letters of words (three letters or more) or figures: code, which is symbol-rich, is still wordy. */
const MIN_WORDY_SHARE = 0.35;
/** Latin words of four letters or more without a vowel: over this share, the layer is not a reading of text. */
const MAX_VOWELLESS_SHARE = 0.3;
/** Words judged at least: a handful of acronyms must not tip a short page. */
const MIN_WORDS = 8;

const SYMBOLS = /[!#$%&*<=>?@[\\\]^_`{|}~\uE000-\uF8FF\uFFFD\u0000-\u001F]/gu;
/** Letters of words, and figures (a table's "5.9%" and "2012_2" are content, not soup). */
const WORDS = /\p{L}{3,}|\p{N}+/gu;
/** A sign repeated: leaders and rules set with characters ("______", "....."), which say nothing either way. */
const REPEATED_SIGN = /([^\p{L}\p{N}\s])\1{2,}/gu;
const LATIN_WORD = /^[A-Za-z]{4,}$/;
const VOWEL = /[aeiouyAEIOUY]/;

/** What is wrong with the runs' text, if anything; `minChars` is the least text judged (a page's; one font's is judged on less). */
export function textLayerFault(runs: Run[], minChars = MIN_CHARS): TextLayerFault | undefined {
  const text = runs.map((r) => r.text).join(" ").replace(REPEATED_SIGN, "");
  const chars = text.replace(/\s/g, "").length;
  if (chars < minChars) return undefined;
  const symbols = text.match(SYMBOLS)?.length ?? 0;
  const wordy = (text.match(WORDS) ?? []).reduce((n, w) => n + w.length, 0);
  if (symbols / chars > MAX_SYMBOL_SHARE && wordy / chars < MIN_WORDY_SHARE) return "garbled";
  const latin = text.split(/[^A-Za-z]+/).filter((w) => LATIN_WORD.test(w));
  if (latin.length >= MIN_WORDS && latin.filter((w) => !VOWEL.test(w)).length / latin.length > MAX_VOWELLESS_SHARE) return "implausible";
  return undefined;
}
