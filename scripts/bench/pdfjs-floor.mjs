// The floor under any parser built on pdf.js: pdfjs-dist as shipped (its legacy build, its
// own fake worker), in a fresh process, reading every page's text content, and with
// "ops" every page's operator list too (the rulings, pictures and fonts a layout needs),
// and nothing else: no layout, no tables, no output. `npm run bench` runs it beside
// pdftotext and the docparse command line so the three are measured in the same run.
//   node scripts/bench/pdfjs-floor.mjs FILE [text|ops]   prints {"seconds":..,"pages":..}
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const [file, mode = "text"] = process.argv.slice(2);
const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const pdfjs = await import(join(root, "legacy/build/pdf.mjs"));
globalThis.pdfjsWorker = await import(join(root, "legacy/build/pdf.worker.mjs"));

const start = performance.now();
const task = pdfjs.getDocument({
  data: new Uint8Array(readFileSync(file)),
  cMapUrl: join(root, "cmaps/"),
  cMapPacked: true,
  standardFontDataUrl: join(root, "standard_fonts/"),
  verbosity: 0,
  isEvalSupported: false,
});
const doc = await task.promise;
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  if (mode === "ops") await page.getOperatorList();
  await page.getTextContent();
  page.cleanup();
}
const seconds = (performance.now() - start) / 1000;
await task.destroy();
console.log(JSON.stringify({ seconds, pages: doc.numPages }));
