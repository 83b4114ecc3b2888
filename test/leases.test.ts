// Leases: work lost to a dead Worker or a lost queue message is sent again by the task's
// alarm, a run that keeps dying fails the task, a sync request that died fails its task,
// and a submission that never got accepted gives its pages back. Against the real task
// and account Durable Objects and the real queue.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { taskStub } from "../src/tasks/stubs";
import { runStage } from "../src/tasks/run";
import { checkBegin, expiredLeases, leaseKey, MAX_STAGE_RESTARTS, queuedLease, QUEUED_LEASE_MS, RUNNING_LEASE_MS } from "../src/tasks/leases";
import type { TaskObject } from "../durable-objects/task";
import type { TaskRecord } from "../src/tasks/record";
import { ERRORS } from "../src/api/errors";
import { createKey, pollUntil, submitQuietly, usageOf } from "./helpers/api";

describe("lease rules", () => {
  const now = 1_000_000;
  it("lets only expected work begin, and not twice at once", () => {
    const leases = { parse: queuedLease("parse", now) };
    expect(checkBegin(leases, "convert", undefined, now).ok).toBe(false);
    const begun = checkBegin(leases, "parse", undefined, now);
    expect(begun.ok && begun.lease).toMatchObject({ state: "running", expiresAt: now + RUNNING_LEASE_MS });
    const running = { parse: (begun as { lease: any }).lease };
    expect(checkBegin(running, "parse", undefined, now + 1000)).toMatchObject({ ok: false, reason: expect.stringMatching(/already running/) });
    // A run whose lease expired is taken for dead: the work may begin again.
    expect(checkBegin(running, "parse", undefined, now + RUNNING_LEASE_MS + 1).ok).toBe(true);
  });

  it("resends lost work, waits longer after each resend of a queued message, and gives up on work that keeps dying", () => {
    const queued = { parse: queuedLease("parse", now) };
    expect(expiredLeases(queued, now + QUEUED_LEASE_MS - 1)).toEqual([]);
    const [resend] = expiredLeases(queued, now + QUEUED_LEASE_MS);
    expect(resend).toMatchObject({ kind: "resend", key: "parse", lease: { resends: 1, restarts: 0, expiresAt: now + QUEUED_LEASE_MS * 3 } });
    const dying = { [leaseKey("pages", [10, 20])]: { ...queuedLease("pages", now, [10, 20]), state: "running" as const, restarts: MAX_STAGE_RESTARTS } };
    expect(expiredLeases(dying, now + QUEUED_LEASE_MS)).toEqual([{ kind: "fail", key: "pages:10", message: expect.stringMatching(/stopped 4 times during the pages stage/) }]);
  });
});

/** Moves a lease's end into the past, as if its time had run out. */
async function expireLease(taskId: string, key: string, change: Record<string, unknown> = {}) {
  await runInDurableObject(taskStub(env, taskId) as unknown as DurableObjectStub<TaskObject>, async (_obj, state) => {
    const record = (await state.storage.get<TaskRecord>("record"))!;
    Object.assign(record.lifecycle!.leases[key], { expiresAt: Date.now() - 1 }, change);
    await state.storage.put("record", record);
  });
  // The object reads its record once: start it afresh so it sees the change.
  await runInDurableObject(taskStub(env, taskId) as unknown as DurableObjectStub<TaskObject>, async (obj, state) => {
    (obj as unknown as { record: TaskRecord }).record = (await state.storage.get<TaskRecord>("record"))!;
  });
}

function bareRecord(taskId: string, owner: string): TaskRecord {
  return {
    taskId, recordId: 0, kind: "parse", owner, fileName: "late.pdf", fileType: ".pdf", pageNum: 3, status: "queuing",
    createdAt: "2026-11-26T00:00:00", startedAt: null, finishedAt: null, error: null, result: {}, expired: false,
  };
}

const statusOf = async (taskId: string) => (await taskStub(env, taskId).get())!;
const ended = (r: TaskRecord) => r.status === "success" || r.status === "failed";

