// The work of a task's stages: the input read from R2, the core run on it, the results
// written back to R2. No Durable Object, no queue: what it did is answered as a
// StageResult, which the caller (src/tasks/run.ts) records in the task's object. It runs
// in the processor Worker (src/processor/), so parsing never takes the CPU of the Worker
// answering HTTP, or in process where there is no processor binding.
import { finishDocument, isPagedType, parseDocument, parsePages } from "../core/pipeline";
import { heldTooMuch, type PagesPart } from "../core/pipeline/part";
import { MAX_HELD_PAGES_JSON_BYTES } from "../core/limits";
import { renderWithImages } from "../core/render/images";
import { baseName } from "../core/render/result";
import { CONVERT_FEATURES, convertDocument } from "../core/convert/index";
import { isCoreError } from "../core/errors";
import type { Document, FileType } from "../core/model";
import type { ParseOptions } from "../core/options";
import { CORE_TO_API, ERRORS } from "../api/errors";
import type { Config } from "../config";
import type { Env } from "../env";
import { blobKeys, getBytes, getJson, putJson } from "../storage/blob-store";
import { taskRenderer } from "./renderer";
import { taskOcrReader } from "./ocr-reader";
import { providePaddleReader } from "../core/ocr/paddle/reader";
import { provideOcrModels } from "../core/ocr/assets";
import { r2OcrModels } from "./ocr-models";
import { R2ImageStore, taskImageAccess } from "./images";
import { workersAiDescriber } from "./image-understanding";
import { workersAiTranscriber } from "./page-transcription";
import { partRanges, type Stage, type TaskError, type TaskRecord, type TaskResultPointers } from "./record";
import type { ComputeSettings, StageResult } from "./stage-rpc";

/** What stage work needs of its Worker: storage, the renderer, the vision model and the signing secret. */
export type ComputeEnv = Pick<Env, "BLOBS" | "RENDERER" | "OCR" | "AI" | "SIGNING_SECRET">;

export function computeSettings(config: Config, now: Date): ComputeSettings {
  const { PAGES_PER_PART, TEXT_PAGES_PER_PART, RESULT_TTL_SECONDS, PUBLIC_BASE_URL, VLM_TRANSCRIPTION } = config;
  return { now: now.toISOString(), config: { PAGES_PER_PART, TEXT_PAGES_PER_PART, RESULT_TTL_SECONDS, PUBLIC_BASE_URL, VLM_TRANSCRIPTION } };
}

/** Runs one stage of a task; failures of the document are answered, passing ones (storage, a dead renderer) thrown to be retried. */
export async function computeStage(env: ComputeEnv, record: TaskRecord, stage: Stage, range: number[] | undefined, settings: ComputeSettings): Promise<StageResult> {
  // The same binding for every call of an isolate: set, not passed down through the image backend.
  providePaddleReader(taskOcrReader(env));
  provideOcrModels(r2OcrModels(env.BLOBS));
  try {
    switch (stage) {
      case "parse": return await parseStage(env, record, settings);
      case "pages": return await pagesStage(env, record, range, settings);
      case "finish": return await finishStage(env, record, settings);
      case "convert": return await convertStage(env, record);
    }
  } catch (e) {
    if (isCoreError(e) && !e.retryable) return { kind: "failed", error: { code: ERRORS[CORE_TO_API[e.code]].code, message: e.message } };
    throw e;
  }
}

async function loadInput(env: ComputeEnv, record: TaskRecord): Promise<Uint8Array> {
  const bytes = await getBytes(env.BLOBS, blobKeys.input(record.taskId));
  if (!bytes) throw new Error(`input of task ${record.taskId} is missing from storage`);
  return bytes;
}

async function parseStage(env: ComputeEnv, record: TaskRecord, settings: ComputeSettings): Promise<StageResult> {
  const bytes = await loadInput(env, record);
  if (record.kind === "convert") {
    // The figures go to R2 while parsing; the convert stage puts them into the file.
    const images = { sink: new R2ImageStore(env.BLOBS, record.taskId) };
    const renderer = taskRenderer(env, blobKeys.input(record.taskId));
    const doc = await parseDocument(bytes, record.fileName, { features: { ...CONVERT_FEATURES }, images, renderer, drawing: true, heldBudgetBytes: MAX_HELD_PAGES_JSON_BYTES });
    await putJson(env.BLOBS, blobKeys.document(record.taskId), doc);
    return { kind: "document-stored" };
  }
  const parseOptions = parseOptionsOf(env, record, settings);
  const size = settings.config.PAGES_PER_PART;
  if (record.pageNum <= size || !isPagedType(record.fileType as FileType)) {
    return publish(env, record, await parseDocument(bytes, record.fileName, parseOptions), settings);
  }
  // A long document is read in parts, one queue message each, in parallel (each in an
  // isolate of its own, holding only its part), and finished when the last part is stored.
  // The first part tells whether it is a scan: OCR runs about a second a page, so a scan's
  // parts are as small as the first; a text layer reads tens of pages a second.
  const first = await parsePages(bytes, record.fileName, { ...parseOptions, pageRange: [0, size] });
  const scanned = first.pages.some((p) => p.blocks.some((b) => b.source === "ocr" || b.source === "vlm"));
  await putJson(env.BLOBS, blobKeys.part(record.taskId, 0), first);
  return { kind: "first-part-stored", size: scanned ? size : settings.config.TEXT_PAGES_PER_PART, first: size };
}

