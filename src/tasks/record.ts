// The task record kept by a task's Durable Object, its state machines, and the two wire
// shapes built from it (parse: lowercase statuses; convert: uppercase statuses).
import type { ElementFormats, FeatureConfig, OutputFormat } from "../core/options";

export type TaskKind = "parse" | "convert";

/** Internal states. Parse uses queuing/processing/success/failed; conversion adds its stages. */
export type TaskStatus = "queuing" | "processing" | "parsing" | "parsed" | "converting" | "success" | "failed";

/** `pages` reads one part of a long document, `finish` joins the parts (see tasks/run.ts). */
export type Stage = "parse" | "convert" | "pages" | "finish";

/** A piece of work the task waits for (a stage, or one part of a long document): leases.ts has the rules. */
export interface Lease {
  stage: Stage;
  /** `pages` only: the part's pages, [first, end) (an array, as RPC passes tuples). */
  range?: number[];
  state: "queued" | "running";
  /** Epoch ms after which the work is taken for lost. */
  expiresAt: number;
  /** Runs of this work that died (their running lease expired). */
  restarts: number;
  /** Queued leases that expired and had their message sent again. */
  resends: number;
}

export type Leases = Record<string, Lease>;

export interface ParseTaskOptions {
  outputFormats: OutputFormat[];
  elementFormats: ElementFormats;
  features: FeatureConfig;
  /** Origin of the request that submitted the task: img_url links are signed at parse time, maybe in the queue consumer, which has no request. */
  imageUrlOrigin?: string;
}

export interface ConvertTaskOptions {
  targetType: "word" | "ppt";
  layoutMode: "flow" | "layout";
}

export interface TaskError {
  code: number;
  message: string;
}

export interface TaskResultPointers {
  /** R2 key of result.json (parse) */
  resultKey?: string;
  /** R2 key and file name of a file handed out by signed URL (zip or converted file) */
  fileKey?: string;
  fileName?: string;
}

export interface TaskRecord {
  taskId: string;
  recordId: number;
  kind: TaskKind;
  /** SHA-256 of the API key that created the task: the only key that may read it. */
  owner: string;
  fileName: string;
  fileType: string;
  pageNum: number;
  status: TaskStatus;
  parseOptions?: ParseTaskOptions;
  convertOptions?: ConvertTaskOptions;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: TaskError | null;
  result: TaskResultPointers;
  /** Set when the retention period passed and the results were deleted. */
  expired: boolean;
  /** A long document read in parts, each in its own queue message: the starts of the parts done (see partRanges). */
  parts?: PartsPlan;
  /** What the task's Durable Object watches over (never shown to clients). Epoch ms. */
  lifecycle?: TaskLifecycle;
}

export interface TaskLifecycle {
  /** The work the task waits for, each with its lease (src/tasks/leases.ts). */
  leases: Leases;
  /** Set until the submission is accepted (pages reserved, input stored). */
  acceptBy?: number;
  /** An ended task's results are deleted then. */
  retainUntil?: number;
  /** The last backstop: a task still running then is failed. */
  abandonAt: number;
}

/**
 * How a long document is read in parts: the first part of `first` pages (`size` when
 * absent), read by the parse stage, which tells a scan from a text layer; then parts of
 * `size` pages up to `total`.
 */
export interface PartsPlan {
  size: number;
  total: number;
  first?: number;
  done: number[];
}

/** The page ranges [start, end) of a plan's parts, in order. */
export function partRanges(plan: Pick<PartsPlan, "size" | "total" | "first">): [number, number][] {
  const first = Math.min(plan.first ?? plan.size, plan.total);
  const ranges: [number, number][] = [[0, first]];
  for (let start = first; start < plan.total; start += plan.size) ranges.push([start, Math.min(start + plan.size, plan.total)]);
  return ranges;
}

/** Pages read so far of a task read in parts. */
export function pagesDone(parts: PartsPlan): number {
  return partRanges(parts).reduce((n, [start, end]) => n + (parts.done.includes(start) ? end - start : 0), 0);
}

export const isTerminal = (s: TaskStatus) => s === "success" || s === "failed";

/**
 * Which status a stage may start from, and the status it runs in. A stage may also restart
 * from its own running status: a redelivered message after a crash runs it again.
 */
export const STAGE_RULES: Record<TaskKind, Partial<Record<Stage, { from: TaskStatus[]; running: TaskStatus }>>> = {
  parse: {
    parse: { from: ["queuing", "processing"], running: "processing" },
    pages: { from: ["processing"], running: "processing" },
    finish: { from: ["processing"], running: "processing" },
  },
  convert: {
    parse: { from: ["parsing"], running: "parsing" },
    convert: { from: ["parsed", "converting"], running: "converting" },
  },
};

/** ISO 8601 without zone designator, in UTC (the spec's `created_at` form). */
export const isoNoZone = (d: Date) => d.toISOString().slice(0, 19);

/** The convert status as the wire shows it. */
export function convertWireStatus(s: TaskStatus): "PARSING" | "QUEUING" | "CONVERTING" | "SUCCESS" | "FAILED" {
  switch (s) {
    case "parsing":
    case "queuing":
    case "processing":
      return "PARSING";
    case "parsed":
      return "QUEUING";
    case "converting":
      return "CONVERTING";
    case "success":
      return "SUCCESS";
    case "failed":
      return "FAILED";
  }
}

/** The parse status as the wire shows it. */
export function parseWireStatus(s: TaskStatus): "queuing" | "processing" | "success" | "failed" {
  if (s === "queuing") return "queuing";
  if (s === "success" || s === "failed") return s;
  return "processing";
}
