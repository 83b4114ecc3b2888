// A typed client of the docparse API for browsers, Workers and Node 18+: it uses only
// fetch, FormData, Blob, URL, AbortSignal and setTimeout. Its types come from the service's
// zod schemas (types.ts), its errors from the service's code table (errors.ts).
import { DocparseError, NetworkError, StillRunningError } from "./errors";
import { convertForm, parseForm, taskForm } from "./form-data";
import { postForm, readEnvelope, errorOf, type Transport } from "./transport";
import { waitForTask } from "./wait";
import { ERROR_CODES } from "./error-codes";
import type { ConvertOptions, ConvertTaskData, DocumentInput, ParseCheckData, ParseOptions, ParseSubmitData, ParseSyncData, SyncOptions, UsageData, WaitOptions } from "./types";

export * from "./errors";
export { ERROR_CODES, errorNameOf, type ServiceErrorName } from "./error-codes";
export type * from "./types";

export interface DocparseClientOptions {
  /** The service's address, e.g. "https://docparse.example.com" (a trailing "/v1" is accepted too). */
  baseUrl: string;
  /** The API key (sk-...), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The fetch to use; default the global one. A Worker may pass a service binding's `fetch`. */
  fetch?: typeof fetch;
}

export class DocparseClient {
  readonly #transport: Transport;

