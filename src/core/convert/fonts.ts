// PDF font names ("ABCDEF+TimesNewRomanPS-BoldMT", pdf.js's generic "serif") mapped to
// families every Office installation has, so the converted file does not fall back to
// whatever the reader's machine picks for an embedded subset font.
import { MONOSPACE_FONT } from "../backends/pdf/fonts";

/** Checked in order: "sans-serif" must say Arial before the serif rule sees "serif". */
// Every family written has a metric-compatible font that LibreOffice installs and substitutes
// (Arial -> Liberation Sans, Times New Roman -> Liberation Serif, Courier New -> Liberation
// Mono, Calibri -> Carlito, Cambria -> Caladea), so the text keeps its widths there, and
// Word on Windows or macOS has the originals.
const FAMILIES: [RegExp, string][] = [
  [MONOSPACE_FONT, "Courier New"],
  [/sans|cmss|arial|helvetica|verdana|tahoma|nimbussan|arimo|dejavusans|segoe|frutiger|univers|futura|trebuchet|gill|lucida|myriad|avenir|roboto|opensans|lato/i, "Arial"],
  [/calibri|carlito/i, "Calibri"],
  [/cambria|caladea/i, "Cambria"],
  [/times|serif|georgia|garamond|minion|cmr|nimbusrom|tinos|libertine|palatino|bookman|century|roman|melior|baskerville|caslon|charter|utopia|sabon|stix|cmbx|cmti|cmmi|cmsy|cmex/i, "Times New Roman"],
  [/symbol/i, "Symbol"],
];

/** Word's and PowerPoint's own default body face, used when the PDF name says nothing. */
export const DEFAULT_FONT = "Calibri";

export function officeFont(pdfFontFamily: string | undefined): string {
  // The six capitals and a plus are a subset tag, not part of the name.
  const name = (pdfFontFamily ?? "").replace(/^[A-Z]{6}\+/, "");
  for (const [pattern, family] of FAMILIES) if (pattern.test(name)) return family;
  return DEFAULT_FONT;
}

/** PDF points to twentieths of a point (Word's unit for page geometry). */
export const twips = (points: number) => Math.round(points * 20);

/** A font size for PowerPoint, to the tenth of a point it shows (half points would set a dense table a few per cent wider). */
export const slidePoints = (points: number) => Math.max(1, Math.round(points * 10) / 10);

/** EMUs (the Office unit of drawing positions, sizes and line widths) per point. */
export const EMU_PER_POINT = 12700;

/** PDF points to half-points (Word's unit for font sizes). */
export const halfPoints = (points: number) => Math.max(2, Math.round(points * 2));
