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
  console.log(`\nOCR in Node ${process.version}: engine start + English model load ${startup.toFixed(2)} s once per isolate (included in the warm-up, not above). WASM memory grows to the largest page's need and stays; the CLI runs Debian's tesseract with its own eng model.`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await ocrBench(resolve(import.meta.dirname, "../../../shared/corpus"));
}
