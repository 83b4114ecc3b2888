// An accent TeX draws as a glyph of its own over the letter after it, from another font
// (stress marks over Cyrillic vowels), composes with that letter: no word space parts them.
import { describe, expect, it } from "vitest";
import { buildLines, lineText } from "../../src/core/processors/lines";
import type { Run } from "../../src/core/runs";

const run = (text: string, x0: number, x1: number, fontFamily: string): Run => ({ text, bbox: [x0, 90, x1, 102], baseline: 100, fontSize: 12, fontFamily, bold: false, italic: false, eol: false });

describe("accents over letters", () => {
  it("reads a stress mark from another font over the vowel after it as the accented vowel", () => {
    // As texlive's ukrhyph rules set під-живля́ти: the word in an LH Cyrillic font, the acute from the roman font, zero wide, over я.
    const line = buildLines([run("під-живл", 100, 150, "LHRoman"), run("´", 152, 152, "CMR12"), run("яти", 150, 170, "LHRoman")]);
    expect(line.map(lineText)).toEqual(["під-живля́ти"]);
  });

  it("leaves an accent that stands across a word space from the next word", () => {
    const line = buildLines([run("café", 100, 124, "Times"), run("´", 121, 121, "Symbol"), run("noir", 130, 150, "Times")]);
    expect(lineText(line[0])).not.toContain("´noir");
  });

  it("leaves an accent over a letter standing alone to the formula reader (a tilde over S in a formula set in text fonts)", () => {
    const line = buildLines([run("x", 90, 96, "Times"), run("˜", 103, 103, "Times"), run("S", 100, 107, "Times-Italic"), run("is", 112, 122, "Times")]);
    expect(lineText(line[0])).not.toContain("S̃");
  });
});
