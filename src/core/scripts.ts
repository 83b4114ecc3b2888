// Writing systems the text processors and OCR must tell apart.

/** Scripts written without spaces between words (Han, kana, full-width forms; not Hangul, which spaces its words). */
export const UNSPACED_SCRIPT = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

const UNSPACED_CHARS = new RegExp(UNSPACED_SCRIPT.source, "g");
/** Chinese words average under two characters: a run of Han counts a word for every two. */
const CHARS_PER_UNSPACED_WORD = 2;

/**
 * Words in a text, for the rules that tell prose from labels and cells by length: words
 * between spaces, and in scripts set without spaces one for every two characters (a line
 * of Chinese prose is one "word" between spaces, and would pass for a label).
 */
export function wordCount(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    const unspaced = token.match(UNSPACED_CHARS)?.length ?? 0;
    count += Math.ceil(unspaced / CHARS_PER_UNSPACED_WORD) + (unspaced < token.length ? 1 : 0);
  }
  return count;
}
