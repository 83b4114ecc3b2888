// The service end to end under wrangler dev, as a user sees it: a long born-digital PDF
// submitted to /v1/parse/async and polled until success, and the same through
// /v1/parse/sync; beside them the JS heap of the processor Worker's isolate, which parses
// (V8's GC trace and its inspector), and workerd's peak resident set. Usage:
//   node scripts/bench/service.mjs [file.pdf]   (default: the 280-page mix made 300 pages long)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { ensureDevVars, root, seedKey, startService } from "../dev-env.mjs";
import { sharedDir } from "../shared-dir.mjs";

const port = Number(process.env.BENCH_SERVICE_PORT ?? 8812);
const base = `http://127.0.0.1:${port}`;
const work = resolve(root, ".out/bench-service");
const state = resolve(work, "state");

/** The bench mix plus its first 20 pages again: the issue's 300-page document. */
function threeHundredPages() {
  const mix = resolve(sharedDir(root), "corpus/bench/mixed-280p.pdf");
  const out = resolve(work, "mixed-300p.pdf");
  execFileSync("pdfseparate", ["-f", "1", "-l", "20", mix, resolve(work, "head-%d.pdf")]);
  const heads = Array.from({ length: 20 }, (_, i) => resolve(work, `head-${i + 1}.pdf`));
  execFileSync("pdfunite", [mix, ...heads, out]);
  return out;
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const file = process.argv[2] ?? threeHundredPages();
const bytes = readFileSync(file);
const vars = ensureDevVars();
const children = [];
process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));
// BENCH_SERVICE_LOG=FILE keeps the Workers' logs (where a task's time goes), else they are dropped.
const log = process.env.BENCH_SERVICE_LOG ? createWriteStream(process.env.BENCH_SERVICE_LOG) : null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Every collection in the processor's process: V8's `--trace-gc` (Miniflare hands
 * MINIFLARE_WORKERD_V8_FLAGS to workerd, whose stdout wrangler prints) writes a line for each,
 * with the isolate, its clock, and the used heap before and after, e.g.
 *   [13967:0x3006bfc98000]  6418 ms: Mark-Compact 28.2 (32.8) -> 26.8 (33.0) MB, ... allocation failure; ...
 * The used heap after a Mark-Compact (a full collection) is the isolate's live heap then.
 */
const gcs = [];
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+([\d.]+) ms: (.+?) ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;
function readGcTrace(stream) {
  createInterface({ input: stream }).on("line", (line) => {
    log?.write(`${line}\n`);
    const m = GC_LINE.exec(line);
    if (m) gcs.push({ isolate: m[1], ms: Number(m[2]), full: m[3].startsWith("Mark-Compact"), before: Number(m[4]) * 1048576, after: Number(m[5]) * 1048576, forced: line.includes("low memory notification") });
  });
}

await startService({
  port,
  persistTo: state,
  stdio: ["ignore", "pipe", log ? "pipe" : "ignore"],
  workersEnv: { MINIFLARE_WORKERD_V8_FLAGS: [process.env.MINIFLARE_WORKERD_V8_FLAGS, "--trace-gc"].filter(Boolean).join(" ") },
  onSpawn(child) {
    children.push(child);
    if (child.spawnargs.includes(resolve(root, "src/processor/wrangler.toml"))) readGcTrace(child.stdout);
    else if (log) child.stdout.pipe(log);
    else child.stdout.resume();
    child.stderr?.pipe(log);
  },
});
const apiKey = `sk-bench${Date.now()}`;
await seedKey(base, vars.ADMIN_TOKEN, apiKey, "bench");
// Eight runs of 300 pages pass the free daily quota: a paid plan covers them.
const keyId = createHash("sha256").update(apiKey).digest("hex");
await fetch(`${base}/admin/keys/${keyId}/plans`, { method: "POST", headers: { authorization: `Bearer ${vars.ADMIN_TOKEN}`, "content-type": "application/json" }, body: JSON.stringify({ pages: 100_000, days: 1 }) });

