// The queue consumer: one task stage per message (a long document: one part of it per message). Idempotent (the task's Durable Object
// refuses work it does not expect: a duplicate or stale message), transient errors retried with exponential
// backoff, and messages that exhausted their retries arrive from the dead-letter queue,
// where the task is failed and its pages released.
import type { Env } from "../src/env";
import { ERRORS } from "../src/api/errors";
import { failTask, runStage, type StageContext } from "../src/tasks/run";
import { taskStub } from "../src/tasks/stubs";
import { JobMessageSchema } from "./messages";

/** First retry after this many seconds, doubling each attempt. */
const RETRY_BASE_SECONDS = 5;
/** No retry waits longer than this. */
const RETRY_MAX_SECONDS = 300;
/** Messages per sendBatch call (the queue's own limit is 100). */
const SEND_BATCH = 100;

export const retryDelaySeconds = (attempts: number) => Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

export const isDeadLetterQueue = (queueName: string) => queueName.endsWith("-dlq");

export async function handleJobs(batch: MessageBatch<unknown>, env: Env, now: () => Date = () => new Date()): Promise<void> {
  const ctx: StageContext = { env, now };
  for (const msg of batch.messages) {
    const parsed = JobMessageSchema.safeParse(msg.body);
    if (!parsed.success) {
      console.error(`queue ${batch.queue}: dropping malformed message ${msg.id}`, msg.body);
      msg.ack();
      continue;
    }
    const { taskId, stage, range } = parsed.data;
    if (isDeadLetterQueue(batch.queue)) {
      await failTask(ctx, taskId, { code: ERRORS.INTERNAL_ERROR.code, message: `Processing failed repeatedly during the ${stage} stage; no page was charged. Try again later.` });
      msg.ack();
      continue;
    }
    try {
      const outcome = await runStage(ctx, taskId, stage, range);
      if (outcome.kind === "done" && outcome.next) await env.JOBS.send({ taskId, stage: outcome.next });
      // A long document fans out: one message per part, read in parallel by as many consumers.
      if (outcome.kind === "done" && outcome.parts?.length) {
        for (let i = 0; i < outcome.parts.length; i += SEND_BATCH) {
          await env.JOBS.sendBatch(outcome.parts.slice(i, i + SEND_BATCH).map((range) => ({ body: { taskId, stage: "pages" as const, range } })));
        }
      }
      msg.ack();
    } catch (e) {
      console.error(`task ${taskId}: ${stage} attempt ${msg.attempts} failed, retrying`, e);
      const delaySeconds = retryDelaySeconds(msg.attempts);
      // The task's lease waits for the retry rather than taking the message for lost.
      await taskStub(env, taskId).requeue(stage, range, delaySeconds * 1000).catch(() => undefined);
      msg.retry({ delaySeconds });
    }
  }
}
