// One Durable Object per task: its state machine, timestamps, owner, file name, page count
// and pointers to its results in R2. An alarm deletes the results when the retention
// period ends.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import { readConfig } from "../src/env";
import { deleteTaskBlobs } from "../src/storage/blob-store";
import { ERRORS } from "../src/api/errors";
import { accountStub } from "../src/tasks/stubs";
import { isoNoZone, isTerminal, STAGE_RULES, type Stage, type TaskError, type TaskRecord, type TaskResultPointers } from "../src/tasks/record";

export type BeginOutcome = { proceed: true; record: TaskRecord } | { proceed: false; record: TaskRecord | null; reason: string };

/** A task that never finishes (lost messages) still has its files deleted after this many TTLs. */
const ABANDONED_TASK_TTL_FACTOR = 2;

export class TaskObject extends DurableObject<Env> {
  private record: TaskRecord | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.record = (await ctx.storage.get<TaskRecord>("record")) ?? null;
    });
  }

  private async save(): Promise<TaskRecord> {
    await this.ctx.storage.put("record", this.record!);
    return this.record!;
  }

  private ttlMs(): number {
    return readConfig(this.env).RESULT_TTL_SECONDS * 1000;
  }

  /** Creates the record; a second call keeps the first record (idempotent submission). */
  async init(record: TaskRecord): Promise<TaskRecord> {
    if (this.record) return this.record;
    this.record = record;
    await this.ctx.storage.setAlarm(Date.now() + this.ttlMs() * ABANDONED_TASK_TTL_FACTOR);
    return this.save();
  }

  get(): TaskRecord | null {
    return this.record;
  }

  /** Moves the task into a stage's running status, or says why the stage must not run. */
  async begin(stage: Stage, now: Date): Promise<BeginOutcome> {
    const rec = this.record;
    if (!rec) return { proceed: false, record: null, reason: "no such task" };
    if (isTerminal(rec.status)) return { proceed: false, record: rec, reason: `task already ${rec.status}` };
    const rule = STAGE_RULES[rec.kind][stage];
    if (!rule || !rule.from.includes(rec.status)) return { proceed: false, record: rec, reason: `stage ${stage} cannot start from ${rec.status}` };
    rec.status = rule.running;
    rec.startedAt ??= isoNoZone(now);
    return { proceed: true, record: await this.save() };
  }

  /** Conversion only: parsing is done, conversion is queued. */
  async parsed(): Promise<TaskRecord | null> {
    if (!this.record || this.record.status !== "parsing") return this.record;
    this.record.status = "parsed";
    return this.save();
  }

  /** A long scan is read in parts: their size and the page count, set once. */
  async planParts(size: number, total: number): Promise<void> {
    if (!this.record || this.record.parts) return;
    this.record.parts = { size, total, done: [] };
    await this.save();
  }

  /** A part was read and stored; says whether every part now is (then the task can be finished), with the record as it stands. */
  async partDone(start: number): Promise<{ allDone: boolean; record: TaskRecord | null }> {
    const parts = this.record?.parts;
    if (!parts || isTerminal(this.record!.status)) return { allDone: false, record: this.record };
    if (!parts.done.includes(start)) {
      parts.done.push(start);
      await this.save();
    }
    return { allDone: parts.done.length === Math.ceil(parts.total / parts.size), record: this.record };
  }

  async succeed(result: TaskResultPointers, now: Date): Promise<TaskRecord | null> {
    if (!this.record || isTerminal(this.record.status)) return this.record;
    Object.assign(this.record, { status: "success", result, finishedAt: isoNoZone(now), error: null });
    await this.ctx.storage.setAlarm(now.getTime() + this.ttlMs());
    return this.save();
  }

  /** Marks the task failed; returns false when it had already ended (nothing changed). */
  async fail(error: TaskError, now: Date): Promise<boolean> {
    if (!this.record || isTerminal(this.record.status)) return false;
    Object.assign(this.record, { status: "failed", error, finishedAt: isoNoZone(now) });
    await this.ctx.storage.setAlarm(now.getTime() + this.ttlMs());
    await this.save();
    return true;
  }

  /** Retention over: delete the task's files, keep the small record so clients learn why. */
  override async alarm(): Promise<void> {
    if (!this.record) return;
    await deleteTaskBlobs(this.env.BLOBS, this.record.taskId);
    this.record.expired = true;
    if (!isTerminal(this.record.status)) {
      const message = "The task did not finish within the retention period.";
      Object.assign(this.record, { status: "failed", finishedAt: isoNoZone(new Date()), error: { code: ERRORS.INTERNAL_ERROR.code, message } });
      await accountStub(this.env, this.record.owner).settleTask(this.record.taskId, "release", "failed", new Date().toISOString());
    }
    await this.save();
  }
}
