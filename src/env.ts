// The Worker's bindings. Its configuration vars are read by config.ts.
import type { JobMessage } from "../queues/messages";
import type { Renderer } from "./renderer/worker";
import type { ProcessorRpc } from "./tasks/stage-rpc";
import type { Ocr } from "./ocr/worker";

/**
 * The Worker's bindings. Those wrangler.toml declares are generated from it by `wrangler types`
 * into worker-configuration.d.ts (`WranglerEnv`; `npm run types` after editing wrangler.toml,
 * `npm test` fails while the file is out of date): BLOBS, TASKS, ACCOUNTS and the [vars],
 * which wrangler always binds with their values there, hence required (readConfig still falls
 * back on its default for an empty or malformed one). Declared here is what the generated
 * type cannot say or makes required where absence means something.
 */
export interface Env extends Omit<WranglerEnv, "JOBS" | "RENDERER" | "PROCESSOR"> {
  /** The generated binding does not know its messages. */
  JOBS: Queue<JobMessage>;
  /** Secret for signing download URLs. Required; `npm start` generates one in .dev.vars. */
  SIGNING_SECRET?: string;
  /** Secret guarding /admin; the admin routes are off while it is unset. */
  ADMIN_TOKEN?: string;
  // Vars not in wrangler.toml, read with their defaults by readConfig.
  PARSE_SYNC_TIMEOUT_SECONDS?: string;
  PAGES_PER_PART?: string;
  TEXT_PAGES_PER_PART?: string;
  /** DNS over HTTPS endpoint (JSON form) that file_url host names are resolved with before they are fetched. */
  DNS_RESOLVER_URL?: string;
  /** The renderer Worker (src/renderer/worker.ts): PDFium drawing vector figures and table images. */
  RENDERER?: Service<Renderer>;
  /** The OCR Worker (src/ocr/worker.ts): PP-OCR for pictures Tesseract doubts (Chinese, poor scans). Absent, Tesseract reads alone. */
  OCR?: Service<Ocr>;
  /** The processor Worker (src/processor/worker.ts): the work of task stages, off this Worker's CPU. Absent, stages run in process. */
  PROCESSOR?: Service<ProcessorRpc>;
  /** Workers AI, for enable_image_understanding; optional (see docs/options.md, enable_image_understanding). */
  AI?: WorkersAiRunner;
}

/** The one method of the Workers AI binding the Worker uses (src/tasks/image-understanding.ts). */
export interface WorkersAiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}
