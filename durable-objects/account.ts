// One Durable Object per API key (named by the key's SHA-256): the key record, its paid
// plans, its free daily/monthly quota and an index of its recent tasks. Every method
// reads, changes and writes the state without awaiting anything else in between, so the
// object's input gate serialises them: concurrent requests can never overdraw.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import { readConfig } from "../src/config";
import { charge, emptyQuota, release, reserve, usage, type FreeLimits, type QuotaState, type ReserveOutcome, type Usage } from "../src/accounts/quota";
import { timingSafeEqualStrings } from "../src/storage/blob-store";

export interface KeyRecord {
  keyHash: string;
  label: string;
  createdAt: string;
  revokedAt?: string;
}

export interface TaskIndexEntry {
  taskId: string;
  recordId: number;
  kind: "parse" | "convert";
  fileName: string;
  pages: number;
  createdAt: string;
  status: string;
}

interface AccountState {
  key: KeyRecord | null;
  quota: QuotaState;
  nextRecordId: number;
  tasks: TaskIndexEntry[];
}

/** How many recent tasks the index keeps (the dashboard shows them). */
const TASK_INDEX_SIZE = 100;

export type KeyCheck = "ok" | "unknown" | "revoked";

export class AccountObject extends DurableObject<Env> {
  private state: AccountState = { key: null, quota: emptyQuota(), nextRecordId: 1, tasks: [] };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get<AccountState>("state");
      if (saved) this.state = saved;
    });
  }

  private save(): Promise<void> {
    return this.ctx.storage.put("state", this.state);
  }

  private limits(): FreeLimits {
    const cfg = readConfig(this.env);
    return { perDay: cfg.FREE_PAGES_PER_DAY, perMonth: cfg.FREE_PAGES_PER_MONTH };
  }

  /** Is `keyHash` this object's key, and still valid? Compared in constant time. */
  checkKey(keyHash: string): KeyCheck {
    const key = this.state.key;
    if (!key || !timingSafeEqualStrings(key.keyHash, keyHash)) return "unknown";
    return key.revokedAt ? "revoked" : "ok";
  }

  /** Creates the key record; a second call for the same key changes nothing. */
  async createKey(keyHash: string, label: string, now: string): Promise<{ created: boolean; key: KeyRecord }> {
    if (this.state.key) return { created: false, key: this.state.key };
    this.state.key = { keyHash, label, createdAt: now };
    await this.save();
    return { created: true, key: this.state.key };
  }

  async revokeKey(now: string): Promise<KeyRecord | null> {
    if (!this.state.key) return null;
    this.state.key.revokedAt ??= now;
    await this.save();
    return this.state.key;
  }

  async addPlan(pages: number, expiresAt: string, now: string): Promise<{ planId: string } | null> {
    if (!this.state.key) return null;
    const planId = crypto.randomUUID();
    this.state.quota.plans.push({ id: planId, pages, used: 0, createdAt: now, expiresAt });
    await this.save();
    return { planId };
  }

  usage(nowIso: string): Usage {
    return usage(this.state.quota, this.limits(), new Date(nowIso));
  }

  describe(nowIso: string) {
    return { key: this.state.key, plans: this.state.quota.plans, usage: this.usage(nowIso), tasks: this.state.tasks };
  }

  /**
   * Reserves the pages of a new task and registers it in the index. Returns the task's
   * record_id, or how many pages are available when there are not enough.
   */
  async reserveTask(entry: Omit<TaskIndexEntry, "recordId">, nowIso: string): Promise<({ ok: true; recordId: number }) | Extract<ReserveOutcome, { ok: false }>> {
    const outcome = reserve(this.state.quota, entry.taskId, entry.pages, this.limits(), new Date(nowIso));
    if (!outcome.ok) return outcome;
    const existing = this.state.tasks.find((t) => t.taskId === entry.taskId);
    if (existing) return { ok: true, recordId: existing.recordId };
    const recordId = this.state.nextRecordId++;
    this.state.tasks.unshift({ ...entry, recordId });
    this.state.tasks.length = Math.min(this.state.tasks.length, TASK_INDEX_SIZE);
    await this.save();
    return { ok: true, recordId };
  }

  /** Success charges the reserved pages, failure releases them; both at most once per task. */
  async settleTask(taskId: string, outcome: "charge" | "release", status: string, nowIso: string): Promise<number> {
    const pages = outcome === "charge" ? charge(this.state.quota, taskId) : release(this.state.quota, taskId, new Date(nowIso));
    const entry = this.state.tasks.find((t) => t.taskId === taskId);
    if (entry) entry.status = status;
    await this.save();
    return pages;
  }

  /** Keeps the dashboard's status column current as a task moves on. */
  async noteTaskStatus(taskId: string, status: string): Promise<void> {
    const entry = this.state.tasks.find((t) => t.taskId === taskId);
    if (!entry || entry.status === status) return;
    entry.status = status;
    await this.save();
  }
}
