// Real font names ("ABCDEF+TimesNewRomanPS-BoldItalicMT") and the bold/italic they imply.
// pdf.js's text content names fonts only by a generic family; the patched worker
// (scripts/build-pdfjs.mjs) adds each font's real name to the text content's styles, so
// every font of every page is known without an operator list.

export interface FontInfo {
  /** PostScript name without the subset prefix, or the generic family when unknown. */
  name: string;
  bold: boolean;
  italic: boolean;
}

// TeX's Computer Modern names its weights and shapes in the name's letters: cmbx/cmb
// (bold), cmti/cmsl/cmmi (italic, slanted, math italic), and the cm-super (EC) fonts the
// same with "sf" (sfbx, sfbi, sfti, sfsl). URW's free clones (NimbusRomNo9L) end their
// names in -Regu, -ReguItal, -Medi (bold) and -MediItal.
// The sans and other families put the weight after their own letters: cmssbx10, ecssbx10.
const BOLD = /bold|black|heavy|semibold|demi|-medi(\b|ital)|medium|\bbd\b|-bd|(cm|ec|tc|eu)[a-z]{0,4}bx|cmb\d|sfbx|sfbi|sfsb/i;
const ITALIC = /italic|oblique|-it\b|-ital|ital$|cmti|cmsl|cmmi|cmbxti|ecti|ecsl|sfti|sfsl|sfbi/i;

/** Names of fonts whose every glyph has one width (Courier, TeX's typewriter cmtt, code faces). */
export const MONOSPACE_FONT = /courier|mono|consola|menlo|inconsolata|typewriter|cmtt/i;

export function fontInfoFromName(rawName: string): FontInfo {
  const name = rawName.replace(/^[A-Z]{6}\+/, "");
  return { name, bold: BOLD.test(name), italic: ITALIC.test(name) };
}

/** Font info for each font id of a page's text content, from the styles pdf.js gives with it. */
export function pageFonts(styles: Record<string, { fontFamily?: string; fontName?: string }>): Map<string, FontInfo> {
  const fonts = new Map<string, FontInfo>();
  for (const [id, style] of Object.entries(styles)) fonts.set(id, fontInfoFromName(style.fontName || style.fontFamily || ""));
  return fonts;
}
