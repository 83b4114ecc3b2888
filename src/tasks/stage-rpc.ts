// A stage's call to the processor Worker (its PROCESSOR binding, JS RPC) and its answer:
// the interface the processor implements (src/processor/worker.ts) and the main Worker
// calls (tasks/run.ts), apart from both so the bindings' type (env.ts) needs neither.
import type { Config } from "../config";
import type { Stage, TaskError, TaskRecord, TaskResultPointers } from "./record";

/** What it needs of the task's moment and the main Worker's configuration, passed with each call so the two Workers never disagree. */
export interface ComputeSettings {
  now: string;
  config: Pick<Config, "PAGES_PER_PART" | "TEXT_PAGES_PER_PART" | "RESULT_TTL_SECONDS" | "PUBLIC_BASE_URL" | "VLM_TRANSCRIPTION">;
}

export type StageResult =
  /** The task's results are stored: it has succeeded. */
  | { kind: "published"; result: TaskResultPointers }
  /** Conversion: the parsed document is stored, the convert stage is next. */
  | { kind: "document-stored" }
  /** A long document: its first part (of `first` pages) is stored, the others are to be read in parts of `size` pages. */
  | { kind: "first-part-stored"; size: number; first: number }
  /** One part of a long document is stored. */
  | { kind: "part-stored" }
  /** The document cannot be processed (damaged, over a limit...): the task fails. */
  | { kind: "failed"; error: TaskError };

/** The processor Worker's RPC. */
export interface ProcessorRpc extends Rpc.WorkerEntrypointBranded {
  compute(record: TaskRecord, stage: Stage, range: number[] | undefined, settings: ComputeSettings): Promise<StageResult>;
}
