// One Durable Object per task: its state machine, timestamps, owner, file name, page count
// and pointers to its results in R2; the leases of the work it waits for (src/tasks/leases.ts),
// so work lost to a dead Worker or a lost message is sent again or the task fails and its
// pages are released; and the alarm that does that, and deletes the results when the
// retention period ends.
import type { Lease } from "../src/tasks/record";
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import { readConfig } from "../src/config";
import { deleteTaskBlobs, retryingBucket } from "../src/storage/blob-store";
import { ERRORS } from "../src/api/errors";
import { accountStub } from "../src/tasks/stubs";
import { checkBegin, expiredLeases, leaseKey, nextExpiry, queuedLease, requeued, RUNNING_LEASE_MS } from "../src/tasks/leases";
import { isoNoZone, isTerminal, partRanges, STAGE_RULES, type Stage, type TaskError, type TaskRecord, type TaskLifecycle, type TaskResultPointers } from "../src/tasks/record";

export type BeginOutcome = { proceed: true; record: TaskRecord } | { proceed: false; record: TaskRecord | null; reason: string };

/** A task that never finishes still has its files deleted after this many TTLs (the last backstop behind the leases). */
const ABANDONED_TASK_TTL_FACTOR = 2;
/**
 * A submission has this long between creating its task and accepting it (pages reserved,
 * input stored); a request that died in between leaves a task that is failed, with any
 * pages it reserved released, instead of a reservation nobody will ever settle.
 */
export const ACCEPT_WINDOW_MS = 2 * 60_000;
/** A task given up before it was accepted keeps its record this long, then its pages are released once more (a reservation made late) and its input deleted. */
const UNACCEPTED_RETENTION_MS = 5 * 60_000;

