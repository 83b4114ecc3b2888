// Leases: how a task's Durable Object knows that the work it expects is really going on.
// Every piece of work a task waits for (a stage, or one part of a long document) has a lease:
// `queued` from the moment its message is sent, `running` from the moment a consumer or a
// request begins it, renewed by a heartbeat after each page. A queue can lose a message
// (local queues on restart) and a Worker can be evicted mid-message, so an expired lease
// is taken for lost work: the object's alarm sends the message again, and after
// MAX_STAGE_RESTARTS runs that died it fails the task and releases its pages. Pure
// functions over the record's lease table, so the rules read in one place and test
// without a runtime.
import type { Lease, Leases, Stage } from "./record";

/** A message not begun within this is taken for lost; each resend waits twice as long (a long backlog costs a few cheap duplicates, not a failed task). */
export const QUEUED_LEASE_MS = 2 * 60_000;
/** A running stage that has not shown progress for this long is taken for dead (it heartbeats after every page; one OCR page takes seconds). */
export const RUNNING_LEASE_MS = 2 * 60_000;
/** Heartbeats are sent at most this often. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Runs of one piece of work that may die (evicted, out of memory, killed) before the task is failed. */
export const MAX_STAGE_RESTARTS = 3;

export const leaseKey = (stage: Stage, range?: readonly number[]) => (range ? `${stage}:${range[0]}` : stage);

/** Work just sent to the queue (or about to be). */
export function queuedLease(stage: Stage, now: number, range?: [number, number]): Lease {
  return { stage, ...(range ? { range } : {}), state: "queued", expiresAt: now + QUEUED_LEASE_MS, restarts: 0, resends: 0 };
}

export type BeginCheck = { ok: true; lease: Lease } | { ok: false; reason: string };

/** May this work begin now? Only work the task expects, and not while another run of it is alive. */
export function checkBegin(leases: Leases, stage: Stage, range: [number, number] | undefined, now: number): BeginCheck {
  const lease = leases[leaseKey(stage, range)];
  if (!lease) return { ok: false, reason: `no ${leaseKey(stage, range)} work is expected (a duplicate or stale message)` };
  if (lease.state === "running" && lease.expiresAt > now) return { ok: false, reason: `${leaseKey(stage, range)} is already running` };
  return { ok: true, lease: { ...lease, state: "running", expiresAt: now + RUNNING_LEASE_MS } };
}

/** A message for this work goes back to the queue after `delayMs` (the consumer's retry of a transient error). */
export function requeued(lease: Lease, now: number, delayMs: number): Lease {
  return { ...lease, state: "queued", expiresAt: now + delayMs + QUEUED_LEASE_MS };
}

export type ExpiryAction =
  | { kind: "resend"; key: string; lease: Lease }
  | { kind: "fail"; key: string; message: string };

/** What to do about each lease that has expired by `now`: send its message again, or give the task up. */
export function expiredLeases(leases: Leases, now: number): ExpiryAction[] {
  const actions: ExpiryAction[] = [];
  for (const [key, lease] of Object.entries(leases)) {
    if (lease.expiresAt > now) continue;
    if (lease.state === "running") {
      const restarts = lease.restarts + 1;
      if (restarts > MAX_STAGE_RESTARTS) {
        actions.push({ kind: "fail", key, message: `Processing stopped ${restarts} times during the ${lease.stage} stage (the document may need more memory or time than a worker has); no page was charged.` });
      } else {
        actions.push({ kind: "resend", key, lease: { ...lease, state: "queued", restarts, expiresAt: now + QUEUED_LEASE_MS } });
      }
    } else {
      const resends = lease.resends + 1;
      actions.push({ kind: "resend", key, lease: { ...lease, resends, expiresAt: now + QUEUED_LEASE_MS * 2 ** Math.min(resends, 6) } });
    }
  }
  return actions;
}

/** The earliest expiry, for the alarm. */
export function nextExpiry(leases: Leases): number | undefined {
  const times = Object.values(leases).map((l) => l.expiresAt);
  return times.length ? Math.min(...times) : undefined;
}
