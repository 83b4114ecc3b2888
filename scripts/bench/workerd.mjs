// The core inside workerd: starts the bench Worker under wrangler dev, POSTs the bench
// PDF to it and times each step from outside; memory is workerd's peak resident set
// (VmHWM), which holds the runtime itself as well as the isolate.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { quietEnv, root, waitForHttp } from "../dev-env.mjs";
import { seedLocalModels } from "../seed-models.mjs";

const file = process.argv[2] ?? resolve(root, "../shared/corpus/bench/mixed-280p.pdf");
const port = Number(process.env.BENCH_PORT ?? 8798);
const base = `http://127.0.0.1:${port}`;
// The OCR Worker beside the bench Worker reads PP-OCR's networks from the local R2.
seedLocalModels(resolve(root, ".wrangler/state"));
const child = spawn(resolve(root, "node_modules/.bin/wrangler"), ["dev", "--config", resolve(root, "scripts/bench/wrangler.toml"), "--config", resolve(root, "src/ocr/wrangler.toml"), "--ip", "127.0.0.1", "--port", String(port), "--local", "--persist-to", resolve(root, ".wrangler/state"), "--show-interactive-dev-session=false"], { cwd: root, env: quietEnv, stdio: "ignore" });
process.on("exit", () => child.kill("SIGTERM"));
await waitForHttp(`${base}/`, 120_000, child).catch(() => undefined);

function workerdPeakRss() {
  try {
    const pids = execFileSync("pgrep", ["-f", `workerd serve`], { encoding: "utf8" }).trim().split("\n");
    return Math.max(...pids.map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024));
  } catch {
    return 0;
  }
}

const bytes = readFileSync(file);
const steps = [["parse + render", "/parse"], ["parse + word/flow", "/convert?to=word&mode=flow"], ["parse + word/layout", "/convert?to=word&mode=layout"], ["parse + ppt/layout", "/convert?to=ppt&mode=layout"]];
console.log("| runtime | step | pages | seconds | pages/s |");
console.log("|---|---|---|---|---|");
// One warm-up so module compilation is not counted.
await fetch(`${base}/parse`, { method: "POST", body: bytes }).then((r) => r.text());
/** Timed runs of each step; the median is printed (this shared machine's speed varies from run to run). */
const RUNS = 3;
for (const [label, path] of steps) {
  const runs = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const body = await (await fetch(`${base}${path}`, { method: "POST", body: bytes })).json();
    runs.push((performance.now() - t) / 1000);
    pages = body.pages;
  }
  const s = runs.sort((a, b) => a - b)[RUNS >> 1];
  console.log(`| workerd | ${label} (median of ${RUNS}) | ${pages} | ${s.toFixed(2)} | ${(pages / s).toFixed(1)} |`);
}
// Vector figures drawn by PDFium (the renderer Worker's code) while parsing with figures.
{
  await fetch(`${base}/draw`, { method: "POST", body: bytes }).then((r) => r.text());
  const t = performance.now();
  const body = await (await fetch(`${base}/draw`, { method: "POST", body: bytes })).json();
  const s = (performance.now() - t) / 1000;
  console.log(`| workerd | parse + images + vector figures drawn (${body.drawn} drawn in ${(body.renderMs / 1000).toFixed(2)} s, ${(body.pngBytes / 1048576).toFixed(1)} MB of PNG and JPEG, PDFium WASM ${(body.pdfiumWasmBytes / 1048576).toFixed(0)} MB) | ${body.pages} | ${s.toFixed(2)} | ${(body.pages / s).toFixed(1)} |`);
}
// OCR: a 300 dpi scan (once to start the engine and load the model, then timed).
const scans = ["scans/tesseract/8087_054.3B.tif", "scans/tesseract/8071_093.3B.tif"].map((rel) => readFileSync(resolve(root, "../shared/corpus", rel)));
await fetch(`${base}/parse`, { method: "POST", body: scans[0] }).then((r) => r.text());
for (const [i, scan] of scans.entries()) {
  const t = performance.now();
  const body = await (await fetch(`${base}/parse`, { method: "POST", body: scan })).json();
  const s = (performance.now() - t) / 1000;
  console.log(`| workerd | OCR scan ${i + 1} (300 dpi) + render | ${body.pages} | ${s.toFixed(2)} | ${(body.pages / s).toFixed(2)} |`);
  if (i === scans.length - 1) console.log(`\nOCR WASM memory in workerd: ${(body.ocrWasmBytes / 1024 / 1024).toFixed(0)} MB`);
}
// Three more languages loaded one after another, as pages ask for them (the book page told
// French, Russian, Japanese: each model fetched from R2 and loaded): the engine's WASM memory.
for (const language of ["fr", "ru", "ja"]) {
  const t = performance.now();
  const body = await (await fetch(`${base}/parse?languages=${language}`, { method: "POST", body: scans[0] })).json();
  const s = (performance.now() - t) / 1000;
  console.log(`| workerd | OCR scan 1 told ${language} (its model from R2) + render | ${body.pages} | ${s.toFixed(2)} | ${(body.pages / s).toFixed(2)} |`);
  if (language === "ja") console.log(`\nOCR WASM memory in workerd with English, French, Russian and Japanese loaded in turn: ${(body.ocrWasmBytes / 1024 / 1024).toFixed(0)} MB`);
}
// PP-OCR (the OCR Worker): Chinese page pictures, which Tesseract's English reading doubts
// and hands on (its reading is part of the time). Once to load the networks, then timed.
{
  const pictures = ["zh-book.png", "zh-news-2col.png", "zh-exam.png"].map((name) => readFileSync(resolve(root, "test/fixtures/ocr-pages", name)));
  await fetch(`${base}/parse`, { method: "POST", body: pictures[0] }).then((r) => r.text());
  for (const [i, picture] of pictures.entries()) {
    const t = performance.now();
    const body = await (await fetch(`${base}/parse`, { method: "POST", body: picture })).json();
    const s = (performance.now() - t) / 1000;
    console.log(`| workerd | OCR Chinese picture ${i + 1} (Tesseract, then PP-OCR in the OCR Worker) + render | ${body.pages} | ${s.toFixed(2)} | ${(body.pages / s).toFixed(2)} |`);
  }
  const { paddleWasmBytes } = await (await fetch(`${base}/ocr-memory`)).json();
  console.log(`\nPP-OCR's ONNX Runtime WASM memory in the OCR Worker's isolate: ${(paddleWasmBytes / 1024 / 1024).toFixed(0)} MB`);
}
console.log(`\nworkerd peak RSS (whole runtime process): ${(workerdPeakRss() / 1024 / 1024).toFixed(0)} MB`);
child.kill("SIGTERM");
process.exit(0);
