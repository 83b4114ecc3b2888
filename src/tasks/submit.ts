// Accepting a task: inspect the document (type, pages), enforce limits, reserve pages,
// store the input, create the task's Durable Object. Shared by sync and async endpoints.
import { inspectDocument } from "../core/pipeline";
import { detectFileType } from "../core/pipeline/detect";
import { isCoreError } from "../core/errors";
import { ApiError, CORE_TO_API, ERRORS } from "../api/errors";
import type { Env } from "../env";
import { blobKeys } from "../storage/blob-store";
import { accountStub, taskStub } from "./stubs";
import { isoNoZone, type ConvertTaskOptions, type ParseTaskOptions, type TaskKind, type TaskRecord } from "./record";

export interface Submission {
  kind: TaskKind;
  owner: string;
  fileName: string;
  bytes: Uint8Array;
  maxPages: number;
  parseOptions?: ParseTaskOptions;
  convertOptions?: ConvertTaskOptions;
  now: Date;
  /** Only these file types are accepted (conversion takes PDFs only). */
  acceptTypes?: string[];
}

/** Errors that reject the request outright (nothing is stored, nothing charged). */
const REJECTED_AT_ONCE = new Set(["unsupported_format", "format_not_implemented", "too_large", "too_many_pages", "limit_exceeded"]);

export async function submitTask(env: Env, s: Submission): Promise<TaskRecord> {
  const taskId = crypto.randomUUID();
  const account = accountStub(env, s.owner);
  const fileType = detect(s.bytes, s.fileName);
  if (s.acceptTypes && !s.acceptTypes.includes(fileType)) throw new ApiError("UNSUPPORTED_FILE_TYPE", onlyMessage(s.acceptTypes));
  let inspected: { fileType: string; pageCount: number };
  try {
    inspected = await inspectDocument(s.bytes, s.fileName);
  } catch (e) {
    if (!isCoreError(e)) throw e;
    if (REJECTED_AT_ONCE.has(e.code)) throw new ApiError(CORE_TO_API[e.code], e.message);
    // The document is of an accepted kind but cannot be opened: the task exists and fails,
    // so the client sees it like any other failed task (convert: FAILED, HTTP 200).
    return createFailedTask(env, s, taskId, fileType, { code: ERRORS[CORE_TO_API[e.code]].code, message: e.message });
  }
  if (inspected.pageCount > s.maxPages) {
    throw new ApiError("TOO_MANY_PAGES", `The document has ${inspected.pageCount} pages; the limit is ${s.maxPages}. Split it and send the parts.`);
  }

  // The task exists before its pages are reserved: if this request dies half way, the
  // task's alarm fails it and releases whatever was reserved (durable-objects/task.ts).
  const task = taskStub(env, taskId);
  await task.init(newRecord(s, taskId, 0, inspected.fileType, inspected.pageCount));
  const reserved = await account.reserveTask(
    { taskId, kind: s.kind, fileName: s.fileName, pages: inspected.pageCount, createdAt: s.now.toISOString(), status: s.kind === "parse" ? "queuing" : "PARSING" },
    s.now.toISOString(),
  );
  if (!reserved.ok) {
    await task.discard();
    throw new ApiError("QUOTA_EXCEEDED", `This document has ${inspected.pageCount} pages but only ${reserved.available} remain on this key (free today plus paid plans). See /v1/usage.`);
  }
  let accepted: TaskRecord | null;
  try {
    await env.BLOBS.put(blobKeys.input(taskId), s.bytes);
    accepted = await task.accept(reserved.recordId);
  } catch (e) {
    await task.fail({ code: ERRORS.INTERNAL_ERROR.code, message: "The document could not be stored; no page was charged. Try again." }, s.now);
    await account.settleTask(taskId, "release", "failed", s.now.toISOString());
    throw e;
  }
  if (!accepted) {
    await account.settleTask(taskId, "release", "failed", s.now.toISOString());
    throw new ApiError("INTERNAL_ERROR", "The service was too busy to accept the task in time; no page was charged. Try again.");
  }
  return accepted;
}

function newRecord(s: Submission, taskId: string, recordId: number, fileType: string, pageNum: number): TaskRecord {
  return {
    taskId,
    recordId,
    kind: s.kind,
    owner: s.owner,
    fileName: s.fileName,
    fileType,
    pageNum,
    status: s.kind === "parse" ? "queuing" : "parsing",
    parseOptions: s.parseOptions,
    convertOptions: s.convertOptions,
    createdAt: isoNoZone(s.now),
    startedAt: null,
    finishedAt: null,
    error: null,
    result: {},
    expired: false,
  };
}

async function createFailedTask(env: Env, s: Submission, taskId: string, fileType: string, error: { code: number; message: string }): Promise<TaskRecord> {
  const account = accountStub(env, s.owner);
  const reserved = await account.reserveTask({ taskId, kind: s.kind, fileName: s.fileName, pages: 0, createdAt: s.now.toISOString(), status: s.kind === "parse" ? "failed" : "FAILED" }, s.now.toISOString());
  const recordId = reserved.ok ? reserved.recordId : 0;
  const task = taskStub(env, taskId);
  await task.init(newRecord(s, taskId, recordId, fileType, 0));
  await task.fail(error, s.now);
  await account.settleTask(taskId, "release", "failed", s.now.toISOString());
  return (await task.get())!;
}

/** The file's type from its content; not a document at all is refused at once. */
function detect(bytes: Uint8Array, fileName: string): string {
  try {
    return detectFileType(bytes, fileName);
  } catch (e) {
    if (isCoreError(e)) throw new ApiError(CORE_TO_API[e.code], e.message);
    throw e;
  }
}

const onlyMessage = (types: string[]) => `Only ${types.join(", ")} files are accepted here (recognised by content, not by name).`;
