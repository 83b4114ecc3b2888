// `npm run bench`: speed and memory of the core on ../shared/corpus/bench/mixed-280p.pdf
// (or the files given as arguments), in Node.
// Speed: pages per second for parsing, rendering and each conversion.
// Memory: live JS heap (after a forced GC) above the baseline of the loaded modules,
// sampled after every page and after each step: the figure that must stay far below a
// Worker isolate's 128 MB. (Node's own RSS is not that figure: tsx and V8's code caches
// add to it.)
import type { RegionRequest } from "../../src/core/ports";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { resolve, basename, join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { CONVERT_FEATURES, convertDocument } from "../../src/core/convert/index";
import { MemoryImageStore } from "../../src/core/images/store";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { officeBench } from "./office";
import { ocrBench } from "./ocr";
import { ensureBaselineTools } from "../debian-tools";
import { pdfiumMemoryBytes, pdfiumRenderer, useWasmFromDisk } from "../../src/cli/wasm-from-disk";

// Scanned pages are read by OCR, and pdf.js decodes fax and JBIG2 pictures, in WebAssembly Node loads from disk.
useWasmFromDisk();

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench does)");
const files = process.argv.slice(2).length ? process.argv.slice(2) : [resolve(import.meta.dirname, "../../../shared/corpus/bench/mixed-280p.pdf")];
const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };
/** Warm parses timed; their median is the parse figure (this shared machine's speed varies by a third from run to run). */
const PARSE_RUNS = 5;
/** Fresh CLI runs of each kind: each loads the bundle, pdf.js and the WASM engines anew. */
const COLD_RUNS = 3;
/** scripts/bench/pdfjs-floor.mjs: pdf.js alone, as shipped (the floor under the parse). */
const FLOOR = resolve(import.meta.dirname, "pdfjs-floor.mjs");
const CONVERSIONS = [["word", "flow"], ["word", "layout"], ["ppt", "layout"]] as const;

