// The typed client (client/) against the real service under wrangler dev: the client is
// bundled as a browser or Worker would ship it (build-client.mjs), then every method is
// called over HTTP: a real PDF parsed sync and async, converted to Word and PowerPoint and
// downloaded, usage charged by the pages parsed, and each kind of failure thrown as the
// DocparseError its envelope code names. Only the 50002 answer (a sync call the service
// stopped waiting for) is made up, by a fetch that sends the sync call to the async
// endpoint: the service's sync limit is minutes long.
// Run: node --test test/client/client.test.mjs (npm test runs it after the smoke stage).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import { buildClient } from "./build-client.mjs";
import { startTestService } from "../helpers/service.mjs";

const PORT = Number(process.env.CLIENT_TEST_PORT ?? 8821);
const root = resolve(import.meta.dirname, "../..");
/** Three pages of prose under two headings (test/fixtures/pdf/loose-leading.tex). */
const PDF_BYTES = readFileSync(resolve(root, "test/fixtures/pdf/loose-leading.pdf"));
const PAGES = 3;
const pdf = () => new File([PDF_BYTES], "loose-leading.pdf", { type: "application/pdf" });
/** 14 pages with pictures and charts: a conversion of it runs for seconds, well past a short wait. */
const longPdf = () => new File([readFileSync(resolve(root, "test/fixtures/pdf/joined-14-pages.pdf"))], "joined-14-pages.pdf", { type: "application/pdf" });
/** Parsing and converting run through the queue on a shared machine: generous, but bounded. */
const TASK_TIMEOUT = 180_000;
const WAIT = { timeoutMs: TASK_TIMEOUT, initialDelayMs: 200 };

let service;
let lib;
let inputs;
let client;
let failed = false;

before(async () => {
  ({ module: lib, inputs } = await buildClient());
  service = await startTestService({ port: PORT, name: "client-test" });
  client = new lib.DocparseClient({ baseUrl: service.base, apiKey: await service.newKey("client test") });
});

after(() => {
  if (failed) service?.saveLog();
  service?.stop();
});

/** A test whose failure also keeps the service's log (.out/client-test-service.log). */
function serviceTest(name, fn) {
  test(name, { timeout: TASK_TIMEOUT + 60_000 }, async (t) => {
    try {
      await fn(t);
    } catch (e) {
      failed = true;
      throw e;
    }
  });
}

/** Awaits a promise that must reject, and answers what it rejected with. */
async function rejection(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail("expected the call to throw");
}

function assertDocparseError(error, { name, code, status }) {
  assert.ok(error instanceof lib.DocparseError, `a DocparseError, got ${error?.stack ?? error}`);
  assert.equal(error.name, name, error.message);
  assert.equal(error.code, code, error.message);
  if (status !== undefined) assert.equal(error.status, status, error.message);
  assert.ok(error.message.length > 0);
}

test("the bundle holds only client/: the server's schemas are imported for their types alone", () => {
  assert.ok(inputs.includes("client/index.ts"), inputs.join(", "));
  assert.deepEqual(inputs.filter((p) => !p.startsWith("client/")), []);
});

serviceTest("parse: Markdown with the document's text, JSON pages with blocks", async () => {
  const data = await client.parse(pdf(), { featureConfig: { enable_title_level_recognition: true } });
  assert.equal(data.error, null);
  assert.deepEqual(data.metadata, { page_num: PAGES, file_type: ".pdf" });
  const { markdown, json } = data.result.outputs;
  for (const text of ["Statement of the Case", "Standard of Review", "warehouse supervisor"]) assert.ok(markdown.includes(text), `Markdown holds "${text}"`);
  assert.equal(json.pages.length, PAGES);
  assert.ok(json.pages.every((p) => p.blocks.length > 0), "every page has blocks");
  assert.ok(json.pages[0].blocks.some((b) => b.type === "title" && b.content.includes("Statement of the Case")));
  assert.equal(data.result.file_name, "loose-leading.pdf");
});

serviceTest("parse with options: only the formats asked for, from bytes with a name", async () => {
  const data = await client.parse({ name: "bytes.pdf", data: new Uint8Array(PDF_BYTES) }, { outputFormats: ["markdown"], elementFormats: { table: "markdown" } });
  assert.ok(data.result.outputs.markdown.includes("Statement of the Case"));
  assert.equal(data.result.outputs.json, undefined);
  assert.equal(data.result.file_name, "bytes.pdf");
});

serviceTest("parseAsync + waitFor: polls with progress until success", async () => {
  const taskId = await client.parseAsync(pdf(), { outputFormats: ["json"] });
  assert.equal(typeof taskId, "string");
  const seen = [];
  const task = await client.waitFor(taskId, { ...WAIT, onProgress: (r) => seen.push(r.status) });
  assert.equal(task.status, "success");
  assert.equal(task.task_id, taskId);
  assert.equal(task.result.outputs.json.pages.length, PAGES);
  assert.equal(seen.at(-1), "success");
  assert.ok(seen.slice(0, -1).every((s) => s === "queuing" || s === "processing"), seen.join(", "));
  assert.equal((await client.parseResult(taskId)).status, "success");
});

