// Lines whose runs mix directions (an Arabic line quoting "Microsoft Word", an English line
// with an Arabic word, as LibreOffice and Chromium print them) are read in logical order.
import { describe, expect, it } from "vitest";
import { inReadingOrder } from "../../src/core/scripts";
import type { Run } from "../../src/core/runs";

/** Runs of the given texts set side by side from the left, each as wide as its text. */
function runsFromLeft(texts: string[]): Run[] {
  let x = 0;
  return texts.map((text) => {
    const run: Run = { text, bbox: [x, 0, x + text.length * 6, 10], baseline: 8, fontSize: 10, fontFamily: "Noto", bold: false, italic: false, eol: false };
    x += text.length * 6 + 3;
    return run;
  });
}
const read = (texts: string[]) => inReadingOrder(runsFromLeft(texts)).runs.map((r) => r.text);

describe("inReadingOrder", () => {
  it("reads an Arabic line from its right end, and the Latin it quotes left to right", () => {
    // As printed, left to right: بسهولة LibreOffice و Microsoft Word يعمل البرنامج مع
    expect(read(["بسهولة", "LibreOffice", "و", "Microsoft", "Word", "يعمل البرنامج مع"])).toEqual(["يعمل البرنامج مع", "Microsoft", "Word", "و", "LibreOffice", "بسهولة"]);
    expect(inReadingOrder(runsFromLeft(["بسهولة", "LibreOffice", "مع"])).rtl).toBe(true);
  });

  it("reads an English line left to right, and an Arabic word in it set glyph by glyph from its right end", () => {
    // A browser writes each Arabic glyph as a run: حبيبي drawn left to right is ي ب ي ب ح.
    expect(read(["The word", "ي", "ب", "ي", "ب", "ح", "means my love"]).join("|")).toBe("The word|ح|ب|ي|ب|ي|means my love");
    expect(inReadingOrder(runsFromLeft(["The word", "ي", "means"])).rtl).toBe(false);
  });

  it("reads figures left to right inside an Arabic line", () => {
    // 13 فيفري 2018 as printed: 2018, then the month, then 13 at the right.
    expect(read(["2", "0", "1", "8", "فيفري", "13"])).toEqual(["13", "فيفري", "2", "0", "1", "8"]);
  });

  it("leaves a line without right-to-left letters as it is", () => {
    expect(read(["one", "two", "3"])).toEqual(["one", "two", "3"]);
  });
});
