// Real font names ("ABCDEF+TimesNewRomanPS-BoldItalicMT") and the bold/italic they imply.
// pdf.js's text content names fonts only by a generic family; the names come with the
// fonts pdf.js loads for an operator list, which costs about as much as the text itself.
// Fonts are shared by the whole document, so the operator list is fetched only for a page
// that uses a font not seen before, and only for the first few such pages: documents
// introduce their fonts early, and a file of many joined documents must not pay twice.
import type { PdfPage } from "./open";

export interface FontInfo {
  /** PostScript name without the subset prefix, or the generic family when unknown. */
  name: string;
  bold: boolean;
  italic: boolean;
}

// TeX's Computer Modern names its weights and shapes in the name's letters: cmbx/cmb
// (bold), cmti/cmsl/cmmi (italic, slanted, math italic), and the cm-super (EC) fonts the
// same with "sf" (sfbx, sfbi, sfti, sfsl).
const BOLD = /bold|black|heavy|semibold|demi|-medi\b|medium|\bbd\b|-bd|cmbx|cmb\d|sfbx|sfbi|sfsb/i;
const ITALIC = /italic|oblique|-it\b|-ital|cmti|cmsl|cmmi|sfti|sfsl|sfbi/i;

export function fontInfoFromName(rawName: string): FontInfo {
  const name = rawName.replace(/^[A-Z]{6}\+/, "");
  return { name, bold: BOLD.test(name), italic: ITALIC.test(name) };
}

interface LoadedFont {
  name?: string;
}

/** Pages per document whose operator list may be fetched to learn new fonts. */
export const FONT_PROBE_PAGES = 6;

/** Per-document budget of font probes. */
export interface FontProbeBudget {
  left: number;
}

export const fontProbeBudget = (): FontProbeBudget => ({ left: FONT_PROBE_PAGES });

/** Font info for each font id of a page's text content. */
export async function pageFonts(page: PdfPage, fontIds: string[], genericFamily: (id: string) => string, budget: FontProbeBudget): Promise<Map<string, FontInfo>> {
  const known = (id: string) => page.commonObjs.has(id);
  if (budget.left > 0 && fontIds.some((id) => !known(id))) {
    budget.left--;
    try {
      await page.getOperatorList();
    } catch {
      // A page whose drawing operators fail still has its text: fall back to generic names.
    }
  }
  const fonts = new Map<string, FontInfo>();
  for (const id of fontIds) {
    const loaded = known(id) ? (page.commonObjs.get(id) as LoadedFont | undefined) : undefined;
    fonts.set(id, fontInfoFromName(loaded?.name ?? genericFamily(id)));
  }
  return fonts;
}