serviceTest("convert to Word (sync) and download: a .docx", async () => {
  const task = await client.convert(pdf(), { targetType: "word" });
  assert.equal(task.status, "SUCCESS");
  assert.equal(task.layout_mode, "flow");
  assert.ok(task.expires_in > 0);
  const bytes = await client.download(task.download_url);
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(String.fromCharCode(bytes[0], bytes[1]), "PK");
  const files = unzipSync(bytes);
  assert.ok("word/document.xml" in files, Object.keys(files).join(", "));
  assert.ok(new TextDecoder().decode(files["word/document.xml"]).includes("Statement of the Case"));
});

serviceTest("convertAsync to PowerPoint + waitForConversion + download: a .pptx", async () => {
  const taskId = await client.convertAsync(pdf(), { targetType: "ppt" });
  const task = await client.waitForConversion(taskId, WAIT);
  assert.equal(task.status, "SUCCESS");
  assert.equal(task.target_type, "ppt");
  assert.equal(task.layout_mode, "layout");
  const bytes = await client.download(task.download_url);
  assert.equal(String.fromCharCode(bytes[0], bytes[1]), "PK");
  assert.ok("ppt/presentation.xml" in unzipSync(bytes));
  assert.equal((await client.conversionResult(taskId)).status, "SUCCESS");
});

serviceTest("usage goes down by the pages parsed", async () => {
  // A key of its own: other tests' tasks never land in its counts.
  const own = new lib.DocparseClient({ baseUrl: `${service.base}/v1/`, apiKey: await service.newKey("client usage test") });
  const before = await own.usage();
  assert.ok(before.remaining_free_pages_today >= PAGES);
  assert.match(before.dashboard_url, /^https?:\/\//);
  await own.parse(pdf(), { outputFormats: ["markdown"] });
  const later = await own.usage();
  assert.equal(before.remaining_free_pages_today - later.remaining_free_pages_today, PAGES);
  assert.equal(before.remaining_free_pages_this_month - later.remaining_free_pages_this_month, PAGES);
});

serviceTest("a wrong key: API_KEY_INVALID (10002, 401), sent as a Bearer header", async () => {
  let sent;
  const spy = (input, init) => {
    sent = { authorization: new Headers(init.headers).get("authorization"), fields: [...init.body.keys()] };
    return fetch(input, init);
  };
  const wrong = new lib.DocparseClient({ baseUrl: service.base, apiKey: "sk-nottherightkey", fetch: spy });
  const error = await rejection(wrong.usage());
  assertDocparseError(error, { name: "API_KEY_INVALID", code: 10002, status: 401 });
  assert.ok(lib.isDocparseError(error, "API_KEY_INVALID"));
  assert.deepEqual(sent, { authorization: "Bearer sk-nottherightkey", fields: [] });
});

serviceTest("an unknown task: TASK_NOT_FOUND (50001, 404), from a check and from a wait", async () => {
  assertDocparseError(await rejection(client.parseResult("no-such-task")), { name: "TASK_NOT_FOUND", code: 50001, status: 404 });
  assertDocparseError(await rejection(client.waitForConversion("no-such-task", WAIT)), { name: "TASK_NOT_FOUND", code: 50001, status: 404 });
});

serviceTest("options that cannot go together: INCOMPATIBLE_OPTIONS (30004, 400)", async () => {
  assertDocparseError(await rejection(client.convert(pdf(), { targetType: "ppt", layoutMode: "flow" })), { name: "INCOMPATIBLE_OPTIONS", code: 30004, status: 400 });
  assertDocparseError(await rejection(client.parseAsync(pdf(), { outputFormats: ["zip"] })), { name: "INCOMPATIBLE_OPTIONS", code: 30004, status: 400 });
});

serviceTest("no document: FILE_REQUIRED (30002, 400); a private link as file_url: FILE_URL_REJECTED (30006)", async () => {
  assertDocparseError(await rejection(client.parse({ name: "empty.pdf", data: new Uint8Array(0) })), { name: "FILE_REQUIRED", code: 30002, status: 400 });
  assertDocparseError(await rejection(client.parse({ url: "" })), { name: "FILE_REQUIRED", code: 30002, status: 400 });
  assertDocparseError(await rejection(client.convert({ url: `${service.base}/x.pdf` })), { name: "FILE_URL_REJECTED", code: 30006, status: 400 });
});

serviceTest("a task that fails: waitFor rejects with the task's own error code", async () => {
  // Not a document: accepted at submission, the parse then fails with the document's error.
  const taskId = await client.parseAsync({ name: "note.pdf", data: new TextEncoder().encode("%PDF-1.4 no more than a header") });
  const error = await rejection(client.waitFor(taskId, WAIT));
  assert.ok(error instanceof lib.DocparseError, String(error));
  assert.ok(error.code >= 40000 && error.code < 70000, `${error.name} ${error.code}: ${error.message}`);
  assert.equal(error.taskId, taskId);
  assert.equal(error.data.status, "failed");
});

serviceTest("waitFor gives up after timeoutMs with WaitTimeoutError; the task goes on", async () => {
  const taskId = await client.convertAsync(longPdf(), { targetType: "ppt" });
  const started = Date.now();
  const error = await rejection(client.waitForConversion(taskId, { timeoutMs: 300, initialDelayMs: 100 }));
  const waited = Date.now() - started;
  assert.ok(error instanceof lib.WaitTimeoutError, String(error));
  assertDocparseError(error, { name: "WAIT_TIMEOUT", code: 0, status: 0 });
  assert.equal(error.taskId, taskId);
  // At least the timeout; at most a few looks more (each slow on a loaded machine), far
  // short of the task's end, which would have resolved the wait instead.
  assert.ok(waited >= 300 && waited < 20_000, `${waited} ms`);
  assert.notEqual(error.data.status, "SUCCESS");
  assert.equal((await client.waitForConversion(taskId, WAIT)).status, "SUCCESS");
});

serviceTest("waitFor stops when its AbortSignal aborts, rejecting with the signal's reason", async () => {
  const taskId = await client.convertAsync(pdf());
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 300);
  const started = Date.now();
  // Pauses far longer than the test allows: only an abort that cuts a pause short passes.
  const error = await rejection(client.waitForConversion(taskId, { timeoutMs: TASK_TIMEOUT, initialDelayMs: 60_000, signal: controller.signal }));
  assert.equal(error.name, "AbortError");
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
  assert.equal((await rejection(client.waitFor(taskId, { signal: AbortSignal.abort() }))).name, "AbortError");
});

