// Math fonts by their names, for every reader of a PDF's glyphs that must know mathematics
// when it sees it: the text layer (whose extension glyphs hang below their origin) and the
// formula readers.

/**
 * Math fonts by their names (the subset prefix is already gone): TeX's and the AMS's,
 * Latin Modern, Euler (eurm, eufm, eusm, euex), the math fonts of the text families TeX
 * papers are set in (newtx/txfonts/pxfonts: tx-, px-, rtx-, ntx- with mi/sy/ex; kpfonts:
 * "Kp--M-" and jkpm; mathpazo: zplm; fourier: fut-mi/sy/ex; MathDesign's MathItalic, Symbol
 * and Extension faces, not its text faces; Libertinus Math), the OpenType math fonts (STIX,
 * Cambria, XITS, TeX Gyre, Asana, New CM), MathType's and LibreOffice Math's OpenSymbol.
 */
export const MATH_FONT = new RegExp(
  "^(" +
    [
      "cmmi", "cmsy", "cmex", "cmbsy", "cmmib", "msam", "msbm", "eur[mb]", "euf[mb]", "eus[mb]", "euex", "rsfs",
      "lmmath", "latinmodernmath", "stix(two)?math", "cambria-?math", "xitsmath", "texgyre\\w*math", "asanamath", "newcmmath",
      "mtextra", "mt-extra", "euclid", "mathematicalpi", "mtmi", "mtsy", "mtex",
      "(tx|px|rtx|ntx)b?(mi|mia|sy|sya|syb|syc|ex|exx)", "kp-+m-", "jkpm", "zplm", "fut(mi|sy|ex)", "libertinus(t1)?math",
      "mathdesign-.*-(math\\w*|symbol\\w*|extension|ot1)-", "opensymbol",
    ].join("|") +
    ")",
  "i",
);
/** TeX's extension fonts: big operators and radicals, drawn from letters of the font's own encoding. */
export const EXTENSION_FONT = /^(cmex|euex|lmmathextension|(tx|px|rtx|ntx)b?exx?\b|kp-+m-ex|futex|mathdesign-.*-extension-)/i;
/**
 * newtx's upright math font: the digits, signs and brackets of its formulas, and also the
 * ligatures of its text ("ff" in "effort"), so only its glyphs that are not letters are
 * mathematics.
 */
export const MATH_SIGNS_FONT = /^rtx[rb]\b/i;
