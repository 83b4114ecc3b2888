// OCR rows of `npm run eval`: character error rate of our in-Worker OCR (tesseract.js-core
// WASM, best_int LSTM models, our decoders and processors) next to the Debian `tesseract`
// command line on the same images in the same run.
//   scans: ../shared/corpus/scans/tesseract/ TIFFs against their human transcriptions
//   rendered: born-digital PDF pages rendered with `pdftoppm -r 150`, against the PDF's own text
// CER = edit distance / reference characters, after the same normalisation of both sides
// (whitespace collapsed, line-end hyphenation joined, typographic quotes and dashes as ASCII).
// Per-image texts are written under .out/eval/ocr/.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import type { Document } from "../../src/core/model";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { ensureBaselineTools } from "../debian-tools";

const SCANS: { image: string; truth: string }[] = [
  { image: "scans/tesseract/phototest.tif", truth: "scans/tesseract/phototest.gold.txt" },
  { image: "scans/tesseract/eurotext.tif", truth: "scans/tesseract/eurotext.txt" },
  { image: "scans/tesseract/8071_093.3B.tif", truth: "scans/tesseract/8071_093.3B.txt" },
  { image: "scans/tesseract/8087_054.3B.tif", truth: "scans/tesseract/8087_054.3B.txt" },
];

/** Born-digital pages rendered to images: one column, two columns (a paper, a LaTeX layout), a transcript. */
const RENDERED: { pdf: string; page: number }[] = [
  { pdf: "born-digital/py-pdf-sample-files/001-trivial/minimal-document.pdf", page: 1 },
  { pdf: "born-digital/py-pdf-sample-files/026-latex-multicolumn/multicolumn.pdf", page: 1 },
  { pdf: "born-digital/pdfjs/tracemonkey.pdf", page: 1 },
  { pdf: "born-digital/pdfplumber/scotus-transcript-p1.pdf", page: 1 },
];
const RENDER_DPI = 150;

interface Cer {
  errors: number;
  chars: number;
  truthWords: number;
  predictedWords: number;
  commonWords: number;
}

export async function ocrRows(corpus: string, outDir: string): Promise<[string, string, string][]> {
  ensureBaselineTools(["tesseract", "pdftoppm"], "the OCR baseline");
  useWasmFromDisk();
  const out = join(outDir, "ocr");
  mkdirSync(out, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), "ocr-eval-"));
  const rows: [string, string, string][] = [];
  try {
    const scans = { ours: [] as Cer[], cli: [] as Cer[], seconds: 0 };
    for (const { image, truth } of SCANS) {
      await compare(join(corpus, image), readFileSync(join(corpus, truth), "utf8"), basename(image), scans);
    }
    rows.push([`OCR CER scans/tesseract (${SCANS.length} TIFFs, transcriptions)`, "docparse", summary(scans.ours, scans.seconds)]);
    rows.push([`OCR CER scans/tesseract (${SCANS.length} TIFFs, transcriptions)`, "tesseract CLI", summary(scans.cli)]);
    const rendered = { ours: [] as Cer[], cli: [] as Cer[], seconds: 0 };
    for (const { pdf, page } of RENDERED) {
      const stem = join(tmp, `${basename(pdf, ".pdf")}-p${page}`);
      execFileSync("pdftoppm", ["-r", String(RENDER_DPI), "-f", String(page), "-l", String(page), "-singlefile", "-png", join(corpus, pdf), stem]);
      const truth = execFileSync("pdftotext", ["-f", String(page), "-l", String(page), join(corpus, pdf), "-"], { encoding: "utf8" });
      await compare(`${stem}.png`, truth, basename(stem), rendered);
    }
    rows.push([`OCR CER born-digital pages at ${RENDER_DPI} dpi (${RENDERED.length}, vs the PDF's text)`, "docparse", summary(rendered.ours, rendered.seconds)]);
    rows.push([`OCR CER born-digital pages at ${RENDER_DPI} dpi (${RENDERED.length}, vs the PDF's text)`, "tesseract CLI", summary(rendered.cli)]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return rows;

  async function compare(file: string, truth: string, name: string, into: { ours: Cer[]; cli: Cer[]; seconds: number }) {
    const started = performance.now();
    const doc = await parseDocument(new Uint8Array(readFileSync(file)), name, { features: DEFAULT_FEATURES });
    into.seconds += (performance.now() - started) / 1000;
    const ours = documentText(doc);
    const cli = execFileSync("tesseract", [file, "-", "-l", "eng"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.docparse.txt`), ours);
    writeFileSync(join(out, `${name}.tesseract.txt`), cli);
    into.ours.push(cer(truth, ours));
    into.cli.push(cer(truth, cli));
  }
}

/** All blocks in reading order, furniture included: the transcriptions include running heads too. */
function documentText(doc: Document): string {
  return doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");
}

export function normalise(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/(\p{L})-\s*\n\s*(\p{L})/gu, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

export function cer(truth: string, predicted: string): Cer {
  const a = [...normalise(truth)];
  const b = [...normalise(predicted)];
  return { errors: editDistance(a, b), chars: a.length, ...wordsMatched(truth, predicted) };
}

/**
 * Words in common, order aside (each word of the truth matched once): recognition apart
 * from reading order, which CER also charges (a footnote read at the page's end, columns
 * that the reference itself reads in another order).
 */
function wordsMatched(truth: string, predicted: string): { truthWords: number; predictedWords: number; commonWords: number } {
  const bag = (text: string) => normalise(text).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const left = new Map<string, number>();
  const truthWords = bag(truth);
  for (const w of truthWords) left.set(w, (left.get(w) ?? 0) + 1);
  const predictedWords = bag(predicted);
  let commonWords = 0;
  for (const w of predictedWords) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      left.set(w, n - 1);
      commonWords++;
    }
  }
  return { truthWords: truthWords.length, predictedWords: predictedWords.length, commonWords };
}

export function editDistance(a: string[], b: string[]): number {
  let prev = new Int32Array(b.length + 1).map((_, j) => j);
  let curr = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= b.length; j++) curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    [prev, curr] = [curr, prev];
  }
  return prev[b.length];
}

function summary(scores: Cer[], seconds?: number): string {
  const total = scores.reduce((s, c) => ({ errors: s.errors + c.errors, chars: s.chars + c.chars }), { errors: 0, chars: 0 });
  const each = scores.map((c) => `${((100 * c.errors) / c.chars).toFixed(1)}`).join(" / ");
  const common = scores.reduce((n, c) => n + c.commonWords, 0);
  const precision = common / Math.max(1, scores.reduce((n, c) => n + c.predictedWords, 0));
  const recall = common / Math.max(1, scores.reduce((n, c) => n + c.truthWords, 0));
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return `CER ${((100 * total.errors) / total.chars).toFixed(2)}% (per image ${each} %); words order aside F1 ${(100 * f1).toFixed(1)}%${seconds === undefined ? "" : `, ${seconds.toFixed(1)} s`}`;
}

// Run alone: `npx tsx scripts/eval/ocr.ts`.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, "../..");
  const rows = await ocrRows(resolve(root, "../shared/corpus"), resolve(root, ".out/ocr-eval"));
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
}