/** One part of a long document: its pages read and stored. */
async function pagesStage(env: ComputeEnv, record: TaskRecord, range: number[] | undefined, settings: ComputeSettings): Promise<StageResult> {
  if (!range || !record.parts) throw new Error(`task ${record.taskId}: a pages message without a planned part`);
  const bytes = await loadInput(env, record);
  const part = await parsePages(bytes, record.fileName, { ...parseOptionsOf(env, record, settings), pageRange: [range[0], range[1]] });
  await putJson(env.BLOBS, blobKeys.part(record.taskId, range[0]), part);
  return { kind: "part-stored" };
}

/** Every part read: the document is finished from them and its results published. */
async function finishStage(env: ComputeEnv, record: TaskRecord, settings: ComputeSettings): Promise<StageResult> {
  const plan = record.parts;
  if (!plan) throw new Error(`task ${record.taskId}: finish without parts`);
  const parts: PagesPart[] = [];
  let held = 0;
  for (const [start] of partRanges(plan)) {
    const object = await env.BLOBS.get(blobKeys.part(record.taskId, start));
    if (!object) throw new Error(`task ${record.taskId}: part at page ${start} is missing from storage`);
    // The parts are read into one isolate: their sizes are known before they are.
    held += object.size;
    if (held > MAX_HELD_PAGES_JSON_BYTES) {
      await object.body.cancel();
      throw heldTooMuch(MAX_HELD_PAGES_JSON_BYTES, `by page ${start + 1}`);
    }
    parts.push(await object.json<PagesPart>());
  }
  return publish(env, record, finishDocument(parts, record.parseOptions!.features), settings);
}

/** The parse options of a task: its features, images to R2 page by page (none with `image: none`, nor the drawing read for them), and the page transcriber when the operator turned it on. */
function parseOptionsOf(env: ComputeEnv, record: TaskRecord, settings: ComputeSettings): ParseOptions {
  const options = record.parseOptions!;
  const store = new R2ImageStore(env.BLOBS, record.taskId);
  const renderer = taskRenderer(env, blobKeys.input(record.taskId));
  const tableImages = options.elementFormats.table === "image";
  const images = options.elementFormats.image === "none" ? undefined : { sink: store, describer: workersAiDescriber(env.AI), tableImages };
  const transcriber = workersAiTranscriber(env.AI, settings.config.VLM_TRANSCRIPTION === "on");
  return { features: options.features, images, renderer, transcriber, heldBudgetBytes: MAX_HELD_PAGES_JSON_BYTES };
}

/** A parsed document rendered per the task's options and stored. */
async function publish(env: ComputeEnv, record: TaskRecord, doc: Document, settings: ComputeSettings): Promise<StageResult> {
  const options = record.parseOptions!;
  const store = new R2ImageStore(env.BLOBS, record.taskId);
  const rendered = await renderWithImages(doc, options, taskImageAccess(env.SIGNING_SECRET, settings.config, record.taskId, options, store, new Date(settings.now)));
  const result: TaskResultPointers = { resultKey: blobKeys.result(record.taskId) };
  if (rendered.zip) {
    result.fileName = `${baseName(record.fileName)}.zip`;
    result.fileKey = blobKeys.file(record.taskId, result.fileName);
    await env.BLOBS.put(result.fileKey, rendered.zip, { httpMetadata: { contentType: "application/zip" } });
  }
  await putJson(env.BLOBS, result.resultKey!, { catalog: rendered.catalog, warnings: rendered.warnings, outputs: rendered.outputs });
  return { kind: "published", result };
}

async function convertStage(env: ComputeEnv, record: TaskRecord): Promise<StageResult> {
  const doc = await getJson<Document>(env.BLOBS, blobKeys.document(record.taskId));
  if (!doc) throw new Error(`parsed document of task ${record.taskId} is missing from storage`);
  const { targetType, layoutMode } = record.convertOptions!;
  const out = await convertDocument(doc, targetType, layoutMode, new R2ImageStore(env.BLOBS, record.taskId));
  const fileName = `${baseName(record.fileName)}${out.extension}`;
  const fileKey = blobKeys.file(record.taskId, fileName);
  await env.BLOBS.put(fileKey, out.bytes, { httpMetadata: { contentType: out.mime } });
  return { kind: "published", result: { fileKey, fileName } };
}
