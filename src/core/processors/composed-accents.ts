// Letters TeX builds from an accent glyph and a letter: the text layer gives "J´an Min´aˇc"
// and "Fran¸cois", the accent as a glyph of its own before the letter it is set over. Read
// as composed letters (NFC: Ján Mináč, François), the dotless i and j under an accent as i
// and j (Jiří, naïve), as any reader of the text would type them.

/** Spacing accents and the combining marks they stand for. */
const COMBINING: Record<string, string> = { "´": "\u0301", "`": "\u0300", "ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "ˇ": "\u030C", "˘": "\u0306", "˙": "\u0307", "¯": "\u0304", "˚": "\u030A", "˝": "\u030B", "¸": "\u0327" };
const ACCENT_BEFORE_LETTER = /([´`ˆ˜¨ˇ˘˙¯˚˝¸])([\p{Lu}\p{Ll}\p{Lt}\p{Lo}])/gu;

export function withComposedAccents(text: string): string {
  if (!/[´`ˆ˜¨ˇ˘˙¯˚˝¸]/.test(text)) return text;
  return text.replace(ACCENT_BEFORE_LETTER, (_, accent: string, letter: string) => ((letter === "ı" ? "i" : letter === "ȷ" ? "j" : letter) + COMBINING[accent]).normalize("NFC"));
}
