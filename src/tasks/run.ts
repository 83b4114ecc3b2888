// Running the stages of a task: the queue consumer and the sync endpoints call these same
// functions. A stage first asks the task's Durable Object whether it may run (so a
// redelivered message for a finished task is a no-op), then does its work and records
// the outcome; permanent failures fail the task and release its pages here, transient
// ones are thrown so the consumer can retry them.
import { finishDocument, isPagedType, parseDocument, parsePages, type PagesPart } from "../core/pipeline";
import { renderWithImages } from "../core/render/images";
import { taskRenderer } from "./renderer";
import { CONVERT_FEATURES, convertDocument } from "../core/convert/index";
import { isCoreError } from "../core/errors";
import type { Document, FileType } from "../core/model";
import type { ParseOptions } from "../core/options";
import { CORE_TO_API, ERRORS } from "../api/errors";
import { readConfig, type Env } from "../env";
import { blobKeys, getBytes, getJson, putJson } from "../storage/blob-store";
import { accountStub, taskStub } from "./stubs";
import { HEARTBEAT_INTERVAL_MS } from "./leases";
import { R2ImageStore, taskImageAccess } from "./images";
import { workersAiDescriber } from "./image-understanding";
import { convertWireStatus, parseWireStatus, type Stage, type TaskError, type TaskRecord } from "./record";

export type StageOutcome =
  | { kind: "done"; record: TaskRecord; next?: Stage; parts?: [number, number][] }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; record: TaskRecord | null };

export interface StageContext {
  env: Env;
  now: () => Date;
}

/** Runs one stage; transient errors (anything but a non-retryable CoreError) are thrown. */
export async function runStage(ctx: StageContext, taskId: string, stage: Stage, range?: [number, number]): Promise<StageOutcome> {
  const task = taskStub(ctx.env, taskId);
  const begin = await task.begin(stage, ctx.now(), range);
  if (!begin.proceed) return { kind: "skipped", reason: begin.reason };
  const record = begin.record;
  await noteStatus(ctx, record);
  const beat = heartbeat(ctx, taskId, stage, range);
  try {
    switch (stage) {
      case "parse": return await parseStage(ctx, record, beat);
      case "pages": return await pagesStage(ctx, record, range, beat);
      case "finish": return await finishStage(ctx, record);
      case "convert": return await convertStage(ctx, record);
    }
  } catch (e) {
    if (isCoreError(e) && !e.retryable) {
      await failTask(ctx, taskId, { code: ERRORS[CORE_TO_API[e.code]].code, message: e.message });
      return { kind: "failed", record: await task.get() };
    }
    throw e;
  }
}

/**
 * The running stage's heartbeat, called after each page: renews its lease at most every
 * HEARTBEAT_INTERVAL_MS, without waiting (a lost beat only brings the lease's end nearer).
 */
function heartbeat(ctx: StageContext, taskId: string, stage: Stage, range?: [number, number]): () => void {
  let last = Date.now();
  return () => {
    if (Date.now() - last < HEARTBEAT_INTERVAL_MS) return;
    last = Date.now();
    taskStub(ctx.env, taskId).heartbeat(stage, range).catch((e) => console.warn(`task ${taskId}: heartbeat failed`, e));
  };
}

/** Fails a task and gives its pages back; a task that already ended is left as it is. */
export async function failTask(ctx: StageContext, taskId: string, error: TaskError): Promise<void> {
  const task = taskStub(ctx.env, taskId);
  const changed = await task.fail(error, ctx.now());
  const record = await task.get();
  if (changed && record) await accountStub(ctx.env, record.owner).settleTask(taskId, "release", "failed", ctx.now().toISOString());
}

async function succeed(ctx: StageContext, record: TaskRecord, result: TaskRecord["result"]): Promise<StageOutcome> {
  const done = (await taskStub(ctx.env, record.taskId).succeed(result, ctx.now()))!;
  await accountStub(ctx.env, record.owner).settleTask(record.taskId, "charge", "success", ctx.now().toISOString());
  return { kind: "done", record: done };
}

async function loadInput(ctx: StageContext, record: TaskRecord): Promise<Uint8Array> {
  const bytes = await getBytes(ctx.env.BLOBS, blobKeys.input(record.taskId));
  if (!bytes) throw new Error(`input of task ${record.taskId} is missing from storage`);
  return bytes;
}

async function parseStage(ctx: StageContext, record: TaskRecord, beat: () => void): Promise<StageOutcome> {
  const bytes = await loadInput(ctx, record);
  if (record.kind === "convert") {
    // The figures go to R2 while parsing; the convert stage puts them into the file.
    const images = { sink: new R2ImageStore(ctx.env.BLOBS, record.taskId) };
    const renderer = taskRenderer(ctx.env, blobKeys.input(record.taskId));
    const doc = await parseDocument(bytes, record.fileName, { features: { ...CONVERT_FEATURES }, images, renderer, drawing: true, onProgress: beat });
    await putJson(ctx.env.BLOBS, blobKeys.document(record.taskId), doc);
    const parsed = (await taskStub(ctx.env, record.taskId).parsed())!;
    await noteStatus(ctx, parsed);
    return { kind: "done", record: parsed, next: "convert" };
  }
  const options = record.parseOptions!;
  const parseOptions = parseOptionsOf(ctx, record, beat);
  const size = readConfig(ctx.env).PAGES_PER_PART;
  if (record.pageNum <= size || !isPagedType(record.fileType as FileType)) {
    return publish(ctx, record, await parseDocument(bytes, record.fileName, parseOptions));
  }
  // A long document: its first part tells whether it is a scan. A scan is read in parts,
  // one queue message each (OCR runs about a second a page); a text layer reads on here.
  const first = await parsePages(bytes, record.fileName, { ...parseOptions, pageRange: [0, size] });
  const scanned = first.pages.some((p) => p.blocks.some((b) => b.source === "ocr"));
  if (!scanned) {
    const rest = await parsePages(bytes, record.fileName, { ...parseOptions, pageRange: [size, record.pageNum] });
    return publish(ctx, record, finishDocument([first, rest], options.features));
  }
  await putJson(ctx.env.BLOBS, blobKeys.part(record.taskId, 0), first);
  const { record: planned, parts } = await taskStub(ctx.env, record.taskId).planParts(size, record.pageNum);
  return { kind: "done", record: planned!, parts: parts as [number, number][] };
}

