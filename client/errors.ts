// The errors the client throws. Every answer whose envelope `code` is not 0 becomes a
// DocparseError named after the code table ("QUOTA_EXCEEDED", "TASK_NOT_FOUND"...), so a
// caller can switch on `error.name` (a typed union) or compare `error.code`. Three cases
// need fields of their own and get a subclass: a sync call the service stopped waiting for
// (its task goes on), a wait this client gave up on, and an answer that never arrived or
// was not the service's JSON envelope.
import { errorNameOf, type ServiceErrorName } from "./error-codes";

/** Names of failures that happen on the client's side of the wire (code 0). */
export type ClientErrorName = "NETWORK_ERROR" | "INVALID_RESPONSE" | "WAIT_TIMEOUT";

/** `name` of every DocparseError: the code table's names, the client's own, or UNKNOWN_ERROR for a code newer than this client. */
export type DocparseErrorName = ServiceErrorName | ClientErrorName | "UNKNOWN_ERROR";

export interface DocparseErrorInit {
  code: number;
  message: string;
  /** HTTP status of the answer; 0 when there was none. */
  status: number;
  /** The envelope's `data`: null, or the task record of a task that failed or is still running. */
  data?: unknown;
  /** The task the error is about, when there is one. */
  taskId?: string;
  name?: DocparseErrorName;
  cause?: unknown;
}

export class DocparseError extends Error {
  override name: DocparseErrorName;
  /** The envelope's code (10002, 20001...); 0 for a failure on the client's side. */
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly taskId?: string;

  constructor(init: DocparseErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = init.name ?? errorNameOf(init.code) ?? "UNKNOWN_ERROR";
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
    this.taskId = init.taskId;
  }
}

/**
 * 50002: a sync endpoint waited its limit and answered; the task goes on. Poll it with
 * `waitFor(error.taskId)` / `waitForConversion(error.taskId)` (`error.kind` says which), or
 * pass `waitIfStillRunning` to the sync call to have the client do so.
 */
export class StillRunningError extends DocparseError {
  override readonly taskId: string;
  readonly kind: TaskKind;
  constructor(init: DocparseErrorInit & { taskId: string; kind: TaskKind }) {
    super(init);
    this.taskId = init.taskId;
    this.kind = init.kind;
  }
}

/** `waitFor` passed its `timeoutMs`; the task goes on. `data` is the last record seen. */
export class WaitTimeoutError extends DocparseError {
  override readonly taskId: string;
  constructor(taskId: string, timeoutMs: number, lastRecord: unknown) {
    super({ code: 0, status: 0, name: "WAIT_TIMEOUT", message: `Task ${taskId} had not ended after ${timeoutMs} ms of waiting; it goes on: wait for it again or check it later.`, data: lastRecord, taskId });
    this.taskId = taskId;
  }
}

/** No answer (DNS, connection refused, reset) or an answer that is not the service's JSON envelope (a proxy's HTML page). */
export class NetworkError extends DocparseError {
  constructor(name: "NETWORK_ERROR" | "INVALID_RESPONSE", message: string, status: number, cause?: unknown) {
    super({ code: 0, status, name, message, cause });
  }
}

export type TaskKind = "parse" | "convert";

export const isDocparseError = (e: unknown, name?: DocparseErrorName): e is DocparseError => e instanceof DocparseError && (name === undefined || e.name === name);
