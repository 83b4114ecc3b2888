// Reading a task for its owner: a task is visible only to the key that created it, and
// other keys get the same 404 as for a task that does not exist.
import { blobKeys, getJson, signedUrl } from "../storage/blob-store";
import { taskStub } from "../tasks/stubs";
import type { TaskRecord } from "../tasks/record";
import { nowSeconds, publicOrigin, type AppContext } from "./context";
import { ApiError } from "./errors";
import type { Links, StoredParseResult } from "./views";

const TASK_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadOwnedTask(c: AppContext, taskId: string, keyHash: string, kind: TaskRecord["kind"]): Promise<TaskRecord> {
  const notFound = new ApiError("TASK_NOT_FOUND", `No ${kind} task ${taskId} for this api_key: check the task_id and use the key that submitted it.`);
  if (!TASK_ID_SHAPE.test(taskId)) throw notFound;
  const record = await taskStub(c.env, taskId.toLowerCase()).get();
  if (!record || record.owner !== keyHash || record.kind !== kind) throw notFound;
  if (record.expired) {
    throw new ApiError("RESULT_EXPIRED", `The results of task ${taskId} were deleted after the retention period (${c.var.config.RESULT_TTL_SECONDS} s); submit the document again.`);
  }
  return record;
}

/** A fresh signed URL for the task's file, valid DOWNLOAD_URL_TTL_SECONDS from now. */
export async function taskLinks(c: AppContext, record: TaskRecord): Promise<Links> {
  if (record.status !== "success" || !record.result.fileKey) return {};
  const secret = signingSecret(c);
  const ttl = c.var.config.DOWNLOAD_URL_TTL_SECONDS;
  return { fileUrl: await signedUrl(publicOrigin(c), secret, record.result.fileKey, ttl, nowSeconds(c)), expiresIn: ttl };
}

export async function storedParseResult(c: AppContext, record: TaskRecord): Promise<StoredParseResult | null> {
  if (record.status !== "success" || !record.result.resultKey) return null;
  return getJson<StoredParseResult>(c.env.BLOBS, record.result.resultKey ?? blobKeys.result(record.taskId));
}

export function signingSecret(c: AppContext): string {
  const secret = c.env.SIGNING_SECRET;
  if (!secret) throw new ApiError("MISCONFIGURED", "SIGNING_SECRET is not set: run `npm start` (it creates .dev.vars) or `wrangler secret put SIGNING_SECRET`.");
  return secret;
}
