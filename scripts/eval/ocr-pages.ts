// OCR rows of `npm run eval` on the project's own page pictures (test/fixtures/ocr-pages/:
// Chinese and English books, reports, newspapers, exam sheets, slides, scans, turned and
// skewed pages, Fraktur and script), each against the text it was typeset from. Three
// readers in the same run: docparse as it runs (Tesseract first, PP-OCR for what it
// doubts), docparse with Tesseract alone (no PP-OCR: a deployment without the OCR
// Worker), and the Debian `tesseract` command line (chi_sim+eng for Chinese pages).
// Scores: CER = edit distance / truth characters, and the normalised edit distance
// (distance / the longer text's length, as OmniDocBench reports it), per page and pooled
// by kind and language. Chinese is compared without whitespace (it is written without).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import type { Document } from "../../src/core/model";
import { paddleReader, providePaddleReader } from "../../src/core/ocr/paddle/reader";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { ensureBaselineTools } from "../debian-tools";
import { editDistance, normalise } from "./ocr";

interface PagePicture {
  image: string;
  truth: string;
  language: "zh" | "en" | "de";
  kind: string;
  dpi: number;
  rotation: number;
}

interface Score {
  errors: number;
  truthChars: number;
  longer: number;
}

const READERS = ["docparse", "docparse, Tesseract alone", "tesseract CLI"] as const;
type Reader = (typeof READERS)[number];

export async function ocrPagesRows(dir: string, outDir: string): Promise<[string, string, string][]> {
  ensureBaselineTools(["tesseract"], "the OCR baseline");
  useWasmFromDisk();
  const pages: PagePicture[] = JSON.parse(readFileSync(join(dir, "pages.json"), "utf8"));
  mkdirSync(outDir, { recursive: true });
  const scores = new Map<Reader, Map<string, Score>>(READERS.map((r) => [r, new Map()]));
  const seconds = new Map<Reader, number>(READERS.map((r) => [r, 0]));
  const withPaddle = paddleReader();
  for (const page of pages) {
    const truth = readFileSync(join(dir, page.truth), "utf8");
    const file = join(dir, page.image);
    for (const reader of READERS) {
      const started = performance.now();
      const text = await read(reader, file, page);
      seconds.set(reader, seconds.get(reader)! + (performance.now() - started) / 1000);
      writeFileSync(join(outDir, `${page.image}.${reader.replace(/\W+/g, "-")}.txt`), text);
      const score = compare(truth, text, page.language);
      scores.get(reader)!.set(page.image, score);
    }
  }
  providePaddleReader(withPaddle);
  const rows: [string, string, string][] = [];
  const groups: [string, (p: PagePicture) => boolean][] = [
    [`all ${pages.length} pictures`, () => true],
    ["Chinese", (p) => p.language === "zh"],
    ["English", (p) => p.language === "en"],
    ["turned or skewed", (p) => p.rotation !== 0 || p.kind === "skewed" || p.kind === "scan"],
    ["Fraktur and script", (p) => p.kind === "fraktur" || p.kind === "handwriting"],
  ];
  for (const [label, keep] of groups) {
    const chosen = pages.filter(keep);
    if (!chosen.length) continue;
    for (const reader of READERS) {
      const perPage = chosen.map((p) => scores.get(reader)!.get(p.image)!);
      const total = perPage.reduce((s, c) => ({ errors: s.errors + c.errors, truthChars: s.truthChars + c.truthChars, longer: s.longer + c.longer }), { errors: 0, truthChars: 0, longer: 0 });
      const ned = perPage.reduce((s, c) => s + c.errors / Math.max(1, c.longer), 0) / Math.max(1, perPage.length);
      const each = chosen.map((p, i) => `${p.image.replace(/\.png$/, "")} ${((100 * perPage[i].errors) / perPage[i].truthChars).toFixed(1)}`).join(", ");
      const time = label.startsWith("all") ? `, ${(seconds.get(reader)! / pages.length).toFixed(1)} s a page` : "";
      rows.push([`OCR pictures (test/fixtures/${basename(dir)}), ${label}`, reader, `CER ${((100 * total.errors) / total.truthChars).toFixed(1)}%, mean edit distance ${ned.toFixed(3)}${time} (${each})`]);
    }
  }
  return rows;

  async function read(reader: Reader, file: string, page: PagePicture): Promise<string> {
    if (reader === "tesseract CLI") {
      const language = page.language === "zh" ? "chi_sim+eng" : "eng";
      return execFileSync("tesseract", [file, "-", "-l", language], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    }
    providePaddleReader(reader === "docparse" ? withPaddle : undefined);
    const doc = await parseDocument(new Uint8Array(readFileSync(file)), page.image, { features: DEFAULT_FEATURES });
    return documentText(doc);
  }
}

/** Every block in reading order, furniture included (the truth has what is printed). */
const documentText = (doc: Document) => doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");

function compare(truth: string, predicted: string, language: PagePicture["language"]): Score {
  const prepare = (text: string) => [...(language === "zh" ? normalise(text).replace(/\s+/g, "") : normalise(text))];
  const a = prepare(truth);
  const b = prepare(predicted);
  return { errors: editDistance(a, b), truthChars: a.length, longer: Math.max(a.length, b.length) };
}

// Run alone: `npx tsx scripts/eval/ocr-pages.ts [ocr-pages|ocr-pages-2]`.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, "../..");
  const set = process.argv[2] ?? "ocr-pages";
  const rows = await ocrPagesRows(resolve(root, "test/fixtures", set), resolve(root, ".out/eval", set));
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
}
