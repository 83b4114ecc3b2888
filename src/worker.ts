// The Worker: HTTP through the Hono app, queue batches through the consumer, and the
// Durable Object classes re-exported for the runtime.
import { createApp } from "./api/app";
import type { Env } from "./env";
import { handleJobs } from "../queues/consumer";

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleJobs(batch, env);
  },
} satisfies ExportedHandler<Env>;

export { TaskObject } from "../durable-objects/task";
export { AccountObject } from "../durable-objects/account";