describe("task leases", () => {
  it("sends a lost message again and the task ends as if nothing happened", async () => {
    const { apiKey, keyId } = await createKey("lost-message");
    const before = await usageOf(apiKey);
    const record = await submitQuietly(keyId); // accepted, its message never sent: lost
    expect(record.lifecycle!.leases.parse).toMatchObject({ state: "queued" });
    await expireLease(record.taskId, "parse");
    expect(await runDurableObjectAlarm(taskStub(env, record.taskId) as any)).toBe(true);
    const done = await pollUntil(() => statusOf(record.taskId), ended, 60_000);
    expect(done.status).toBe("success");
    expect(done.lifecycle!.leases).toEqual({});
    expect((await usageOf(apiKey)).remaining_free_pages_today).toBe(before.remaining_free_pages_today - record.pageNum);
  });

  it("skips a duplicate message while the work runs elsewhere", async () => {
    const { keyId } = await createKey("duplicate");
    const record = await submitQuietly(keyId);
    const task = taskStub(env, record.taskId);
    expect((await task.begin("parse", new Date())).proceed).toBe(true);
    const second = await runStage({ env, now: () => new Date() }, record.taskId, "parse");
    expect(second).toMatchObject({ kind: "skipped", reason: expect.stringMatching(/already running/) });
  });

  it("fails the task and releases its pages when its work died too often", async () => {
    const { apiKey, keyId } = await createKey("dying");
    const before = await usageOf(apiKey);
    const record = await submitQuietly(keyId);
    const task = taskStub(env, record.taskId);
    await task.begin("parse", new Date());
    await expireLease(record.taskId, "parse", { restarts: MAX_STAGE_RESTARTS });
    await runDurableObjectAlarm(task as any);
    const failed = await statusOf(record.taskId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toEqual({ code: ERRORS.INTERNAL_ERROR.code, message: expect.stringMatching(/stopped/) });
    expect(await usageOf(apiKey)).toEqual(before);
  });

  it("runs the work of a task recorded before leases existed (in flight across a deploy)", async () => {
    const taskId = crypto.randomUUID();
    const task = taskStub(env, taskId);
    await runInDurableObject(task as unknown as DurableObjectStub<TaskObject>, async (obj, state) => {
      const legacy = bareRecord(taskId, "legacy-owner");
      await state.storage.put("record", legacy);
      (obj as unknown as { record: TaskRecord }).record = legacy;
    });
    const begun = await task.begin("parse", new Date());
    expect(begun.proceed).toBe(true);
    expect((await task.get())!.lifecycle!.leases.parse).toMatchObject({ state: "running" });
  });

  it("gives back the pages of a submission that was never accepted, even when reserved after the task was given up", async () => {
    const { apiKey, keyId } = await createKey("unaccepted");
    const before = await usageOf(apiKey);
    const taskId = crypto.randomUUID();
    const task = taskStub(env, taskId);
    await task.init(bareRecord(taskId, keyId));
    // The request dies before reserving; the accept window passes.
    await runInDurableObject(task as unknown as DurableObjectStub<TaskObject>, async (obj) => {
      (obj as unknown as { record: TaskRecord }).record.lifecycle!.acceptBy = Date.now() - 1;
    });
    await runDurableObjectAlarm(task as any);
    expect((await statusOf(taskId)).status).toBe("failed");
    // A late request reserves after all, then dies: the retention alarm releases it too.
    const account = env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`key:${keyId}`));
    await account.reserveTask({ taskId, kind: "parse", fileName: "late.pdf", pages: 3, createdAt: new Date().toISOString(), status: "queuing" }, new Date().toISOString());
    expect(await task.accept(1)).toBeNull();
    expect((await usageOf(apiKey)).remaining_free_pages_today).toBe(before.remaining_free_pages_today - 3);
    await runDurableObjectAlarm(task as any);
    expect(await usageOf(apiKey)).toEqual(before);
    expect((await statusOf(taskId)).expired).toBe(true);
  });
});
