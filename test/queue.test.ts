// The queue consumer: idempotent redelivery, retries with backoff for transient errors,
// malformed messages dropped, dead letters failing the task and releasing its pages.
import { env, createMessageBatch, getQueueResult, createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../src/worker";
import { retryDelaySeconds } from "../queues/consumer";
import { taskStub } from "../src/tasks/stubs";
import { createKey, pdfFile, pollUntil, post, submitQuietly, usageOf, SAMPLE_PDF, LONG_PDF } from "./helpers/api";
import { ERRORS } from "../src/api/errors";
import { submitTask } from "../src/tasks/submit";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../src/core/options";
import { fixtureFile } from "./helpers/corpus";
import { parseDocument } from "../src/core/pipeline";
import { renderParseResult } from "../src/core/render/result";
import type { TaskRecord } from "../src/tasks/record";

async function deliver(queue: string, body: unknown, attempts = 1, vars: Record<string, string> = {}) {
  const batch = createMessageBatch(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...(env as any), ...vars });
  return getQueueResult(batch, ctx);
}

async function finishedParseTask() {
  const { apiKey } = await createKey("queue");
  const submit = await post("/v1/parse/async", { api_key: apiKey, file: await pdfFile(SAMPLE_PDF) });
  const taskId = submit.body.data.task_id as string;
  await pollUntil(async () => (await taskStub(env as any, taskId).get())?.status, (s) => s === "success");
  return { apiKey, taskId };
}

describe("queue consumer", () => {
  it("acks a redelivered message for a finished task without touching it", async () => {
    const { apiKey, taskId } = await finishedParseTask();
    const before = await taskStub(env as any, taskId).get();
    const usageBefore = await usageOf(apiKey);
    const result = await deliver("docparse-jobs", { taskId, stage: "parse" }, 2);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    expect(await taskStub(env as any, taskId).get()).toEqual(before);
    expect(await usageOf(apiKey)).toEqual(usageBefore);
  });

  it("drops a malformed message", async () => {
    const result = await deliver("docparse-jobs", { nonsense: true });
    expect(result.explicitAcks).toHaveLength(1);
  });

  it("retries a transient failure with growing delay", async () => {
    const { keyId } = await createKey("transient");
    const record = await submitQuietly(keyId);
    await env.BLOBS.delete(`tasks/${record.taskId}/input`); // storage lost the input: not the document's fault
    const result = await deliver("docparse-jobs", { taskId: record.taskId, stage: "parse" }, 3);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(0);
    expect((await taskStub(env as any, record.taskId).get())!.status).toBe("processing"); // not failed: it will be tried again
    expect(retryDelaySeconds(1)).toBeLessThan(retryDelaySeconds(2));
    expect(retryDelaySeconds(50)).toBe(300);
  });

  it("fails the task and releases its pages when a message reaches the dead-letter queue", async () => {
    const { apiKey, keyId } = await createKey("dlq");
    const before = await usageOf(apiKey);
    const record = await submitQuietly(keyId);
    expect((await usageOf(apiKey)).remaining_free_pages_today).toBe(before.remaining_free_pages_today - record.pageNum);
    const result = await deliver("docparse-jobs-dlq", { taskId: record.taskId, stage: "parse" });
    expect(result.explicitAcks).toHaveLength(1);
    const failed = (await taskStub(env as any, record.taskId).get())!;
    expect(failed.status).toBe("failed");
    expect(failed.error?.code).toBe(ERRORS.INTERNAL_ERROR.code);
    expect(await usageOf(apiKey)).toEqual(before);
    // a second dead letter for the same task changes nothing
    await deliver("docparse-jobs-dlq", { taskId: record.taskId, stage: "parse" });
    expect(await usageOf(apiKey)).toEqual(before);
  });
});