const liveHeap = () => {
  gc!();
  return process.memoryUsage().heapUsed;
};
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
/** The middle of an odd number of timings. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await fn();
  return [v, (performance.now() - t) / 1000];
}

ensureBaselineTools(["pdftotext", "tesseract"], "the bench's baselines");
console.log("| file | step | pages | seconds | pages/s | peak live heap above baseline (MB) |");
console.log("|---|---|---|---|---|---|");
for (const file of files) {
  const name = basename(file);
  // The first parse in a fresh process also compiles and warms up pdf.js and the core (an
  // isolate's first document); the rows after it are the steady state of a warm isolate.
  const [, firstS] = await timed(() => parseDocument(new Uint8Array(readFileSync(file)), name, { features }));
  const { pages, parseS, parseRange, renderS, convertS } = await speed(file, name);
  const memory = await heapUse(file, name);
  const row = (step: string, s: number, heap: number | string) => console.log(`| ${name} | ${step} | ${pages} | ${s.toFixed(2)} | ${(pages / s).toFixed(1)} | ${typeof heap === "number" ? mb(heap) : heap} |`);
  row("parse, first document of the process (JIT warm-up)", firstS, "-");
  row(`parse (median of ${PARSE_RUNS}: ${parseRange.map((x) => x.toFixed(2)).join("-")} s)`, parseS, memory.parse);
  const [withImages, imagesS] = await timed(() => parseWithImages(file, name, false));
  row(`parse + images (${withImages.figures} figures, ${mb(withImages.bytes)} MB of PNG and JPEG)`, imagesS, (await parseWithImages(file, name, true)).peak);
  const [drawn, drawnS] = await timed(() => parseWithImages(file, name, false, true));
  row(`parse + images + vector figures drawn (${drawn.drawn} drawn in ${drawn.renderS.toFixed(2)} s, PDFium WASM ${mb(pdfiumMemoryBytes())} MB)`, drawnS, "-");
  const plain = pdftotextSeconds(file);
  if (plain) console.log(`| ${name} | pdftotext -layout (baseline; parse takes ${(parseS / plain).toFixed(1)}x its time) | ${pages} | ${plain.toFixed(2)} | ${(pages / plain).toFixed(1)} | - |`);
  const ratio = (seconds: number) => (plain ? `, ${(seconds / plain).toFixed(1)}x pdftotext's time` : "");
  const coldRow = (step: string, cold: ColdRun) => row(`${step} (median of ${COLD_RUNS} fresh processes${ratio(cold.seconds)})`, cold.seconds, cold.peakRss ? `peak RSS ${mb(cold.peakRss)}` : "-");
  // The floor: pdf.js as shipped, reading what any layout needs of it and nothing more.
  coldRow("pdf.js alone (pdfjs-dist as shipped): every page's text content", coldProcess([FLOOR, file, "text"]));
  coldRow("pdf.js alone (pdfjs-dist as shipped): every page's operator list and text content", coldProcess([FLOOR, file, "ops"]));
  coldRow("`docparse parse FILE --jobs 1 > FILE.md`, Markdown only", coldCli(file, 1, false));
  for (const jobs of [1, availableParallelism()]) coldRow(`\`docparse parse --out DIR --jobs ${jobs}\`, as a user runs it`, coldCli(file, jobs, true));
  row("render md+json", renderS, "-");
  CONVERSIONS.forEach(([t, m], i) => row(`convert ${t}/${m}`, convertS[i], memory.convert[i]));
  // A conversion as the service runs it, end to end: parsed for conversion (drawing, text
  // colours, pictures kept, vector figures drawn), then each file written with its pictures.
  const forConversion = await conversionEndToEnd(file, name);
  row(`parse for conversion (drawing, colours, ${forConversion.pictures} pictures, figures drawn)`, forConversion.parseS, "-");
  CONVERSIONS.forEach(([t, m], i) => row(`convert ${t}/${m} end to end (that parse + writing the file with its pictures)`, forConversion.parseS + forConversion.convertS[i], "-"));
}
console.log(`\nNode ${process.version}. Warm rows follow one parse of the same file. Heap: peak during parsing (sampled after each page), and after each conversion with its output still held.`);
await officeBench(resolve(import.meta.dirname, "../../../shared/corpus"), gc);
await ocrBench(resolve(import.meta.dirname, "../../../shared/corpus"));

/** Wall time of each step, without forced collections in the way. */
async function speed(file: string, name: string) {
  const parses: number[] = [];
  let doc: Awaited<ReturnType<typeof parseDocument>> | undefined;
  for (let i = 0; i < PARSE_RUNS; i++) {
    const [parsed, s] = await timed(() => parseDocument(new Uint8Array(readFileSync(file)), name, { features }));
    doc = parsed;
    parses.push(s);
  }
  const parseS = median(parses);
  const [, renderS] = await timed(async () => renderParseResult(doc!, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features }));
  const convertS: number[] = [];
  for (const [target, mode] of CONVERSIONS) convertS.push((await timed(() => convertDocument(doc!, target, mode)))[1]);
  return { pages: doc!.pages.length, parseS, parseRange: [Math.min(...parses), Math.max(...parses)], renderS, convertS };
}

/**
 * Parsing with figures extracted, their PNGs counted and dropped as the Worker's R2 sink
 * would: what the images add to a page (drawing read, pixels, encoding) and to the heap.
 */
