// OCR speed for `npm run bench`: page images per second through the whole image path
// (decode, recognition, processors) and the engine's WASM memory, on the corpus's scans,
// next to the Debian `tesseract` command line on the same files. Run alone:
// `npx tsx scripts/bench/ocr.ts`.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { ocrMemoryBytes } from "../../src/core/ocr/engine";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";

/** Bi-level 300 dpi magazine pages, short test pages, 8-bit colour 300 dpi book pages. */
const SCANS = [
  "scans/tesseract/phototest.tif",
  "scans/tesseract/eurotext.tif",
  "scans/tesseract/8071_093.3B.tif",
  "scans/tesseract/8087_054.3B.tif",
  "scans/ocrd-kant-1784/INPUT_0017.tif",
  "scans/ocrd-kant-1784/INPUT_0020.tif", // Fraktur: English reads it with low confidence, so Chinese is tried too (two recognitions)
];

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export async function ocrBench(corpus: string): Promise<void> {
  useWasmFromDisk();
  const cli = spawnSync("tesseract", ["--version"]).status === 0;
  console.log("\n| image | page (points) | docparse OCR s | tesseract CLI s | WASM memory after (MB) |");
  console.log("|---|---|---|---|---|");
  // Warm-up: engine start and model load are once per isolate, not per page.
  const started = performance.now();
  await parseDocument(new Uint8Array(readFileSync(join(corpus, SCANS[0]))), "warm-up.tif", { features: DEFAULT_FEATURES });
  const startup = (performance.now() - started) / 1000;
  let ours = 0;
  let theirs = 0;
  for (const rel of SCANS) {
    const bytes = new Uint8Array(readFileSync(join(corpus, rel)));
    const t = performance.now();
    const doc = await parseDocument(bytes, basename(rel), { features: DEFAULT_FEATURES });
    const s = (performance.now() - t) / 1000;
    ours += s;
    let c = Number.NaN;
    if (cli) {
      const t2 = performance.now();
      execFileSync("tesseract", [join(corpus, rel), "-", "-l", "eng"], { stdio: ["ignore", "ignore", "ignore"] });
      c = (performance.now() - t2) / 1000;
      theirs += c;
    }
    const page = doc.pages[0];
    console.log(`| ${basename(rel)} | ${page ? `${Math.round(page.width)} × ${Math.round(page.height)}` : "-"} | ${s.toFixed(2)} | ${cli ? c.toFixed(2) : "-"} | ${mb(await ocrMemoryBytes())} |`);
  }
  console.log(`| all ${SCANS.length} pages | | ${ours.toFixed(2)} (${(SCANS.length / ours).toFixed(2)} pages/s) | ${cli ? `${theirs.toFixed(2)} (${(SCANS.length / theirs).toFixed(2)} pages/s)` : "-"} | peak ${mb(await ocrMemoryBytes())} |`);
  await languagesBench(join(corpus, SCANS[3]));
  console.log(`\nOCR in Node ${process.version}: engine start + English model load ${startup.toFixed(2)} s once per isolate (included in the warm-up, not above). WASM memory grows to the largest page's need and stays; the CLI runs Debian's tesseract with its own eng model.`);
}

/**
 * What an OCR isolate holds with three more languages loaded, one after another as pages
 * ask for them (the book page read told French, Russian, Japanese): the engine's WASM
 * memory (it keeps its peak) and the isolate's ArrayBuffers (the compressed models kept for
 * switching back, the page pictures); and the time of finding a page's language where it
 * is not told, on an English page (its little words) and on a Greek one (a sample read in
 * each script's model).
 */
async function languagesBench(page: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(page));
  console.log("\n| told languages | s | WASM memory (MB) | ArrayBuffers (MB) | JS heap (MB) |");
  console.log("|---|---|---|---|---|");
  for (const ocr_languages of [["fr"], ["ru"], ["ja"]]) {
    const t = performance.now();
    await parseDocument(bytes, basename(page), { features: { ...DEFAULT_FEATURES, ocr_languages } });
    globalThis.gc?.();
    const memory = process.memoryUsage();
    console.log(`| ${ocr_languages.join(", ")} | ${((performance.now() - t) / 1000).toFixed(2)} | ${mb(await ocrMemoryBytes())} | ${mb(memory.arrayBuffers)} | ${mb(memory.heapUsed)} |`);
  }
  const fixtures = resolve(import.meta.dirname, "../../test/fixtures/ocr-languages");
  for (const [picture, told] of [["eng page (phototest.tif)", ""], ["ell-scan.jpg", "el"], ["fra-scan.jpg", "fr"]]) {
    const file = told ? join(fixtures, picture) : join(page, "../phototest.tif");
    const image = new Uint8Array(readFileSync(file));
    const timed = async (ocr_languages?: string[]) => {
      const t = performance.now();
      await parseDocument(image, basename(file), { features: { ...DEFAULT_FEATURES, ...(ocr_languages ? { ocr_languages } : {}) } });
      return (performance.now() - t) / 1000;
    };
    const found = await timed();
    const known = await timed([told || "en"]);
    console.log(`\nLanguage found on ${picture}: ${found.toFixed(2)} s, told ${known.toFixed(2)} s: finding it costs ${(found - known).toFixed(2)} s.`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await ocrBench(resolve(import.meta.dirname, "../../../shared/corpus"));
}
