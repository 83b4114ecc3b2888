// The client's request and answer types, all taken from the service's own zod schemas
// (src/api/openapi/schemas.ts and src/api/form.ts) by type-only imports: nothing of the
// server reaches a bundle, and a change to a schema changes these types with it.
import type { z } from "zod";
import type { ElementFormatsSchema, FeatureConfigSchema, LAYOUT_MODES, OUTPUT_FORMATS, TARGET_TYPES } from "../src/api/form";
import type { ConvertTaskData, ParseCheckData } from "../src/api/openapi/schemas";

export type { Block, CatalogEntry, ConvertTaskData, Page, ParseCheckData, ParseResult, ParseSubmitData, ParseSyncData, UsageData } from "../src/api/openapi/schemas";

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
/** element_formats: keys left out take the service's defaults. */
export type ElementFormats = z.input<typeof ElementFormatsSchema>;
/** feature_config: keys left out take the service's defaults. */
export type FeatureConfig = z.input<typeof FeatureConfigSchema>;
export type TargetType = (typeof TARGET_TYPES)[number];
export type LayoutMode = (typeof LAYOUT_MODES)[number];

/**
 * The document to send: a Blob or File (a File's name is sent; a bare Blob goes as
 * "document", the service tells the kind by its content), bytes with a name, or a link the
 * service downloads itself (sent as `file_url`).
 */
export type DocumentInput = Blob | { name: string; data: Uint8Array | ArrayBuffer | Blob; type?: string } | { url: string | URL };

export interface ParseOptions {
  /** Default: markdown and json. `zip` needs `elementFormats.image = "file"`. */
  outputFormats?: OutputFormat[];
  elementFormats?: ElementFormats;
  featureConfig?: FeatureConfig;
}

export interface ConvertOptions {
  /** Default word. */
  targetType?: TargetType;
  /** Default flow for word, layout for ppt (the only mode ppt takes). */
  layoutMode?: LayoutMode;
}

/** How `waitFor` / `waitForConversion` poll; `Task` is the record polled. */
export interface WaitOptions<Task = ParseCheckData | ConvertTaskData> {
  /** Give up (WaitTimeoutError) after this long; the task goes on. Default 10 minutes. */
  timeoutMs?: number;
  /** Stops the wait, rejecting with the signal's reason; the task goes on. */
  signal?: AbortSignal;
  /** Hears every record polled, the last one included. */
  onProgress?: (record: Task) => void;
  /** First pause between polls (default 500); each pause doubles up to `maxDelayMs` (default 5000), each shifted by up to ±20 % so clients started together spread out. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/** Options of the sync calls. */
export interface SyncOptions<Task> {
  /**
   * When the service stops waiting for the task (50002, its sync time limit) the call throws
   * StillRunningError; with this set it polls the task instead (with these wait options when
   * an object) and resolves as the sync call would have.
   */
  waitIfStillRunning?: boolean | WaitOptions<Task>;
  /** Aborts the request (and any wait); the service cancels a sync task whose caller hangs up. */
  signal?: AbortSignal;
}