  constructor(options: DocparseClientOptions) {
    if (!options.apiKey) throw new TypeError("DocparseClient needs an apiKey (sk-...).");
    const fetcher = options.fetch ?? globalThis.fetch;
    this.#transport = {
      baseUrl: options.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, ""),
      apiKey: options.apiKey,
      // Called unbound, a browser's fetch throws "Illegal invocation".
      fetch: (input, init) => fetcher(input, init),
    };
  }

  /** Parses a document and answers with the result (POST /v1/parse/sync). */
  async parse(file: DocumentInput, options: ParseOptions & SyncOptions<ParseCheckData> = {}): Promise<ParseSyncData> {
    try {
      return await postForm<ParseSyncData>(this.#transport, "/v1/parse/sync", parseForm(file, options), { signal: options.signal, kind: "parse" });
    } catch (e) {
      if (!(e instanceof StillRunningError) || !options.waitIfStillRunning) throw e;
      const task = await this.waitFor(e.taskId, waitOptions(options.waitIfStillRunning, options.signal));
      // The sync answer's shape, from the finished task's record.
      return { task_id: task.task_id, error: task.error, metadata: task.metadata, result: task.result };
    }
  }

  /** Submits a document to parse (POST /v1/parse/async); answers with the task_id to wait for. */
  async parseAsync(file: DocumentInput, options: ParseOptions & { signal?: AbortSignal } = {}): Promise<string> {
    const submitted = await postForm<ParseSubmitData>(this.#transport, "/v1/parse/async", parseForm(file, options), { signal: options.signal });
    return submitted.task_id;
  }

  /** One look at a parse task (POST /v1/parse/async_check). */
  parseResult(taskId: string, options: { signal?: AbortSignal } = {}): Promise<ParseCheckData> {
    return postForm<ParseCheckData>(this.#transport, "/v1/parse/async_check", taskForm(taskId), options);
  }

  /**
   * Polls a parse task until it ends: resolves with the record on success, rejects with the
   * task's DocparseError when it failed, WaitTimeoutError past `timeoutMs`, or the signal's
   * reason when aborted.
   */
  waitFor(taskId: string, options: WaitOptions<ParseCheckData> = {}): Promise<ParseCheckData> {
    return waitForTask(
      {
        taskId,
        check: (signal) => this.parseResult(taskId, { signal }),
        outcome: (task) => {
          if (task.status === "success") return { done: task };
          if (task.status === "failed") return { failed: taskError(task.error?.code, task.error?.message, task, "The parse failed.") };
          return undefined;
        },
      },
      options,
    );
  }

  /** Converts a PDF to Word or PowerPoint and answers with the finished task (POST /v1/convert/sync); `download_url` holds the file. */
  async convert(file: DocumentInput, options: ConvertOptions & SyncOptions<ConvertTaskData> = {}): Promise<ConvertTaskData> {
    try {
      return await postForm<ConvertTaskData>(this.#transport, "/v1/convert/sync", convertForm(file, options), { signal: options.signal, kind: "convert" });
    } catch (e) {
      if (!(e instanceof StillRunningError) || !options.waitIfStillRunning) throw e;
      return this.waitForConversion(e.taskId, waitOptions(options.waitIfStillRunning, options.signal));
    }
  }

  /** Submits a PDF to convert (POST /v1/convert/async); answers with the task_id to wait for. */
  async convertAsync(file: DocumentInput, options: ConvertOptions & { signal?: AbortSignal } = {}): Promise<string> {
    const submitted = await postForm<ConvertTaskData>(this.#transport, "/v1/convert/async", convertForm(file, options), { signal: options.signal });
    return submitted.task_id;
  }

  /** One look at a conversion task (POST /v1/convert/async_check); on SUCCESS a fresh `download_url`. */
  conversionResult(taskId: string, options: { signal?: AbortSignal } = {}): Promise<ConvertTaskData> {
    return postForm<ConvertTaskData>(this.#transport, "/v1/convert/async_check", taskForm(taskId), options);
  }

  /** As `waitFor`, for a conversion: resolves with the SUCCESS record (its `download_url`), rejects when it FAILED. */
  waitForConversion(taskId: string, options: WaitOptions<ConvertTaskData> = {}): Promise<ConvertTaskData> {
    return waitForTask(
      {
        taskId,
        check: (signal) => this.conversionResult(taskId, { signal }),
        outcome: (task) => {
          if (task.status === "SUCCESS") return { done: task };
          if (task.status === "FAILED") return { failed: taskError(task.error_code ?? undefined, task.error_message ?? undefined, task, "The conversion failed.") };
          return undefined;
        },
      },
      options,
    );
  }

  /**
   * The bytes behind a signed link the service gave (`download_url`, `outputs.zip`, an
   * `img_url`). The link carries its own signature, so the API key is not sent: it could
   * otherwise leak to whatever host a link names.
   */
  async download(url: string | URL, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
    let res: Response;
    try {
      res = await this.#transport.fetch(String(url), { signal: options.signal });
    } catch (e) {
      if (options.signal?.aborted) throw options.signal.reason ?? e;
      throw new NetworkError("NETWORK_ERROR", `GET ${url} got no answer: ${e instanceof Error ? e.message : String(e)}`, 0, e);
    }
    // A refused link (altered, expired, deleted) answers the JSON envelope with its code.
    if (!res.ok) throw errorOf(await readEnvelope(res, `GET ${url}`), res.status);
    return new Uint8Array(await res.arrayBuffer());
  }

  /** Pages left on the key (POST /v1/usage); also a way to check a key: a wrong one throws API_KEY_INVALID. */
  usage(options: { signal?: AbortSignal } = {}): Promise<UsageData> {
    return postForm<UsageData>(this.#transport, "/v1/usage", new FormData(), options);
  }
}

/** The wait options of a sync call's fallback: its own, with the call's signal unless they name one. */
function waitOptions<T>(option: true | WaitOptions<T>, signal: AbortSignal | undefined): WaitOptions<T> {
  return { signal, ...(option === true ? {} : option) };
}

/**
 * A failed task's error, as the sync endpoint would have answered it: the task's code, the
 * record as `data`, and status 200, that of the async_check answer that carried it (a
 * failed sync conversion answers 200 too).
 */
function taskError(code: number | undefined, message: string | undefined, task: { task_id: string }, fallback: string): DocparseError {
  // INTERNAL_ERROR when a failed task carries no code (it always should).
  return new DocparseError({ code: code ?? ERROR_CODES.INTERNAL_ERROR, message: message ?? fallback, status: 200, data: task, taskId: task.task_id });
}
