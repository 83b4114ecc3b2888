// Running the stages of a task, for the queue consumer. A stage first asks the task's
// Durable Object whether it may run (so a duplicate or stale message is a no-op), has its
// work done (src/tasks/compute.ts: in the processor Worker when bound, else here) while
// renewing its lease, then records the outcome in the task's object: the next work
// expected, success (pages charged) or failure (pages released). Passing errors are
// thrown so the consumer can retry them.
import { ERRORS } from "../api/errors";
import { readConfig } from "../config";
import type { Env } from "../env";
import { accountStub, taskStub } from "./stubs";
import { HEARTBEAT_INTERVAL_MS } from "./leases";
import { computeSettings, computeStage } from "./compute";
import type { StageResult } from "./stage-rpc";
import { convertWireStatus, parseWireStatus, type Stage, type TaskError, type TaskRecord } from "./record";

export type StageOutcome =
  | { kind: "done"; record: TaskRecord; next?: Stage; parts?: [number, number][] }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; record: TaskRecord | null };

export interface StageContext {
  env: Env;
  now: () => Date;
}

/** Runs one stage; passing errors are thrown (the consumer retries), the document's own failures fail the task. */
export async function runStage(ctx: StageContext, taskId: string, stage: Stage, range?: [number, number]): Promise<StageOutcome> {
  const task = taskStub(ctx.env, taskId);
  const begin = await task.begin(stage, ctx.now(), range);
  if (!begin.proceed) return { kind: "skipped", reason: begin.reason };
  const record = begin.record;
  await noteStatus(ctx, record);
  const result = await whileBeating(ctx, taskId, stage, range, () => compute(ctx, record, stage, range));
  return recordResult(ctx, record, stage, range, result);
}

/** The stage's work, in the processor Worker when there is one (its CPU is not this Worker's), else here. */
function compute(ctx: StageContext, record: TaskRecord, stage: Stage, range: [number, number] | undefined): Promise<StageResult> {
  const settings = computeSettings(readConfig(ctx.env), ctx.now());
  const processor = ctx.env.PROCESSOR;
  if (processor) return processor.compute(record, stage, range, settings) as Promise<StageResult>;
  return computeStage(ctx.env, record, stage, range, settings);
}

/**
 * Renews the stage's lease every HEARTBEAT_INTERVAL_MS while `work` runs, so the task's
 * object knows it is alive; a beat that fails only brings the lease's end nearer.
 */
async function whileBeating<T>(ctx: StageContext, taskId: string, stage: Stage, range: [number, number] | undefined, work: () => Promise<T>): Promise<T> {
  const beat = setInterval(() => {
    taskStub(ctx.env, taskId).heartbeat(stage, range).catch((e) => console.warn(`task ${taskId}: heartbeat failed`, e));
  }, HEARTBEAT_INTERVAL_MS);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}

/** What a stage did, recorded in the task's object (and the account's, on the task's end). */
async function recordResult(ctx: StageContext, record: TaskRecord, stage: Stage, range: [number, number] | undefined, result: StageResult): Promise<StageOutcome> {
  const task = taskStub(ctx.env, record.taskId);
  switch (result.kind) {
    case "published": {
      const done = (await task.succeed(result.result, ctx.now()))!;
      await accountStub(ctx.env, record.owner).settleTask(record.taskId, "charge", "success", ctx.now().toISOString());
      return { kind: "done", record: done };
    }
    case "document-stored": {
      const parsed = (await task.parsed())!;
      await noteStatus(ctx, parsed);
      return { kind: "done", record: parsed, next: "convert" };
    }
    case "first-part-stored": {
      const { record: planned, parts } = await task.planParts(result.size, record.pageNum, result.first);
      return { kind: "done", record: planned!, parts: parts as [number, number][] };
    }
    case "part-stored": {
      const { allDone, record: current } = await task.partDone(range![0]);
      return { kind: "done", record: current!, ...(allDone ? { next: "finish" as const } : {}) };
    }
    case "failed":
      await failTask(ctx, record.taskId, result.error);
      return { kind: "failed", record: await task.get() };
  }
  throw new Error(`task ${record.taskId}: ${stage} answered an unknown result`);
}

/** Fails a task and gives its pages back; a task that already ended is left as it is. */
export async function failTask(ctx: StageContext, taskId: string, error: TaskError): Promise<void> {
  const task = taskStub(ctx.env, taskId);
  const changed = await task.fail(error, ctx.now());
  const record = await task.get();
  if (changed && record) await accountStub(ctx.env, record.owner).settleTask(taskId, "release", "failed", ctx.now().toISOString());
}

async function noteStatus(ctx: StageContext, record: TaskRecord): Promise<void> {
  const status = record.kind === "parse" ? parseWireStatus(record.status) : convertWireStatus(record.status);
  await accountStub(ctx.env, record.owner).noteTaskStatus(record.taskId, status);
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
