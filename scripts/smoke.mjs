// `npm run smoke`: a black-box run over real HTTP. Starts `wrangler dev` on a spare port
// with its own fresh local state, seeds a key through the admin route, then drives every
// endpoint the way a client would, printing one line per check. Exit code 0 = all passed.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ensureDevVars, root, seedKey, startService } from "./dev-env.mjs";

const port = Number(process.env.SMOKE_PORT ?? 8799);
const base = process.env.SMOKE_URL ?? `http://127.0.0.1:${port}`;
const fixtures = resolve(root, "test/fixtures");
const state = resolve(root, ".out/smoke-state");

let log = "";
const serviceLog = () => log;
if (!process.env.SMOKE_URL) {
  rmSync(state, { recursive: true, force: true });
  ensureDevVars();
  const children = [];
  process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));
  try {
    await startService({
      port,
      persistTo: state,
      stdio: ["ignore", "pipe", "pipe"],
      onSpawn(child) {
        children.push(child);
        child.stdout.on("data", (d) => (log += d));
        child.stderr.on("data", (d) => (log += d));
      },
    });
  } catch (e) {
    console.error(`${e.message}\n${log.slice(-3000)}`);
    process.exit(1);
  }
}

const vars = ensureDevVars();
const apiKey = `sk-smoke${Date.now()}`;
await seedKey(base, process.env.SMOKE_ADMIN_TOKEN ?? vars.ADMIN_TOKEN, apiKey, "smoke");

let passed = 0;
let failed = 0;
function check(name, condition, detail = "") {
  if (condition) passed++;
  else failed++;
  console.log(`${condition ? "ok  " : "FAIL"} ${name}${condition ? "" : `  ${detail}`}`);
}

function pdf(path) {
  return new File([readFileSync(resolve(fixtures, path))], path.split("/").pop(), { type: "application/pdf" });
}

async function call(path, fields, init = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) fd.append(k, x);
  const res = await fetch(`${base}${path}`, { method: "POST", body: fd, ...init });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: "not json", message: text.slice(0, 200) };
  }
  return { res, body };
}

async function poll(path, taskId, done) {
  const started = Date.now();
  for (;;) {
    const r = await call(path, { api_key: apiKey, task_id: taskId });
    if (done(r.body.data?.status) || Date.now() - started > 60_000) return r;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const sample = "pdf/article-and-variable.pdf";

{
  const { res, body } = await call("/v1/usage", { api_key: apiKey });
  check("usage answers the four fields", res.status === 200 && body.code === 0 && ["remaining_paid_pages", "remaining_free_pages_today", "remaining_free_pages_this_month", "dashboard_url"].every((k) => k in body.data), JSON.stringify(body));
}
{
  const { res, body } = await call("/v1/usage", { api_key: "sk-nottherightkey" });
  check("usage with a wrong key is 401 in the envelope", res.status === 401 && body.code === 10002, JSON.stringify(body));
}
{
  const { body } = await call("/v1/parse/sync", { api_key: apiKey, file: pdf("pdf/loose-leading.pdf"), feature_config: '{"enable_title_level_recognition":true}' });
  const ok = body.code === 0 && body.data.result.outputs.markdown.length > 0 && body.data.result.outputs.json.pages.length === body.data.metadata.page_num;
  check("parse/sync returns markdown, json and a catalog", ok && body.data.result.catalog.length > 0, JSON.stringify(body).slice(0, 300));
}
{
  // The renderer Worker runs beside the main one: a structure drawn with lines comes back as a picture.
  const { body } = await call("/v1/parse/sync", { api_key: apiKey, file: pdf("pdf/chemical-structure.pdf"), output_formats: "json", element_formats: '{"cs":"image"}' });
  const drawn = body.data?.result?.outputs?.json?.pages?.[0]?.blocks?.find((b) => b.img_url);
  const res = drawn ? await fetch(drawn.img_url) : null;
  check("a drawing of lines is drawn by the renderer Worker", res?.status === 200 && res.headers.get("content-type") === "image/png", JSON.stringify(body).slice(0, 300));
}
{
  const { body } = await call("/v1/parse/sync", { api_key: apiKey, file: pdf(sample), "output_formats[0]": "zip", element_formats: '{"image":"file"}' });
  const zip = body.data?.result?.outputs?.zip;
  const res = zip ? await fetch(zip) : null;
  const bytes = res ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
  check("parse/sync zip output downloads as a zip", res?.status === 200 && bytes[0] === 0x50 && bytes[1] === 0x4b, JSON.stringify(body).slice(0, 300));
}
{
  const { body } = await call("/v1/parse/async", { api_key: apiKey, file: pdf(sample) });
  check("parse/async answers queuing", body.code === 0 && body.data.status === "queuing", JSON.stringify(body));
  const done = await poll("/v1/parse/async_check", body.data.task_id, (s) => s === "success" || s === "failed");
  check("parse/async_check reaches success", done.body.data.status === "success" && Number.isInteger(done.body.data.record_id), JSON.stringify(done.body).slice(0, 300));
}
{
  const { res, body } = await call("/v1/extract/async", { api_key: apiKey, file: pdf(sample), extract_config: "{}" });
  check("legacy extract/async works with Sunset header", body.code === 0 && !!res.headers.get("sunset") && !!res.headers.get("deprecation"), JSON.stringify(body));
}
for (const [target, mode] of [["word", "flow"], ["word", "layout"], ["ppt", "layout"]]) {
  const { body } = await call("/v1/convert/sync", { api_key: apiKey, file: pdf(sample), target_type: target, layout_mode: mode });
  const url = body.data?.download_url;
  const file = url ? await fetch(url) : null;
  check(`convert/sync ${target}/${mode} succeeds with a downloadable file`, body.code === 0 && body.data.status === "SUCCESS" && file?.status === 200, JSON.stringify(body).slice(0, 300));
}
{
  const { body } = await call("/v1/convert/async", { api_key: apiKey, file: pdf(sample), target_type: "ppt" });
  check("convert/async answers PARSING without download_url", body.code === 0 && body.data.status === "PARSING" && !("download_url" in body.data), JSON.stringify(body));
  const done = await poll("/v1/convert/async_check", body.data.task_id, (s) => s === "SUCCESS" || s === "FAILED");
  check("convert/async_check reaches SUCCESS with download_url", done.body.data.status === "SUCCESS" && !!done.body.data.download_url, JSON.stringify(done.body).slice(0, 300));
  const tampered = await fetch(done.body.data.download_url.replace(/sig=./, "sig=z"));
  check("a tampered download URL is 403 in the envelope", tampered.status === 403 && (await tampered.json()).code === 50004);
}
{
  const { res, body } = await call("/v1/convert/sync", { api_key: apiKey, file: pdf(sample), target_type: "ppt", layout_mode: "flow" });
  check("ppt with flow is rejected", res.status === 400 && body.code === 30004, JSON.stringify(body));
}
{
  const res = await fetch(`${base}/v1/parse/sync`);
  const body = await res.json();
  check("GET on a POST endpoint is 405 in the envelope", res.status === 405 && body.code === 50007, JSON.stringify(body));
}
{
  const res = await fetch(`${base}/dashboard`);
  check("the dashboard page is served", res.status === 200 && (await res.text()).includes("<form"));
}

console.log(`smoke: ${passed} passed, ${failed} failed`);
if (failed && serviceLog()) {
  writeFileSync(resolve(root, ".out/smoke.log"), serviceLog());
  console.log("service log: .out/smoke.log");
}
process.exit(failed === 0 ? 0 : 1);
