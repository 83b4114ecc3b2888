// OCR in the languages people scan (issue 40): pictures of a typed paragraph in 26 languages
// (test/fixtures/ocr-languages/: set in Noto by Chromium, clean and scan-like; made by
// src/make.sh from src/texts.json, the truth), read by docparse as it runs, sent no language
// hint: the clean picture, the scan-like one, and that one as a scanned PDF (scan-pdf.ts);
// beside the Debian `tesseract` command line told each picture's language. Score: CER
// (edit distance over the truth's characters after the same normalisation); languages
// written without spaces between words are compared without whitespace. Rows per language,
// the mean of issue 40's first 13 languages (its target) and of all.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { editDistance, normalise } from "./ocr";
import { scanPdf } from "./scan-pdf";

const dir = resolve(import.meta.dirname, "../../test/fixtures/ocr-languages");
const VARIANTS = ["clean.png", "scan.jpg"] as const;
/** Languages written without spaces between words. */
const UNSPACED = new Set(["jpn", "jpn+eng", "chi_sim", "chi_tra", "tha"]);
/** Issue 40's languages, the set its target is set on. */
const FIRST_SET = 13;

/** The Debian packages of the command line's models for the pictures' languages. */
const debianPackage = (language: string) => `tesseract-ocr-${language.replace("_", "-")}`;

export async function ocrLanguageRows(): Promise<[string, string, string][]> {
  useWasmFromDisk();
  const texts: Record<string, string> = JSON.parse(readFileSync(join(dir, "src/texts.json"), "utf8"));
  const languages = Object.keys(texts);
  const cliHas = installedModels(languages);
  const rows: [string, string, string][] = [];
  const all = { docparse: [] as number[][], cli: [] as number[][] };
  const seconds: Record<string, number[]> = {};
  for (const language of languages) {
    const cers = { docparse: [] as number[], cli: [] as number[] };
    const read = async (bytes: Uint8Array, name: string) => {
      const started = performance.now();
      const doc = await parseDocument(bytes, name, { features: DEFAULT_FEATURES });
      (seconds[language] ??= []).push((performance.now() - started) / 1000);
      cers.docparse.push(cer(texts[language], doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n"), language));
    };
    for (const variant of VARIANTS) {
      const file = join(dir, `${language}-${variant}`);
      await read(new Uint8Array(readFileSync(file)), `${language}-${variant}`);
      if (language.split("+").every((l) => cliHas.has(l))) cers.cli.push(cer(texts[language], execFileSync("tesseract", [file, "stdout", "-l", language], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }), language));
    }
    await read(scanPdf(new Uint8Array(readFileSync(join(dir, `${language}-scan.jpg`)))), `${language}-scan.pdf`);
    all.docparse.push(cers.docparse);
    all.cli.push(cers.cli);
    const set = `OCR by language (test/fixtures/ocr-languages), ${language}, clean / scan-like / scanned PDF`;
    rows.push([set, "docparse, no hint", `${percents(cers.docparse)} (${mean(seconds[language]).toFixed(1)} s a page)`]);
    rows.push([set, "tesseract CLI told the language", cers.cli.length ? `${percents(cers.cli)} / -` : `no ${debianPackage(language)}`]);
  }
  for (const [name, count] of [[`issue 40's first ${FIRST_SET} languages`, FIRST_SET], [`all ${languages.length} languages`, languages.length]] as const) {
    const ours = all.docparse.slice(0, count).flat();
    const theirs = all.cli.slice(0, count).flat();
    rows.push([`OCR by language (test/fixtures/ocr-languages), mean of ${name}`, "docparse, no hint", `CER ${mean(ours).toFixed(1)}%, worst ${Math.max(...ours).toFixed(1)}%`]);
    if (theirs.length) rows.push([`OCR by language (test/fixtures/ocr-languages), mean of ${name}`, "tesseract CLI told the language", `CER ${mean(theirs).toFixed(1)}% (${all.cli.slice(0, count).filter((c) => c.length).length} languages), worst ${Math.max(...theirs).toFixed(1)}%`]);
  }
  return rows;
}

/** CER in percent; whitespace dropped for a language written without it. */
function cer(truth: string, read: string, language: string): number {
  const squeeze = (t: string) => (UNSPACED.has(language) ? normalise(t).replace(/\s+/g, "") : normalise(t));
  const a = [...squeeze(truth)];
  return (100 * editDistance(a, [...squeeze(read)])) / a.length;
}

/** The languages the command line has models for, after installing the missing ones' Debian packages where apt can. */
function installedModels(languages: string[]): Set<string> {
  const list = () => new Set(execFileSync("tesseract", ["--list-langs"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n").slice(1).map((l) => l.trim()));
  let have = list();
  // A mixed page's models ("rus+eng") are its languages' own.
  const missing = [...new Set(languages.flatMap((l) => l.split("+")))].filter((l) => !have.has(l));
  if (missing.length) {
    try {
      execFileSync("sh", ["-c", `apt-get install -y -qq ${missing.map(debianPackage).join(" ")} >/dev/null 2>&1`]);
    } catch {
      console.error(`could not install the command line's models for ${missing.join(", ")}: their rows say so`);
    }
    have = list();
  }
  return have;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const percents = (xs: number[]) => `CER ${xs.map((x) => `${x.toFixed(1)}%`).join(" / ")}`;

// Run alone: `npx tsx scripts/eval/ocr-languages.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await ocrLanguageRows()) console.log(row.join(" | "));
}