/** One part of a long scan: its pages read and stored; the last part done has the task finished. */
async function pagesStage(ctx: StageContext, record: TaskRecord, range: [number, number] | undefined, beat: () => void): Promise<StageOutcome> {
  if (!range || !record.parts) throw new Error(`task ${record.taskId}: a pages message without a planned part`);
  const bytes = await loadInput(ctx, record);
  const part = await parsePages(bytes, record.fileName, { ...parseOptionsOf(ctx, record, beat), pageRange: range });
  await putJson(ctx.env.BLOBS, blobKeys.part(record.taskId, range[0]), part);
  const { allDone, record: current } = await taskStub(ctx.env, record.taskId).partDone(range[0]);
  return { kind: "done", record: current!, ...(allDone ? { next: "finish" as const } : {}) };
}

/** Every part read: the document is finished from them and its results published. */
async function finishStage(ctx: StageContext, record: TaskRecord): Promise<StageOutcome> {
  const plan = record.parts;
  if (!plan) throw new Error(`task ${record.taskId}: finish without parts`);
  const parts: PagesPart[] = [];
  for (let start = 0; start < plan.total; start += plan.size) {
    const part = await getJson<PagesPart>(ctx.env.BLOBS, blobKeys.part(record.taskId, start));
    if (!part) throw new Error(`task ${record.taskId}: part at page ${start} is missing from storage`);
    parts.push(part);
  }
  return publish(ctx, record, finishDocument(parts, record.parseOptions!.features));
}

/** The parse options of a task: its features, and images to R2 page by page (none with `image: none`, nor the drawing read for them). */
function parseOptionsOf(ctx: StageContext, record: TaskRecord, beat: () => void): ParseOptions {
  const options = record.parseOptions!;
  const store = new R2ImageStore(ctx.env.BLOBS, record.taskId);
  const renderer = taskRenderer(ctx.env, blobKeys.input(record.taskId));
  const tableImages = options.elementFormats.table === "image";
  const images = options.elementFormats.image === "none" ? undefined : { sink: store, describer: workersAiDescriber(ctx.env.AI), tableImages };
  return { features: options.features, images, renderer, onProgress: beat };
}

/** A parsed document rendered per the task's options, stored, and the task succeeded. */
async function publish(ctx: StageContext, record: TaskRecord, doc: Document): Promise<StageOutcome> {
  const options = record.parseOptions!;
  const store = new R2ImageStore(ctx.env.BLOBS, record.taskId);
  const rendered = await renderWithImages(doc, options, taskImageAccess(ctx.env, record.taskId, options, store, ctx.now()));
  const result: TaskRecord["result"] = { resultKey: blobKeys.result(record.taskId) };
  if (rendered.zip) {
    result.fileName = `${baseName(record.fileName)}.zip`;
    result.fileKey = blobKeys.file(record.taskId, result.fileName);
    await ctx.env.BLOBS.put(result.fileKey, rendered.zip, { httpMetadata: { contentType: "application/zip" } });
  }
  await putJson(ctx.env.BLOBS, result.resultKey!, { catalog: rendered.catalog, warnings: rendered.warnings, outputs: rendered.outputs });
  return succeed(ctx, record, result);
}

async function convertStage(ctx: StageContext, record: TaskRecord): Promise<StageOutcome> {
  const doc = await getJson<Document>(ctx.env.BLOBS, blobKeys.document(record.taskId));
  if (!doc) throw new Error(`parsed document of task ${record.taskId} is missing from storage`);
  const { targetType, layoutMode } = record.convertOptions!;
  const out = await convertDocument(doc, targetType, layoutMode, new R2ImageStore(ctx.env.BLOBS, record.taskId));
  const fileName = `${baseName(record.fileName)}${out.extension}`;
  const fileKey = blobKeys.file(record.taskId, fileName);
  await ctx.env.BLOBS.put(fileKey, out.bytes, { httpMetadata: { contentType: out.mime } });
  return succeed(ctx, record, { fileKey, fileName });
}

async function noteStatus(ctx: StageContext, record: TaskRecord): Promise<void> {
  const status = record.kind === "parse" ? parseWireStatus(record.status) : convertWireStatus(record.status);
  await accountStub(ctx.env, record.owner).noteTaskStatus(record.taskId, status);
}

/** The file name without its extension, for naming outputs ("report.pdf" -> "report"). */
export function baseName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return base || "document";
}

/** Submitting endpoints: queue a task's first stage; if the queue refuses, the task fails (pages released). */
export async function enqueueStage(ctx: StageContext, taskId: string, stage: Stage): Promise<void> {
  try {
    await ctx.env.JOBS.send({ taskId, stage });
  } catch (e) {
    await failTask(ctx, taskId, { code: ERRORS.INTERNAL_ERROR.code, message: "The task could not be queued; no page was charged. Try again." });
    throw e;
  }
}