describe("long documents in parts", () => {
  it("reads a scan in parts of PAGES_PER_PART pages, one queue message each, and finishes it as one document", async () => {
    const { apiKey, keyId } = await createKey("parts");
    const bytes = await fixtureFile("images/two-pages.tif");
    const record = await submitTask(env as any, {
      kind: "parse",
      owner: keyId,
      fileName: "two-pages.tif",
      bytes,
      maxPages: 100,
      parseOptions: { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES },
      now: new Date(),
      });
    const before = await usageOf(apiKey);
    // Parts of one page: the parse message reads the first and sends one message for the second.
    const first = await deliver("docparse-jobs", { taskId: record.taskId, stage: "parse" }, 1, { PAGES_PER_PART: "1" });
    expect(first.explicitAcks).toHaveLength(1);
    const planned = (await taskStub(env as any, record.taskId).get())!;
    expect(planned.parts).toEqual({ size: 1, total: 2, done: [0] });
    // The queue delivers the part's message to the consumer, which finishes the task.
    const done = await pollUntil(async () => (await taskStub(env as any, record.taskId).get())!, (r) => r.status === "success" || r.status === "failed", 170_000);
    expect(done.status).toBe("success");
    expect(done.parts!.done.sort()).toEqual([0, 1]);
    expect(await env.BLOBS.get(`tasks/${record.taskId}/parts/1.json`)).not.toBeNull();
    // One document: both pages, in order, the same text as a parse in one go; charged once.
    const check = await post("/v1/parse/async_check", { api_key: apiKey, task_id: record.taskId });
    expect(check.body.data.progress).toEqual({ pages_done: 2, pages_total: 2 });
    const pages = check.body.data.result.outputs.json.pages;
    expect(pages.map((p: { page_num: number }) => p.page_num)).toEqual([0, 1]);
    const whole = await parseDocument(bytes, "two-pages.tif", { features: DEFAULT_FEATURES });
    expect(check.body.data.result.outputs.markdown).toBe(renderParseResult(whole, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.markdown);
    expect((await usageOf(apiKey)).remaining_free_pages_today).toBe(before.remaining_free_pages_today);
  }, 180_000);

  it("reads a long born-digital PDF in parts of TEXT_PAGES_PER_PART pages, in parallel, into the document a parse in one go makes", async () => {
    const { apiKey, keyId } = await createKey("text-parts");
    const bytes = await fixtureFile(LONG_PDF);
    // Heading levels and paragraphs joined across pages: what only the whole document can tell.
    const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true, enable_text_cross_page: true };
    const parseOptions = { outputFormats: ["markdown", "json"] as ("markdown" | "json")[], elementFormats: DEFAULT_ELEMENT_FORMATS, features };
    const record = await submitTask(env as any, { kind: "parse", owner: keyId, fileName: "joined-14-pages.pdf", bytes, maxPages: 100, parseOptions, now: new Date() });
    // 14 pages: a first part of 5 (no OCR in it: a text layer), then parts of 4.
    const first = await deliver("docparse-jobs", { taskId: record.taskId, stage: "parse" }, 1, { PAGES_PER_PART: "5", TEXT_PAGES_PER_PART: "4" });
    expect(first.explicitAcks).toHaveLength(1);
    expect((await taskStub(env as any, record.taskId).get())!.parts).toEqual({ size: 4, first: 5, total: 14, done: [0] });
    const done = await pollUntil(async () => (await taskStub(env as any, record.taskId).get())!, (r) => r.status === "success" || r.status === "failed", 170_000);
    expect(done.status).toBe("success");
    expect(done.parts!.done.sort((a, b) => a - b)).toEqual([0, 5, 9, 13]);
    const check = await post("/v1/parse/async_check", { api_key: apiKey, task_id: record.taskId });
    expect(check.body.data.progress).toEqual({ pages_done: 14, pages_total: 14 });
    // The same document read in one go (a part as long as it), its pictures and figures too.
    const once = await submitTask(env as any, { kind: "parse", owner: keyId, fileName: "joined-14-pages.pdf", bytes, maxPages: 100, parseOptions, now: new Date() });
    await deliver("docparse-jobs", { taskId: once.taskId, stage: "parse" }, 1, { PAGES_PER_PART: "100" });
    expect((await taskStub(env as any, once.taskId).get())!.parts).toBeUndefined();
    const whole = (await post("/v1/parse/async_check", { api_key: apiKey, task_id: once.taskId })).body.data.result;
    // Picture links name their task and carry their own signature: compared by picture name.
    const unlinked = (result: unknown, taskId: string) => JSON.parse(JSON.stringify(result).replaceAll(taskId, "TASK").replace(/\?[^"()\s]*sig[^"()\s]*/g, ""));
    expect(whole.outputs.markdown).toContain("Statement of the Case");
    expect(unlinked(check.body.data.result, record.taskId)).toEqual(unlinked(whole, once.taskId));
    expect(check.body.data.result.outputs.json.pages.map((p: { page_num: number }) => p.page_num)).toEqual([...Array(14).keys()]);
  }, 180_000);
});

describe("the processor Worker", () => {
  it("does a stage's work from R2 to R2 and answers what it did; a damaged document is answered, not thrown", async () => {
    const { keyId } = await createKey("processor");
    const record = await submitQuietly(keyId);
    const begun = await taskStub(env, record.taskId).begin("parse", new Date());
    expect(begun.proceed).toBe(true);
    const settings = { now: new Date().toISOString(), config: { PAGES_PER_PART: 10, TEXT_PAGES_PER_PART: 40, RESULT_TTL_SECONDS: 3600, PUBLIC_BASE_URL: "", VLM_TRANSCRIPTION: "off" as const } };
    const task = (begun as { record: TaskRecord }).record;
    const done = await env.PROCESSOR!.compute(task, "parse", undefined, settings);
    expect(done).toEqual({ kind: "published", result: { resultKey: `tasks/${record.taskId}/result.json` } });
    const stored = (await (await env.BLOBS.get(`tasks/${record.taskId}/result.json`))!.json()) as { outputs: { markdown: string } };
    expect(stored.outputs.markdown.length).toBeGreaterThan(100);
    await env.BLOBS.put(`tasks/${record.taskId}/input`, new TextEncoder().encode("%PDF-1.7\nnot really a PDF"));
    const failed = await env.PROCESSOR!.compute(task, "parse", undefined, settings);
    expect(failed).toMatchObject({ kind: "failed", error: { code: ERRORS.CORRUPT_FILE.code } });
  });
});
