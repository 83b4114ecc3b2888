// The Worker: HTTP through the Hono app, queue batches through the consumer, and the
// Durable Object classes re-exported for the runtime.
import { createApp } from "./api/app";
import type { Env } from "./env";
import { handleJobs } from "../queues/consumer";
import { retryingBucket } from "./storage/blob-store";
import "./native-zlib";

const app = createApp();

/** The bindings as the code uses them: R2 calls retried when they fail in a way that may pass. */
const withRetries = (env: Env): Env => ({ ...env, BLOBS: retryingBucket(env.BLOBS) });

export default {
  fetch: (request, env, ctx) => app.fetch(request, withRetries(env), ctx),
  async queue(batch, env) {
    await handleJobs(batch, withRetries(env));
  },
} satisfies ExportedHandler<Env>;

export { TaskObject } from "../durable-objects/task";
export { AccountObject } from "../durable-objects/account";
