// The service end to end under wrangler dev, as a user sees it: a long born-digital PDF
// submitted to /v1/parse/async and polled until success, and the same through
// /v1/parse/sync; workerd's peak resident set beside it. Usage:
//   node scripts/bench/service.mjs [file.pdf]   (default: the 280-page mix made 300 pages long)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { ensureDevVars, root, seedKey, startService } from "../dev-env.mjs";
import { sharedDir } from "../shared-dir.mjs";

const port = Number(process.env.BENCH_SERVICE_PORT ?? 8812);
const base = `http://127.0.0.1:${port}`;
const work = resolve(root, ".out/bench-service");
const state = resolve(work, "state");

/** The bench mix plus its first 20 pages again: the 300-page document. */
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
await startService({
  port,
  persistTo: state,
  stdio: ["ignore", log ? "pipe" : "ignore", log ? "pipe" : "ignore"],
  onSpawn(child) {
    children.push(child);
    child.stdout?.pipe(log);
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

function workerdPeakRss() {
  try {
    const pids = execFileSync("pgrep", ["-f", "workerd serve"], { encoding: "utf8" }).trim().split("\n");
    return Math.max(...pids.map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024));
  } catch {
    return 0;
  }
}

console.log("| service (wrangler dev) | pages | seconds | pages/s |");
console.log("|---|---|---|---|");
// One warm-up so module compilation is not counted.
await asyncRun();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
for (const [label, run] of [["/v1/parse/async, submit to success", asyncRun], ["/v1/parse/sync", syncRun]]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  const median = runs.sort((a, b) => a.seconds - b.seconds)[RUNS >> 1];
  console.log(`| ${label} (median of ${RUNS}) | ${median.pages} | ${median.seconds.toFixed(2)} | ${(median.pages / median.seconds).toFixed(1)} |`);
}
console.log(`workerd peak RSS ${(workerdPeakRss() / 1048576).toFixed(0)} MB (the runtime and every local Worker's isolate together)`);
process.exit(0);
