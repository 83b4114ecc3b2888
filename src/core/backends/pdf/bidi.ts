// Right-to-left text in mixed-direction text items. pdf.js turns an item that is mostly
// Arabic or Hebrew into logical order, but leaves one that is mostly Latin with an Arabic
// word in it in the order the glyphs were drawn: visual order, so its right-to-left
// stretches come out reversed. Here each such stretch is turned around.

const RTL = "\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF";
const RTL_LETTER = new RegExp(`[${RTL}]`);
/** A stretch: RTL letters with their marks and the spaces between them. */
const RTL_STRETCH = new RegExp(`([${RTL}](?:[${RTL}\\s]*[${RTL}])?)`);

export const hasRtl = (text: string) => RTL_LETTER.test(text);

/**
 * The item's text in logical order (`dir` is pdf.js's verdict for the whole item). pdf.js
 * reorders an item it finds right to left (three letters in ten or more) itself, whatever
 * Latin words it quotes; one it finds left to right it leaves in drawing order, so its
 * right-to-left stretches are turned around here.
 */
export function logicalOrder(text: string, dir: string): string {
  if (dir === "rtl" || !hasRtl(text)) return text;
  return text
    .split(RTL_STRETCH)
    .map((part) => (RTL_LETTER.test(part) ? [...part].reverse().join("") : part))
    .join("");
}
