// /v1/convert/sync, /v1/convert/async, /v1/convert/async_check.
import { Hono } from "hono";
import { MAX_CONVERT_FILE_BYTES, MAX_CONVERT_PAGES } from "../../core/limits";
import { enqueueStage } from "../../tasks/run";
import { submitTask } from "../../tasks/submit";
import type { TaskRecord } from "../../tasks/record";
import { hostResolver, type AppContext, type AppEnv } from "../context";
import { authenticate } from "../auth";
import { envelope, failure, ok } from "../envelope";
import { ERRORS } from "../errors";
import { readSource } from "../file-source";
import { fileInput, parseConvertForm, readForm, taskIdField } from "../form";
import { waitForTask } from "../wait-task";
import { loadOwnedTask, taskLinks } from "../task-access";
import { convertView } from "../views";

async function submitConvert(c: AppContext): Promise<TaskRecord> {
  const body = await readForm(c.req.raw, MAX_CONVERT_FILE_BYTES);
  const form = body.fields;
  const caller = await authenticate(c.env, form, c.req.header("authorization"));
  const options = parseConvertForm(form);
  const source = await readSource(fileInput(body), MAX_CONVERT_FILE_BYTES, hostResolver(c));
  return submitTask(c.env, {
    kind: "convert",
    owner: caller.keyHash,
    fileName: source.fileName,
    bytes: source.bytes,
    maxPages: MAX_CONVERT_PAGES,
    acceptTypes: [".pdf"],
    convertOptions: options,
    now: c.var.now(),
  });
}

/** A finished conversion answers HTTP 200; a failed one carries its error code in the envelope too. */
async function recordResponse(c: AppContext, record: TaskRecord) {
  const view = convertView(record, await taskLinks(c, record));
  if (record.status === "failed" && record.error) return c.json(envelope(record.error.code, record.error.message, view), 200);
  return ok(c, view);
}

export async function convertSync(c: AppContext) {
  const submitted = await submitConvert(c);
  if (submitted.status === "failed") return recordResponse(c, submitted);
  await enqueueStage({ env: c.env, now: c.var.now }, submitted.taskId, "parse");
  const waited = await waitForTask(c, submitted, c.var.config.CONVERT_SYNC_TIMEOUT_SECONDS * 1000);
  if (waited.kind === "timeout") {
    const message = `The conversion is still running after ${c.var.config.CONVERT_SYNC_TIMEOUT_SECONDS} s; poll /v1/convert/async_check with this task_id.`;
    return failure(ERRORS.SYNC_TIMEOUT.code, message, ERRORS.SYNC_TIMEOUT.status, convertView(waited.record, {}));
  }
  return recordResponse(c, waited.record);
}

export async function convertAsync(c: AppContext) {
  const record = await submitConvert(c);
  if (record.status !== "failed") {
    await enqueueStage({ env: c.env, now: c.var.now }, record.taskId, "parse");
  }
  return ok(c, convertView(record, {}));
}

export async function convertCheck(c: AppContext) {
  const { fields: form } = await readForm(c.req.raw);
  const caller = await authenticate(c.env, form, c.req.header("authorization"));
  const record = await loadOwnedTask(c, taskIdField(form), caller.keyHash, "convert");
  return ok(c, convertView(record, await taskLinks(c, record)));
}

export const convertRoutes = new Hono<AppEnv>()
  .post("/sync", convertSync)
  .post("/async", convertAsync)
  .post("/async_check", convertCheck);
