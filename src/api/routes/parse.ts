// /v1/parse/sync, /v1/parse/async, /v1/parse/async_check.
import { Hono } from "hono";
import { MAX_PARSE_FILE_BYTES, MAX_PARSE_PAGES } from "../../core/limits";
import { enqueueStage } from "../../tasks/run";
import { submitTask } from "../../tasks/submit";
import { hostResolver, publicOrigin, type AppContext, type AppEnv } from "../context";
import { authenticate } from "../auth";
import { failure, ok } from "../envelope";
import { ERRORS, statusForCode } from "../errors";
import { readSource } from "../file-source";
import { fileInput, parseParseForm, readForm, taskIdField } from "../form";
import { waitForTask } from "../wait-task";
import { loadOwnedTask, storedParseResult, taskLinks } from "../task-access";
import { parseCheckView, parseSyncView } from "../views";

async function submitParse(c: AppContext) {
  const body = await readForm(c.req.raw, MAX_PARSE_FILE_BYTES);
  const form = body.fields;
  const caller = await authenticate(c.env, form, c.req.header("authorization"));
  const request = parseParseForm(form);
  const source = await readSource(fileInput(body), MAX_PARSE_FILE_BYTES, hostResolver(c));
  const record = await submitTask(c.env, {
    kind: "parse",
    owner: caller.keyHash,
    fileName: source.fileName,
    bytes: source.bytes,
    maxPages: MAX_PARSE_PAGES,
    parseOptions: { outputFormats: request.outputFormats, elementFormats: request.elementFormats, features: request.features, imageUrlOrigin: publicOrigin(c) },
    now: c.var.now(),
  });
  return record;
}

export async function parseSync(c: AppContext) {
  const submitted = await submitParse(c);
  if (submitted.status !== "failed") await enqueueStage({ env: c.env, now: c.var.now }, submitted.taskId, "parse");
  const waited = await waitForTask(c, submitted, c.var.config.PARSE_SYNC_TIMEOUT_SECONDS * 1000);
  const record = waited.record;
  const view = parseSyncView(record, await storedParseResult(c, record), await taskLinks(c, record));
  if (waited.kind === "timeout") {
    const message = `The parse is still running after ${c.var.config.PARSE_SYNC_TIMEOUT_SECONDS} s; poll /v1/parse/async_check with this task_id.`;
    return failure(ERRORS.SYNC_TIMEOUT.code, message, ERRORS.SYNC_TIMEOUT.status, view);
  }
  if (record.status !== "success") {
    const error = record.error ?? { code: ERRORS.INTERNAL_ERROR.code, message: "Parsing did not finish." };
    return failure(error.code, error.message, statusForCode(error.code), view);
  }
  return ok(c, view);
}

export async function parseAsync(c: AppContext) {
  const record = await submitParse(c);
  if (record.status !== "failed") {
    await enqueueStage({ env: c.env, now: c.var.now }, record.taskId, "parse");
  }
  return ok(c, { task_id: record.taskId, status: record.status === "failed" ? "failed" : "queuing" });
}

export async function parseCheck(c: AppContext) {
  const { fields: form } = await readForm(c.req.raw);
  const caller = await authenticate(c.env, form, c.req.header("authorization"));
  const record = await loadOwnedTask(c, taskIdField(form), caller.keyHash, "parse");
  return ok(c, parseCheckView(record, await storedParseResult(c, record), await taskLinks(c, record)));
}

export const parseRoutes = new Hono<AppEnv>()
  .post("/sync", parseSync)
  .post("/async", parseAsync)
  .post("/async_check", parseCheck);
