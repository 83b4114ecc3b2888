// Text as a user would type it, whatever the font maps its glyphs to: radicals for
// ideographs, presentation forms, ligatures (PDFs made here, their /ToUnicode maps written
// as producers of CJK and Arabic documents write them), and clusters that say what they
// read as (/ActualText), in ten scripts printed by a browser.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { glyphNamesTextPdf, standardSymbolFontsPdf, toUnicodeTextPdf } from "../../scripts/chaos/made-documents.mjs";
import { fixtureFile, fixtureText } from "../helpers/corpus";

async function textOf(line: string, mapping: [string, string][]): Promise<string> {
  const doc = await parseDocument(toUnicodeTextPdf(line, new Map(mapping)), "made.pdf", { features: DEFAULT_FEATURES });
  return doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");
}

describe("text as typed", () => {
  it("reads ideographs a font maps to Kangxi radicals as the ideographs, so a search for 木 finds them", async () => {
    expect(await textOf("ABCD", [["A", "⽊"], ["B", "⽇"], ["C", "⼀"], ["D", "⺟"]])).toBe("木日一母");
  });

  it("keeps ideographs and a radical NFKC has no ideograph for as they are", async () => {
    expect(await textOf("ABC", [["A", "木"], ["B", "⺀"], ["C", "本"]])).toBe("木⺀本");
  });

  it("reads the standard symbol fonts as what they show: ZapfDingbats' codes as its symbols, Symbol's as Greek", async () => {
    const doc = await parseDocument(standardSymbolFontsPdf(), "symbols.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].blocks.map((b) => b.text)).toEqual(["αβγδπ", "✓✔ ✘★", "Plain"]);
  });

  it("reads ligatures and Arabic presentation forms as the letters they join or shape", async () => {
    expect(await textOf("AB", [["A", "ﬁ"], ["B", "ﬂ"]])).toBe("fifl");
    expect(await textOf("A", [["A", "\uFEFB"]])).toBe("لا");
  });
});

/** The paragraphs of a fixture's HTML source, and the blocks read from its print (`name`.html, `printed`.pdf). */
async function writtenAndRead(name: string, printed = name): Promise<{ written: string[]; read: string[] }> {
  const source = await fixtureText(`pdf/${name}.html`);
  const written = [...source.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]);
  const doc = await parseDocument(await fixtureFile(`pdf/${printed}.pdf`), `${printed}.pdf`, { features: DEFAULT_FEATURES });
  return { written, read: doc.pages.flatMap((p) => p.blocks.map((b) => b.text)) };
}

describe("a browser's print of ten scripts", () => {
  it("reads every paragraph exactly as its HTML source has it: vowel signs, conjuncts, ligatures and ideographs", async () => {
    const { written, read } = await writtenAndRead("scripts-browser");
    expect(read).toEqual(written);
  });
});

describe("Arabic ligatures printed by LibreOffice", () => {
  it("reads a glyph that stands for two letters (lam with alef maksura) in reading order, not turned around", async () => {
    // test/fixtures/pdf/arabic-ligatures-libreoffice.html, printed to PDF by LibreOffice Writer with Noto Sans and Noto Naskh Arabic.
    const { written, read } = await writtenAndRead("arabic-ligatures-libreoffice");
    expect(read.slice(0, 2)).toEqual(written.slice(0, 2));
    expect(read.join(" ")).toContain("إلى");
    expect(read.join(" ")).not.toContain("إىل");
    // Naskh's lam-alef, drawn as two glyphs apart, still reads "ل ا" (as pdftotext's "ل … ا"); the rest of its line is exact.
    expect(read[2]).toContain(written[2].slice(3));
  });
});

describe("lines that mix directions, printed by LibreOffice and by Chromium", () => {
  // test/fixtures/pdf/mixed-direction.html: two Arabic lines quoting Latin words, an English line with an Arabic word.
  for (const printer of ["libreoffice", "chromium"]) {
    it(`reads each line in logical order (${printer}): the Arabic from the right, the Latin it quotes left to right`, async () => {
      const { written, read } = await writtenAndRead("mixed-direction", `mixed-direction-${printer}`);
      expect(read).toEqual(written);
    });
  }
});

describe("glyph names, where a font has no Unicode map", () => {
  it("reads a variant's name by its base and a ligature's by its parts, as the Adobe Glyph List's rules say", async () => {
    // Thai TeX fonts name their tone marks set low or to the left uni0E48.low, uni0E31.left.
    const doc = await parseDocument(glyphNamesTextPdf("ABCDE", ["uni0E40", "uni0E0A", "uni0E48.low", "uni0E19", "f_i"]), "names.pdf", { features: DEFAULT_FEATURES });
    expect(doc.pages[0].blocks.map((b) => b.text).join(" ")).toBe("เช่นfi");
  });
});
