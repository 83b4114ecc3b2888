// PDF font names ("ABCDEF+TimesNewRomanPS-BoldMT", pdf.js's "serif") mapped to families
// an Office installation has.
const FAMILIES: [RegExp, string][] = [
  [/courier|mono|consolas|menlo/i, "Courier New"],
  [/times|serif|georgia|garamond|cambria|minion|cmr|nimbusrom|libertine/i, "Times New Roman"],
  [/calibri/i, "Calibri"],
  [/arial|helvetica|sans|verdana|tahoma|nimbussan|liberation/i, "Arial"],
];

export function officeFont(pdfFontFamily: string | undefined): string {
  const name = (pdfFontFamily ?? "").replace(/^[A-Z]{6}\+/, "");
  if (/sans/i.test(name)) return "Arial";
  for (const [pattern, family] of FAMILIES) if (pattern.test(name)) return family;
  return "Calibri";
}

/** PDF points to twentieths of a point (Word's unit for page geometry). */
export const twips = (points: number) => Math.round(points * 20);
