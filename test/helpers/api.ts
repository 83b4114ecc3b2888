// Drives the Worker the way a client does: multipart forms over fetch, JSON envelopes back.
import { env, SELF, createExecutionContext, createMessageBatch, waitOnExecutionContext } from "cloudflare:test";
import { handleJobs } from "../../queues/consumer";
import type { JobMessage } from "../../queues/messages";
import { createApp, type AppOptions } from "../../src/api/app";
import type { Env } from "../../src/env";
import { corpusFile, fixtureFile } from "./corpus";
import { submitTask } from "../../src/tasks/submit";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";

export const BASE = "http://docparse.test";
export const ADMIN_TOKEN = "test-admin-token";

export interface Envelope<T = any> {
  code: number;
  message: string;
  data: T;
}

export type Fields = Record<string, string | File | (string | File)[] | undefined>;

export function form(fields: Fields): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) fd.append(name, v);
  }
  return fd;
}

/** POST a form to the Worker (through the real fetch handler). */
export async function post(path: string, fields: Fields): Promise<{ res: Response; body: Envelope }> {
  const res = await SELF.fetch(`${BASE}${path}`, { method: "POST", body: form(fields) });
  return { res, body: (await res.json()) as Envelope };
}

/** The same, through an app with an injected clock and/or changed vars. */
export async function postWith(options: AppOptions & { env?: Partial<Env> }, path: string, init: RequestInit | Fields): Promise<{ res: Response; body: Envelope }> {
  const res = await fetchWith(options, `${BASE}${path}`, init instanceof FormData || "method" in init ? (init as RequestInit) : { method: "POST", body: form(init as Fields) });
  return { res, body: (await res.json()) as Envelope };
}

export async function fetchWith(options: AppOptions & { env?: Partial<Env> }, url: string, init?: RequestInit): Promise<Response> {
  const app = createApp(options);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, init), { ...(env as unknown as Env), ...options.env }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * A parse submitted through /v1/parse/async whose queue messages run here, in this test,
 * with some bindings changed (a deployment without the renderer Worker, say); answers
 * the /v1/parse/async_check envelope of the finished task.
 */
export async function parseWithBindings(bindings: Partial<Env>, fields: Fields): Promise<{ res: Response; body: Envelope }> {
  const sent: JobMessage[] = [];
  const jobs = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (messages: { body: JobMessage }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  const changed = { ...(env as unknown as Env), ...bindings, JOBS: jobs as unknown as Env["JOBS"] };
  const submitted = await postWith({ env: changed }, "/v1/parse/async", fields);
  if (submitted.body.code !== 0) return submitted;
  for (let body = sent.shift(); body; body = sent.shift()) {
    await handleJobs(createMessageBatch("docparse-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }]), changed);
  }
  return post("/v1/parse/async_check", { api_key: fields.api_key as string, task_id: submitted.body.data.task_id });
}

export async function createKey(label = "test"): Promise<{ apiKey: string; keyId: string }> {
  const res = await SELF.fetch(`${BASE}/admin/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ label }),
  });
  const body = (await res.json()) as Envelope;
  if (body.code !== 0) throw new Error(`createKey: ${JSON.stringify(body)}`);
  return { apiKey: body.data.api_key, keyId: body.data.key_id };
}

export async function admin(method: string, path: string, body?: unknown): Promise<Envelope> {
  const res = await SELF.fetch(`${BASE}/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

/** A one-page born-digital PDF made for the tests: what the API tests send when what it holds does not matter. */
export const SAMPLE_PDF = "pdf/article-and-variable.pdf";
/** A 14-page born-digital PDF (the made fixtures joined: prose, tables, formulas, figures), for documents read in parts. */
export const LONG_PDF = "pdf/joined-14-pages.pdf";

/** A PDF of test/fixtures as an upload. */
export async function pdfFile(fixturePath: string, name = fixturePath.split("/").pop()!): Promise<File> {
  return new File([await fixtureFile(fixturePath)], name, { type: "application/pdf" });
}

/** A PDF of the evaluation corpus as an upload (for *.corpus.test.ts). */
export async function corpusPdfFile(corpusPath: string, name = corpusPath.split("/").pop()!): Promise<File> {
  return new File([await corpusFile(corpusPath)], name, { type: "application/pdf" });
}

/** Polls `check` until `done` holds (queue work runs in the background under Miniflare). */
export async function pollUntil<T>(check: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function usageOf(apiKey: string) {
  return (await post("/v1/usage", { api_key: apiKey })).body.data as {
    remaining_paid_pages: number;
    remaining_free_pages_today: number;
    remaining_free_pages_this_month: number;
    dashboard_url: string;
  };
}

/** Accepts a parse task of the sample PDF (pages reserved, input stored) without queueing it, so the test owns its messages. */
export async function submitQuietly(owner: string) {
  return submitTask(env as unknown as Env, {
    kind: "parse",
    owner,
    fileName: "article-and-variable.pdf",
    bytes: await fixtureFile(SAMPLE_PDF),
    maxPages: 100,
    parseOptions: { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES },
    now: new Date(),
  });
}