async function parseWithImages(file: string, name: string, measureHeap: boolean, draw = false) {
  let bytes = 0;
  let peak = 0;
  let renderS = 0;
  const baseline = measureHeap ? liveHeap() : 0;
  const sink = { put: async (_ref: string, png: Uint8Array) => void (bytes += png.length) };
  const onProgress = measureHeap ? () => (peak = Math.max(peak, liveHeap() - baseline)) : undefined;
  const input = new Uint8Array(readFileSync(file));
  // The renderer Worker's work, done in process (PDFium, the same code): timed on its own.
  const pdfium = pdfiumRenderer(input);
  const renderer = { render: async (requests: RegionRequest[]) => (await timed(() => pdfium.render(requests)).then(([out, s]) => ((renderS += s), out))) };
  const doc = await parseDocument(input, name, { features, images: { sink }, ...(draw ? { renderer } : {}), onProgress });
  const images = doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "image"));
  return { figures: images.length, drawn: images.filter((b) => b.drawn).length, bytes, peak, renderS };
}

/** The service's conversion path in process: the parse it asks for (CONVERT_FEATURES, drawing, pictures, drawn figures), then each file. */
async function conversionEndToEnd(file: string, name: string) {
  const input = new Uint8Array(readFileSync(file));
  const store = new MemoryImageStore();
  const [doc, parseS] = await timed(() => parseDocument(input, name, { features: CONVERT_FEATURES, images: { sink: store }, renderer: pdfiumRenderer(input), drawing: true }));
  const convertS: number[] = [];
  for (const [target, mode] of CONVERSIONS) convertS.push((await timed(() => convertDocument(doc, target, mode, store)))[1]);
  return { parseS, convertS, pictures: store.images.size };
}

/** Live heap above the baseline, with a collection after every page. */
async function heapUse(file: string, name: string) {
  const baseline = liveHeap();
  let parse = 0;
  const doc = await parseDocument(new Uint8Array(readFileSync(file)), name, { features, onProgress: () => (parse = Math.max(parse, liveHeap() - baseline)) });
  const convert: number[] = [];
  for (const [target, mode] of CONVERSIONS) {
    const out = await convertDocument(doc, target, mode);
    convert.push(liveHeap() - baseline);
    void out;
  }
  return { parse, convert };
}

interface ColdRun {
  seconds: number;
  /** Peak resident set of the process (worker threads included), 0 when /usr/bin/time cannot tell it. */
  peakRss: number;
}

/**
 * The prebuilt command line (dist/cli.mjs) parsing the file, with its pictures into a
 * temporary folder (`--out`) or its Markdown to a pipe, as a user runs it.
 */
function coldCli(file: string, jobs: number, out: boolean): ColdRun {
  const cli = resolve(import.meta.dirname, "../../dist/cli.mjs");
  const dir = out ? mkdtempSync(join(tmpdir(), "docparse-bench-")) : null;
  try {
    return coldProcess([cli, "parse", file, ...(dir ? ["--out", dir] : []), "--jobs", String(jobs)]);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** A Node script run in a fresh process COLD_RUNS times: the median wall time, and that run's peak resident set. */
function coldProcess(args: string[]): ColdRun {
  const runs: ColdRun[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const timer = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "%M"] : [];
    const t = performance.now();
    const run = spawnSync(timer[0] ?? process.execPath, [...timer.slice(1), ...(timer.length ? [process.execPath] : []), ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
    const seconds = (performance.now() - t) / 1000;
    if (run.status !== 0) throw new Error(`${args.join(" ")} failed: ${run.stderr.slice(-500)}`);
    runs.push({ seconds, peakRss: timer.length ? Number(/(\d+)\s*$/.exec(run.stderr)?.[1] ?? 0) * 1024 : 0 });
  }
  return runs.sort((a, b) => a.seconds - b.seconds)[COLD_RUNS >> 1];
}

/** Wall time of poppler's pdftotext -layout on the same file (median of as many runs as the parse), or null when it is missing. */
function pdftotextSeconds(file: string): number | null {
  try {
    const runs: number[] = [];
    for (let i = 0; i < PARSE_RUNS; i++) {
      const t = performance.now();
      execFileSync("pdftotext", ["-layout", file, "/dev/null"]);
      runs.push((performance.now() - t) / 1000);
    }
    return median(runs);
  } catch {
    return null;
  }
}