serviceTest("a sync call answered 50002 throws StillRunningError with the task to wait for, or waits when asked", async () => {
  // The service's sync limit is minutes: this fetch sends the sync call to the async endpoint
  // and answers as the sync endpoint does past its limit (status 202, code 50002, the task).
  const stillRunning = async (input, init) => {
    const url = String(input);
    if (!url.endsWith("/v1/parse/sync")) return fetch(input, init);
    const submitted = await (await fetch(url.replace(/sync$/, "async"), init)).json();
    const body = { code: 50002, message: "The parse is still running after 300 s; poll /v1/parse/async_check with this task_id.", data: { task_id: submitted.data.task_id } };
    return new Response(JSON.stringify(body), { status: 202, headers: { "content-type": "application/json" } });
  };
  const apiKey = await service.newKey("client 50002 test");
  const slow = new lib.DocparseClient({ baseUrl: service.base, apiKey, fetch: stillRunning });
  const error = await rejection(slow.parse(pdf()));
  assert.ok(error instanceof lib.StillRunningError, String(error));
  assertDocparseError(error, { name: "SYNC_TIMEOUT", code: 50002, status: 202 });
  assert.equal(error.kind, "parse");
  assert.equal((await slow.waitFor(error.taskId, WAIT)).status, "success");
  const waited = await slow.parse(pdf(), { waitIfStillRunning: WAIT });
  assert.ok(waited.result.outputs.markdown.includes("Statement of the Case"));
  assert.deepEqual(Object.keys(waited).sort(), ["error", "metadata", "result", "task_id"]);
});

test("no answer: NetworkError NETWORK_ERROR (code 0); an answer that is not the envelope: INVALID_RESPONSE", async () => {
  const unreachable = new lib.DocparseClient({ baseUrl: "http://127.0.0.1:1", apiKey: "sk-x" });
  const error = await rejection(unreachable.usage());
  assert.ok(error instanceof lib.NetworkError, String(error));
  assertDocparseError(error, { name: "NETWORK_ERROR", code: 0, status: 0 });
  assert.ok(error.cause, "keeps the cause");
  const proxyPage = async () => new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
  const behindProxy = new lib.DocparseClient({ baseUrl: "http://example.invalid", apiKey: "sk-x", fetch: proxyPage });
  const html = await rejection(behindProxy.usage());
  assert.ok(html instanceof lib.NetworkError, String(html));
  assertDocparseError(html, { name: "INVALID_RESPONSE", code: 0, status: 502 });
  assert.match(html.message, /502 Bad Gateway/);
});

serviceTest("a refused download link throws the envelope's DOWNLOAD_LINK_INVALID (50004, 403)", async () => {
  const task = await client.convert(pdf());
  const tampered = task.download_url.replace(/sig=[^&]+/, "sig=AAAA");
  assertDocparseError(await rejection(client.download(tampered)), { name: "DOWNLOAD_LINK_INVALID", code: 50004, status: 403 });
});