export class TaskObject extends DurableObject<Env> {
  private record: TaskRecord | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.record = (await ctx.storage.get<TaskRecord>("record")) ?? null;
    });
  }

  /** Stores the record and sets the alarm to its next deadline. */
  private async save(): Promise<TaskRecord> {
    const rec = this.record!;
    await this.ctx.storage.put("record", rec);
    const at = this.nextDeadline(rec);
    if (at === undefined) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
    return rec;
  }

  private nextDeadline(rec: TaskRecord): number | undefined {
    const life = rec.lifecycle;
    if (!life) return undefined;
    if (isTerminal(rec.status)) return life.retainUntil;
    return Math.min(life.abandonAt, life.acceptBy ?? Infinity, nextExpiry(life.leases) ?? Infinity);
  }

  private ttlMs(): number {
    return readConfig(this.env).RESULT_TTL_SECONDS * 1000;
  }

  /** What the object watches over a task from its start: its leases, and the last backstop. */
  private newLifecycle(leases: TaskLifecycle["leases"]): TaskLifecycle {
    return { leases, abandonAt: Date.now() + this.ttlMs() * ABANDONED_TASK_TTL_FACTOR };
  }

  /** Creates the record, not yet accepted; a second call keeps the first record (idempotent submission). */
  async init(record: TaskRecord): Promise<TaskRecord> {
    if (this.record) return this.record;
    this.record = { ...record, lifecycle: { ...this.newLifecycle({}), acceptBy: Date.now() + ACCEPT_WINDOW_MS } };
    return this.save();
  }

  /**
   * The submission is complete (pages reserved, input stored): its first stage is expected
   * from the queue; `recordId` is the account's number for it. Null when it came too late (the accept
   * window passed and the task was failed): the caller releases what it reserved.
   */
  async accept(recordId: number): Promise<TaskRecord | null> {
    const life = this.record?.lifecycle;
    if (!this.record || !life || isTerminal(this.record.status)) return null;
    if (life.acceptBy === undefined) return this.record;
    delete life.acceptBy;
    this.record.recordId = recordId;
    life.leases[leaseKey("parse")] = queuedLease("parse", Date.now());
    return this.save();
  }

  /** A submission refused before it was accepted (no quota): the task never existed. */
  async discard(): Promise<void> {
    if (this.record?.lifecycle?.acceptBy === undefined) return;
    this.record = null;
    await this.ctx.storage.deleteAll();
    await this.ctx.storage.deleteAlarm();
  }

  get(): TaskRecord | null {
    return this.record;
  }

  /** Moves the task into a stage's running status, or says why the stage must not run. */
  async begin(stage: Stage, now: Date, range?: [number, number]): Promise<BeginOutcome> {
    const rec = this.record;
    if (!rec) return { proceed: false, record: null, reason: "no such task" };
    if (isTerminal(rec.status)) return { proceed: false, record: rec, reason: `task already ${rec.status}` };
    const rule = STAGE_RULES[rec.kind][stage];
    if (!rule || !rule.from.includes(rec.status)) return { proceed: false, record: rec, reason: `stage ${stage} cannot start from ${rec.status}` };
    // A record from before leases (a task in flight across a deploy): its work is taken as expected.
    const life = (rec.lifecycle ??= this.newLifecycle({ [leaseKey(stage, range)]: queuedLease(stage, Date.now(), range) }));
    const check = checkBegin(life.leases, stage, range, Date.now());
    if (!check.ok) return { proceed: false, record: rec, reason: check.reason };
    life.leases[leaseKey(stage, range)] = check.lease;
    rec.status = rule.running;
    rec.startedAt ??= isoNoZone(now);
    return { proceed: true, record: await this.save() };
  }

  /** The running work shows progress: its lease is renewed. */
  async heartbeat(stage: Stage, range?: [number, number]): Promise<void> {
    const lease = this.record?.lifecycle?.leases[leaseKey(stage, range)];
    if (!lease || lease.state !== "running") return;
    lease.expiresAt = Date.now() + RUNNING_LEASE_MS;
    await this.save();
  }

  /** The work failed for a passing reason and its message goes back to the queue after `delayMs`. */
  async requeue(stage: Stage, range: [number, number] | undefined, delayMs: number): Promise<void> {
    const leases = this.record?.lifecycle?.leases;
    const key = leaseKey(stage, range);
    if (!leases?.[key] || isTerminal(this.record!.status)) return;
    leases[key] = requeued(leases[key], Date.now(), delayMs);
    await this.save();
  }

  /** Replaces the lease of finished work by the leases of the work it hands on to. */
  private handOn(done: string, next: Lease[]): void {
    const leases = this.record!.lifecycle!.leases;
    delete leases[done];
    for (const lease of next) leases[leaseKey(lease.stage, lease.range)] ??= lease;
  }

  /** Conversion only: parsing is done, conversion is queued. */
  async parsed(): Promise<TaskRecord | null> {
    if (!this.record || this.record.status !== "parsing") return this.record;
    this.record.status = "parsed";
    this.handOn(leaseKey("parse"), [queuedLease("convert", Date.now())]);
    return this.save();
  }

  /**
   * A long document is read in parts: the first part, of `first` pages, is done; the others,
   * of `size` pages, are expected, one message each. Planned once: a second call returns no
   * parts to send.
   */
  async planParts(size: number, total: number, first = size): Promise<{ record: TaskRecord | null; parts: [number, number][] }> {
    if (!this.record || this.record.parts || isTerminal(this.record.status)) return { record: this.record, parts: [] };
    const plan = { size, total, ...(first !== size ? { first } : {}), done: [0] };
    const parts = partRanges(plan).slice(1);
    this.record.parts = plan;
    const now = Date.now();
    this.handOn(leaseKey("parse"), parts.length ? parts.map((range) => queuedLease("pages", now, range)) : [queuedLease("finish", now)]);
    return { record: await this.save(), parts };
  }

  /** A part was read and stored; says whether every part now is (then the task is finished next), with the record as it stands. */
  async partDone(start: number): Promise<{ allDone: boolean; record: TaskRecord | null }> {
    const parts = this.record?.parts;
    if (!parts || isTerminal(this.record!.status)) return { allDone: false, record: this.record };
    const ranges = partRanges(parts);
    const range = ranges.find(([from]) => from === start);
    if (!range) return { allDone: false, record: this.record };
    if (!parts.done.includes(start)) parts.done.push(start);
    const allDone = parts.done.length === ranges.length;
    this.handOn(leaseKey("pages", range), allDone ? [queuedLease("finish", Date.now())] : []);
    await this.save();
    return { allDone, record: this.record };
  }

  async succeed(result: TaskResultPointers, now: Date): Promise<TaskRecord | null> {
    if (!this.record || isTerminal(this.record.status)) return this.record;
    Object.assign(this.record, { status: "success", result, finishedAt: isoNoZone(now), error: null });
    this.ended(now.getTime() + this.ttlMs());
    return this.save();
  }

  /** Marks the task failed; returns false when it had already ended (nothing changed). */
  async fail(error: TaskError, now: Date): Promise<boolean> {
    if (!this.record || isTerminal(this.record.status)) return false;
    this.failRecord(error, now, now.getTime() + this.ttlMs());
    await this.save();
    return true;
  }

  private failRecord(error: TaskError, now: Date, retainUntil: number): void {
    Object.assign(this.record!, { status: "failed", error, finishedAt: isoNoZone(now) });
    this.ended(retainUntil);
  }

  private ended(retainUntil: number): void {
    const life = this.record!.lifecycle;
    if (!life) return;
    life.leases = {};
    delete life.acceptBy;
    life.retainUntil = retainUntil;
  }

  /**
   * A deadline passed. An ended task's retention is over: its files are deleted (the small
   * record stays, so clients learn why) and its pages released once more (a no-op unless
   * a reservation was made after the task was given up). A running task's expired leases
   * are sent again or fail it (src/tasks/leases.ts), as does a submission never accepted.
   */
  override async alarm(): Promise<void> {
    const rec = this.record;
    if (!rec) return;
    if (isTerminal(rec.status) || !rec.lifecycle) return this.retentionOver(rec);
    const life = rec.lifecycle;
    const now = Date.now();
    if (now >= life.abandonAt) return this.giveUp("The task did not finish within the retention period; no page was charged.", this.ttlMs());
    if (life.acceptBy !== undefined) {
      if (now >= life.acceptBy) return this.giveUp("The request submitting this task ended before the task was accepted; no page was charged. Send the document again.", UNACCEPTED_RETENTION_MS);
      return void (await this.save());
    }
    for (const action of expiredLeases(life.leases, now)) {
      if (action.kind === "fail") return this.giveUp(action.message, this.ttlMs());
      life.leases[action.key] = action.lease;
      await this.env.JOBS.send({ taskId: rec.taskId, stage: action.lease.stage, ...(action.lease.range ? { range: action.lease.range as [number, number] } : {}) });
      console.warn(`task ${rec.taskId}: ${action.key} lease expired; message sent again (restarts ${action.lease.restarts}, resends ${action.lease.resends})`);
    }
    await this.save();
  }

  private async giveUp(message: string, retainForMs: number): Promise<void> {
    const now = new Date();
    this.failRecord({ code: ERRORS.INTERNAL_ERROR.code, message }, now, now.getTime() + retainForMs);
    await this.save();
    await accountStub(this.env, this.record!.owner).settleTask(this.record!.taskId, "release", "failed", now.toISOString());
  }

  private async retentionOver(rec: TaskRecord): Promise<void> {
    await deleteTaskBlobs(retryingBucket(this.env.BLOBS), rec.taskId);
    await accountStub(this.env, rec.owner).settleTask(rec.taskId, "release", rec.status, new Date().toISOString());
    rec.expired = true;
    if (rec.lifecycle) delete rec.lifecycle.retainUntil;
    await this.save();
  }
}
