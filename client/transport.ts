// One request to the service and its envelope: the JSON {code, message, data} every
// endpoint answers. Code 0 gives `data`; any other code throws the DocparseError the
// code names (50002 as StillRunningError, carrying the task to wait for). No answer, or
// an answer that is not the envelope, throws NetworkError, keeping the cause.
import { DocparseError, NetworkError, StillRunningError, type TaskKind } from "./errors";
import { ERROR_CODES } from "./error-codes";

export interface Transport {
  /** The service's root, without a trailing slash or /v1. */
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** POSTs `form` to `path` and returns the envelope's `data`; `kind` names the task an answer 50002 is about. */
export async function postForm<T>(transport: Transport, path: string, form: FormData, options: { signal?: AbortSignal; kind?: TaskKind } = {}): Promise<T> {
  let res: Response;
  try {
    res = await transport.fetch(`${transport.baseUrl}${path}`, { method: "POST", body: form, headers: { authorization: `Bearer ${transport.apiKey}` }, signal: options.signal });
  } catch (e) {
    // An abort is the caller's own doing, not a network failure: it keeps its AbortError.
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    throw new NetworkError("NETWORK_ERROR", `POST ${path} got no answer: ${e instanceof Error ? e.message : String(e)}`, 0, e);
  }
  const envelope = await readEnvelope(res, `POST ${path}`).catch((e: unknown) => {
    // Aborted while the body streamed in: still the caller's abort, not a broken answer.
    throw options.signal?.aborted ? (options.signal.reason ?? e) : e;
  });
  if (envelope.code === 0) return envelope.data as T;
  throw errorOf(envelope, res.status, options.kind);
}

/** The answer's envelope, or NetworkError when its body is not one. */
export async function readEnvelope(res: Response, what: string): Promise<Envelope> {
  const text = await res.text().catch((e: unknown) => {
    throw new NetworkError("NETWORK_ERROR", `${what}: the answer broke off: ${e instanceof Error ? e.message : String(e)}`, res.status, e);
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    throw new NetworkError("INVALID_RESPONSE", `${what} answered HTTP ${res.status} with something other than the service's JSON envelope: ${JSON.stringify(text.slice(0, 200))}`, res.status);
  }
  return body;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === "object" && body !== null && Number.isInteger((body as Envelope).code) && typeof (body as Envelope).message === "string";
}

/** The error an envelope with a non-zero code stands for. */
export function errorOf(envelope: Envelope, status: number, kind?: TaskKind): DocparseError {
  const taskId = taskIdOf(envelope.data);
  const init = { code: envelope.code, message: envelope.message, status, data: envelope.data ?? null, taskId };
  if (envelope.code === ERROR_CODES.SYNC_TIMEOUT && taskId && kind) return new StillRunningError({ ...init, taskId, kind });
  return new DocparseError(init);
}

const taskIdOf = (data: unknown): string | undefined => {
  const id = typeof data === "object" && data !== null ? (data as { task_id?: unknown }).task_id : undefined;
  return typeof id === "string" ? id : undefined;
};
