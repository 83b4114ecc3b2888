// OCR on real pages in many languages, none made by us: a prose page of "The Not So Short
// Introduction to LaTeX" in each of its translations (Debian's texlive-lang-* packages put
// them under /usr/share/doc/texlive-doc), drawn at 300 dpi by pdftoppm as a scanner would
// see it, read by docparse with no language hint beside the Debian `tesseract` command line
// told the page's language. The truth is the PDF's own text (pdftotext, the same for both):
// it carries some of what a picture does not show alike (page furniture, code, math), so
// the figure to read is the difference between the two, not the level. Each document's
// page is taken 30 % of the way in, chosen by that rule before any was read. Languages we have no
// model for (Estonian, Slovak, Slovenian, Finnish, Mongolian) show how a page fares in its
// script's first model. Run alone: `npx tsx scripts/eval/ocr-real-languages.ts`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { editDistance, normalise } from "./ocr";

const DOCS = "/usr/share/doc/texlive-doc/latex";
/** [file under DOCS, Tesseract language of its pages]; the page read is the one 30 % of the way in (past the contents, in running prose). */
const PAGES: [string, string][] = [
  ["lshort-english/lshort.pdf", "eng"],
  ["lshort-french/lshort-fr.pdf", "fra"],
  ["lshort-german/l2kurz.pdf", "deu"],
  ["lshort-spanish/lshort-a4.pdf", "spa"],
  ["lshort-italian/it-lshort.pdf", "ita"],
  ["lshort-portuguese/pt-lshort.pdf", "por"],
  ["lshort-dutch/lshort-nl-1.3.pdf", "nld"],
  ["lshort-polish/lshort-pl.pdf", "pol"],
  ["lshort-czech/lshort-cs.pdf", "ces"],
  ["lshort-turkish/lshort-tr.pdf", "tur"],
  ["lshort-vietnamese/lshort-vi.pdf", "vie"],
  ["lshort-russian/lshortru.pdf", "rus"],
  ["lshort-ukr/lshort-ukr.pdf", "ukr"],
  ["lshort-bulgarian/lshort-bg.pdf", "bul"],
  ["lshort-persian/lshort.pdf", "fas"],
  ["lshort-thai/lsh132.pdf", "tha"],
  ["lshort-chinese/lshort-zh-cn.pdf", "chi_sim"],
  ["lshort-korean/lshort-ko.pdf", "kor"],
  ["lshort-estonian/lshort-ee.pdf", "est"],
  ["lshort-slovak/slshorte.pdf", "slk"],
  ["lshort-slovenian/lshort-slovenian.pdf", "slv"],
  ["lshort-mongol/lshort-mn.pdf", "mon"],
];
/** Where in a document its page is taken. */
const PROSE_AT = 0.3;
/** Written without spaces between words: compared without whitespace. */
const UNSPACED = new Set(["chi_sim", "tha"]);

export async function ocrRealLanguageRows(): Promise<[string, string, string][]> {
  useWasmFromDisk();
  const rows: [string, string, string][] = [];
  const present = PAGES.filter(([file]) => existsSync(join(DOCS, file)));
  if (!present.length) return [["OCR of real pages by language (texlive lshort)", "docparse, no hint", "no texlive-lang-* documentation installed"]];
  const tmp = mkdtempSync(join(tmpdir(), "ocr-real-"));
  const cliLanguages = new Set(execFileSync("tesseract", ["--list-langs"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n").slice(1).map((l) => l.trim()));
  const ours: number[] = [];
  const theirs: number[] = [];
  try {
    for (const [file, language] of present) {
      const pdf = join(DOCS, file);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))?.[1] ?? 1);
      const page = Math.max(1, Math.round(PROSE_AT * pages));
      const png = join(tmp, `${language}.png`);
      // Poppler's complaints about a font's glyph names are no business of this table.
      execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", "-f", String(page), "-l", String(page), pdf, png.replace(/\.png$/, "")], { stdio: "ignore" });
      const truth = execFileSync("pdftotext", ["-f", String(page), "-l", String(page), "-enc", "UTF-8", pdf, "-"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      const started = performance.now();
      const doc = await parseDocument(new Uint8Array(readFileSync(png)), `${language}.png`, { features: DEFAULT_FEATURES });
      const seconds = (performance.now() - started) / 1000;
      const read = doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");
      const found = doc.pages[0]?.reading?.languages?.join("+") ?? "?";
      const cer = score(truth, read, language);
      ours.push(cer);
      const set = `OCR of real pages by language (texlive lshort, 300 dpi), ${language}: ${file.split("/")[1]} p. ${page}`;
      rows.push([set, "docparse, no hint", `CER ${cer.toFixed(1)}%, found ${found} (${seconds.toFixed(1)} s)`]);
      if (cliLanguages.has(language)) {
        const cli = score(truth, execFileSync("tesseract", [png, "stdout", "-l", language], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }), language);
        theirs.push(cli);
        rows.push([set, "tesseract CLI told the language", `CER ${cli.toFixed(1)}%`]);
      } else rows.push([set, "tesseract CLI told the language", `no tesseract-ocr-${language}`]);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  rows.push([`OCR of real pages by language (texlive lshort), mean of ${ours.length} pages`, "docparse, no hint", `CER ${mean(ours).toFixed(1)}%`]);
  rows.push([`OCR of real pages by language (texlive lshort), mean of ${theirs.length} pages`, "tesseract CLI told the language", `CER ${mean(theirs).toFixed(1)}%`]);
  return rows;
}

function score(truth: string, read: string, language: string): number {
  const squeeze = (t: string) => (UNSPACED.has(language) ? normalise(t).replace(/\s+/g, "") : normalise(t));
  const a = [...squeeze(truth)];
  return (100 * editDistance(a, [...squeeze(read)])) / Math.max(1, a.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await ocrRealLanguageRows()) console.log(row.join(" | "));
}
