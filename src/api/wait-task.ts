// Sync endpoints run their task through the queue, like async ones, and wait for it here:
// the request's worker does no parsing of its own, so it stays free to answer everyone
// else, and a task outlives a request that dies. A client that hangs up before the end
// gets its task cancelled and its pages back: it never received the task's id.
import { failTask } from "../tasks/run";
import { taskStub } from "../tasks/stubs";
import { isTerminal, type TaskRecord } from "../tasks/record";
import { ERRORS } from "./errors";
import type { AppContext } from "./context";

/**
 * First look after this long; each wait is half again as long, up to POLL_MAX_MS. A look is
 * one read of the task's object (its record is in memory), so a sync answer may come at most
 * a quarter of a second after its task ends: with looks a second apart, a 300-page sync parse
 * answered about half a second later than the same task polled by a client every 100 ms.
 */
const POLL_FIRST_MS = 40;
const POLL_MAX_MS = 250;

export type WaitOutcome = { kind: "ended"; record: TaskRecord } | { kind: "timeout"; record: TaskRecord };

export async function waitForTask(c: AppContext, submitted: TaskRecord, timeoutMs: number): Promise<WaitOutcome> {
  const task = taskStub(c.env, submitted.taskId);
  let timedOut = false;
  const deadline = c.var.sleep(timeoutMs).then(() => (timedOut = true));
  const hungUp = onClientGone(c, submitted.taskId);
  try {
    for (let pause = POLL_FIRST_MS; ; pause = Math.min(POLL_MAX_MS, pause * 1.5)) {
      const record = (await task.get()) ?? submitted;
      if (isTerminal(record.status)) return { kind: "ended", record };
      if (timedOut) return { kind: "timeout", record };
      await Promise.race([deadline, new Promise((r) => setTimeout(r, pause))]);
    }
  } finally {
    hungUp.dispose();
  }
}

/** While waiting: if the client closes the connection, the task is cancelled and its pages released. */
function onClientGone(c: AppContext, taskId: string): { dispose: () => void } {
  const signal = c.req.raw.signal;
  if (!signal) return { dispose: () => undefined };
  const cancel = () => {
    const message = "The client closed the connection before the result was ready; the task was cancelled and no page was charged.";
    const work = failTask({ env: c.env, now: c.var.now }, taskId, { code: ERRORS.CLIENT_CLOSED.code, message });
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      /* no execution context (a test's bare app): the promise still runs */
    }
  };
  signal.addEventListener("abort", cancel, { once: true });
  return { dispose: () => signal.removeEventListener("abort", cancel) };
}
