// Adobe's Symbol font names the pieces of tall delimiters (parenlefttp, bracketleftex,
// braceleftmid...) and gives them code points in the Private Use Area, which TeX's
// extension fonts and Word's Symbol font share when a PDF maps glyphs by name. Unicode has
// them as Miscellaneous Technical characters: read as those, they can be told apart and
// put together (a matrix's brackets, a definition's brace) instead of being unreadable.
const PIECES: Record<string, string> = {
  "\uF8E6": "⏐", "\uF8E7": "⎯",
  "\uF8EB": "⎛", "\uF8EC": "⎜", "\uF8ED": "⎝", "\uF8EE": "⎡", "\uF8EF": "⎢", "\uF8F0": "⎣",
  "\uF8F1": "⎧", "\uF8F2": "⎨", "\uF8F3": "⎩", "\uF8F4": "⎪", "\uF8F5": "⎮",
  "\uF8F6": "⎞", "\uF8F7": "⎟", "\uF8F8": "⎠", "\uF8F9": "⎤", "\uF8FA": "⎥", "\uF8FB": "⎦",
  "\uF8FC": "⎫", "\uF8FD": "⎬", "\uF8FE": "⎭",
};

export const withUnicodePieces = (text: string) => (/[\uF8E6-\uF8FE]/.test(text) ? text.replace(/[\uF8E6-\uF8FE]/g, (ch) => PIECES[ch] ?? ch) : text);
