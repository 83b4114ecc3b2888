// How wide a text is when set in one of the Office families the converters write, measured
// on the metric-compatible fonts LibreOffice renders them with (font-widths.ts). The layout
// converters compare it with the width the PDF printed, to fit a substitute font.
import { FIRST_CHAR, FONT_WIDTHS } from "./font-widths";

/** Every Courier glyph is 0.6 em wide. */
const MONOSPACE_EM = 0.6;
const MONOSPACE_FAMILIES = new Set(["Courier New"]);

/** The text's advance width in ems (multiply by the font size for points); undefined for a family without measurements. */
export function textWidthEm(text: string, family: string, bold: boolean, italic: boolean): number | undefined {
  if (MONOSPACE_FAMILIES.has(family)) return [...text].length * MONOSPACE_EM;
  const table = FONT_WIDTHS[family]?.[(bold ? 1 : 0) + (italic ? 2 : 0)];
  if (!table) return undefined;
  // Characters outside the table (accents, dashes, CJK) count as an average lowercase letter.
  const fallback = averageLowercase(table);
  let total = 0;
  for (const ch of text) total += table[(ch.codePointAt(0) ?? 0) - FIRST_CHAR] ?? fallback;
  return total / 1000;
}

const averages = new WeakMap<number[], number>();
function averageLowercase(table: number[]): number {
  let avg = averages.get(table);
  if (avg === undefined) {
    const letters = table.slice("a".charCodeAt(0) - FIRST_CHAR, "z".charCodeAt(0) - FIRST_CHAR + 1);
    avg = letters.reduce((a, b) => a + b, 0) / letters.length;
    averages.set(table, avg);
  }
  return avg;
}