async function call(path, fields) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { authorization: `Bearer ${apiKey}` }, body: form });
  return res.json();
}

const upload = () => new File([bytes], file.split("/").pop(), { type: "application/pdf" });

/** Extra form fields of every request, as JSON (BENCH_FIELDS='{"element_formats":"{\\"image\\":\\"none\\"}"}'). */
const extraFields = JSON.parse(process.env.BENCH_FIELDS ?? "{}");

async function asyncRun() {
  const t = performance.now();
  const submitted = await call("/v1/parse/async", { ...extraFields, file: upload() });
  if (submitted.code !== 0) throw new Error(JSON.stringify(submitted));
  for (;;) {
    const checked = await call("/v1/parse/async_check", { task_id: submitted.data.task_id });
    if (checked.data?.status === "success") return { seconds: (performance.now() - t) / 1000, pages: checked.data.metadata.page_num };
    if (checked.code !== 0 || checked.data?.status === "failed") throw new Error(JSON.stringify(checked).slice(0, 500));
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function syncRun() {
  const t = performance.now();
  const answer = await call("/v1/parse/sync", { ...extraFields, file: upload() });
  if (answer.code !== 0) throw new Error(JSON.stringify(answer).slice(0, 500));
  return { seconds: (performance.now() - t) / 1000, pages: answer.data.metadata.page_num };
}

/**
 * The processor Worker's isolate through the V8 inspector of its wrangler dev process:
 * startService gives that process `--inspector-port port + 2` (on 127.0.0.1, wrangler's
 * default), where wrangler's inspector proxy speaks for the process's first Worker, the
 * processor. The proxy takes one client at a time: connect once.
 */
async function connectInspector(inspectorPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // The proxy takes a WebSocket only from a local Origin, and Node's sends none of its own.
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`the processor's inspector at ${target.webSocketDebuggerUrl} refused the connection`));
  });
  let lastId = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const answer = pending.get(message.id);
    if (!answer) return; // events, and answers to the proxy's own calls
    pending.delete(message.id);
    if (message.error) answer.reject(new Error(`${answer.method}: ${message.error.message}`));
    else answer.resolve(message.result);
  };
  return {
    call: (method, params) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, { method, resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/**
 * Forces a full collection in the processor's isolate through its inspector (V8's trace calls
 * it a "low memory notification"); resolves to our clock when it is done. workerd runs that
 * collection, a V8 task, only when the isolate next serves a request: hence one to the
 * processor's own port.
 */
async function forceGc() {
  const answered = inspector.call("HeapProfiler.collectGarbage");
  await (await fetch(`http://127.0.0.1:${port + 1}/`)).body?.cancel();
  await Promise.race([answered, sleep(10_000)]);
  return performance.now();
}

/**
 * The processor's isolate in the trace, and the offset from its clock to ours: the isolate that
 * reports the first forced collection, made at `firstForcedAt`. workerd's stdout reaches us in
 * blocks (the C library buffers it in a pipe), so the last runs' lines may still be held there:
 * more forced collections (a few lines each) push them out, until one made after `runsEnd`
 * shows up.
 */
async function processorTrace(firstForcedAt, runsEnd) {
  for (let i = 0; i < 100; i++) {
    const first = gcs.find((gc) => gc.forced);
    const offset = first && firstForcedAt - first.ms;
    if (first && gcs.some((gc) => gc.isolate === first.isolate && gc.forced && gc.ms + offset > runsEnd)) return { isolate: first.isolate, offset };
    await forceGc();
    await sleep(100);
  }
  return null;
}

const SAMPLE_MS = 150;

/**
 * Runs `run` with the processor's isolate asked for its heap every SAMPLE_MS
 * (Runtime.getHeapUsage: the used JS heap, and `backingStorageSize`, the ArrayBuffers' and
 * external strings' memory outside it, live or not yet collected); keeps the run's time span
 * and the samples' peaks in `heap`. The inspector is answered only between turns of the
 * isolate's event loop, so a long synchronous stretch of the parse goes unsampled:
 * `maxGapMs` is the longest wait.
 */
async function watched(run, heap) {
  let running = true;
  const sampling = (async () => {
    let last = performance.now();
    while (running) {
      const { usedSize, backingStorageSize } = await inspector.call("Runtime.getHeapUsage");
      const now = performance.now();
      heap.used = Math.max(heap.used, usedSize);
      heap.buffers = Math.max(heap.buffers, backingStorageSize);
      heap.maxGapMs = Math.max(heap.maxGapMs, now - last);
      heap.samples++;
      last = now;
      await sleep(SAMPLE_MS);
    }
  })();
  const start = performance.now();
  try {
    return await run();
  } finally {
    heap.spans.push([start, performance.now()]);
    running = false;
    await sampling;
  }
}

const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

/** The heap columns of runs watched into `heap`: the processor's collections during them, and the samples. */
function heapCells(heap, trace) {
  const own = trace ? gcs.filter((gc) => gc.isolate === trace.isolate && heap.spans.some(([from, to]) => gc.ms + trace.offset >= from && gc.ms + trace.offset <= to)) : [];
  const full = own.filter((gc) => gc.full);
  return [
    full.length ? `${mb(Math.max(...full.map((gc) => gc.after)))} (${full.length === 1 ? "after its one full GC" : `the most after any of ${full.length} full GCs`})` : "no full GC traced",
    mb(Math.max(heap.used, ...own.map((gc) => gc.before))),
    `${mb(heap.buffers)} (${heap.samples} samples, longest gap ${(heap.maxGapMs / 1000).toFixed(1)} s)`,
  ].join(" | ");
}

function workerdPeakRss() {
  try {
    const pids = execFileSync("pgrep", ["-f", "workerd serve"], { encoding: "utf8" }).trim().split("\n");
    return Math.max(...pids.map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024));
  } catch {
    return 0;
  }
}

const inspector = await connectInspector(port + 2);
const firstForcedAt = await forceGc();
// One warm-up so module compilation is not counted.
await asyncRun();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ways = [["/v1/parse/async, submit to success", asyncRun], ["/v1/parse/sync", syncRun]].map(([label, run]) => ({ label, run, runs: [], heap: { spans: [], used: 0, buffers: 0, samples: 0, maxGapMs: 0 } }));
// The two ways take turns, so a service that slows as its local store fills slows both alike.
for (let i = 0; i < RUNS; i++) for (const way of ways) way.runs.push(await watched(way.run, way.heap));
const rows = ways.map(({ label, runs, heap }) => {
  runs.sort((a, b) => a.seconds - b.seconds);
  return { label: `${label} (median of ${RUNS} taking turns, ${runs[0].seconds.toFixed(2)}-${runs[RUNS - 1].seconds.toFixed(2)} s)`, median: runs[RUNS >> 1], heap };
});
const trace = await processorTrace(firstForcedAt, performance.now());
if (!trace) console.error("The GC trace never named the processor's isolate, so no live heap (does Miniflare still pass MINIFLARE_WORKERD_V8_FLAGS on to workerd?)");
inspector.close();

console.log("| service (wrangler dev) | pages | seconds | pages/s | processor isolate's live JS heap | its peak JS heap | outside it (ArrayBuffers), sampled |");
console.log("|---|---|---|---|---|---|---|");
for (const { label, median, heap } of rows) {
  console.log(`| ${label} | ${median.pages} | ${median.seconds.toFixed(2)} | ${(median.pages / median.seconds).toFixed(1)} | ${heapCells(heap, trace)} |`);
}
console.log(`workerd peak RSS ${mb(workerdPeakRss())} (the runtime and every local Worker's isolate together)`);
process.exit(0);
