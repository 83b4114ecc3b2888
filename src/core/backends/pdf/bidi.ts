// Right-to-left text in mixed-direction text items. pdf.js turns an item of Arabic or
// Hebrew alone into logical order, but leaves an item that mixes scripts ("habibi حبيبي"
// drawn as one string) in the order the glyphs were drawn: visual order, so its
// right-to-left stretches come out reversed. Here each stretch is turned around and, when
// pdf.js saw the item as right-to-left, the stretches are put back in reading order.

const RTL = "\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF";
const RTL_LETTER = new RegExp(`[${RTL}]`);
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;
/** A stretch: RTL letters with their marks and the spaces between them. */
const RTL_STRETCH = new RegExp(`([${RTL}](?:[${RTL}\\s]*[${RTL}])?)`);

export const hasRtl = (text: string) => RTL_LETTER.test(text);

/**
 * Whether the item mixes in a left-to-right word: a token with a Latin, Greek or Cyrillic
 * letter and no right-to-left one. A stray letter inside Arabic words (a font whose map
 * names Greek code points for two of its Persian glyphs: "ﺳﺒΈ") does not make a mixed item.
 */
const hasLtrWord = (text: string) => text.split(/\s+/).some((token) => LTR_LETTER.test(token) && !RTL_LETTER.test(token));

/** The item's text in logical order (`dir` is pdf.js's verdict for the whole item). */
export function logicalOrder(text: string, dir: string): string {
  if (!hasRtl(text) || !hasLtrWord(text)) return text;
  const segments = text.split(RTL_STRETCH).map((part) => (RTL_LETTER.test(part) ? [...part].reverse().join("") : part));
  if (dir !== "rtl") return segments.join("");
  return segments
    .reverse()
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" ");
}
