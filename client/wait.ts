// Polls a task until it ends, pausing 0.5 s, 1 s, 2 s, 4 s, then 5 s between looks, each
// pause shifted by up to ±20 % so that clients started together do not poll in step.
// Short first pauses give a small document its answer quickly; the cap keeps a long task
// near the contract's recommended 3-5 s interval. A failed task rejects with the
// DocparseError its error code names, as the sync endpoint would have answered.
import { NetworkError, WaitTimeoutError } from "./errors";
import type { WaitOptions } from "./types";

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_INITIAL_DELAY_MS = 500;
const DEFAULT_MAX_DELAY_MS = 5_000;
/** Network failures in a row a wait rides out (a dropped connection mid-wait) before giving up. */
const MAX_NETWORK_FAILURES = 3;

export interface Poller<Task> {
  taskId: string;
  /** One look at the task (an async_check call). */
  check: (signal?: AbortSignal) => Promise<Task>;
  /** The task's outcome once it ended: `done` with the record, or the error it failed with; undefined while it runs. */
  outcome: (task: Task) => { done: Task } | { failed: Error } | undefined;
}

export async function waitForTask<Task>(poller: Poller<Task>, options: WaitOptions<Task> = {}): Promise<Task> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const deadline = Date.now() + timeoutMs;
  const { signal } = options;
  let delay = options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
  let last: Task | undefined;
  let networkFailures = 0;
  for (;;) {
    signal?.throwIfAborted();
    try {
      last = await poller.check(signal);
      networkFailures = 0;
      options.onProgress?.(last);
      const outcome = poller.outcome(last);
      if (outcome && "done" in outcome) return outcome.done;
      if (outcome) throw outcome.failed;
    } catch (e) {
      if (!(e instanceof NetworkError) || ++networkFailures > MAX_NETWORK_FAILURES) throw e;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new WaitTimeoutError(poller.taskId, timeoutMs, last ?? null);
    await sleep(Math.min(remaining, jitter(delay)), signal);
    delay = Math.min(maxDelay, delay * 2);
  }
}

const jitter = (ms: number) => ms * (0.8 + Math.random() * 0.4);

/** setTimeout as a promise that an abort cuts short, rejecting with the signal's reason. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
