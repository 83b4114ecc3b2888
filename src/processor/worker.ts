// The processor Worker: the work of task stages (parsing, OCR, conversion), reached from
// the main Worker's queue consumer through its PROCESSOR service binding (JS RPC). A
// Worker of its own so that CPU-heavy work never runs in an isolate that answers HTTP:
// JavaScript runs one thing at a time per isolate, and an OCR page holds it for seconds.
// Its results go to R2; what it did comes back as a small StageResult.
/// <reference path="../core/ocr/modules.d.ts" />
import { WorkerEntrypoint } from "cloudflare:workers";
import { computeStage, type ComputeEnv } from "../tasks/compute";
import type { ComputeSettings, ProcessorRpc, StageResult } from "../tasks/stage-rpc";
import type { Stage, TaskRecord } from "../tasks/record";
import { retryingBucket } from "../storage/blob-store";
import "../native-zlib";

export class Processor extends WorkerEntrypoint<ComputeEnv> implements ProcessorRpc {
  async compute(record: TaskRecord, stage: Stage, range: number[] | undefined, settings: ComputeSettings): Promise<StageResult> {
    return computeStage({ ...this.env, BLOBS: retryingBucket(this.env.BLOBS) }, record, stage, range, settings);
  }
}

export default {
  fetch: () => new Response("docparse processor: reached through the main Worker's PROCESSOR binding", { status: 404 }),
} satisfies ExportedHandler<ComputeEnv>;
