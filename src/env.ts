// The Worker's bindings and its configuration vars, checked once with zod so every
// limit and TTL used elsewhere is a typed number with a documented default.
import { z } from "zod";
import { DEFAULT_DNS_RESOLVER_URL } from "./api/resolve-host";
import type { JobMessage } from "../queues/messages";
import type { Renderer } from "./renderer/worker";
import type { Processor } from "./processor/worker";
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
  PROCESSOR?: Service<Processor>;
  /** Workers AI, for enable_image_understanding; optional (see docs/options.md, enable_image_understanding). */
  AI?: WorkersAiRunner;
}

/** The one method of the Workers AI binding the Worker uses (src/tasks/image-understanding.ts). */
export interface WorkersAiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

const count = (fallback: number) => z.coerce.number().int().nonnegative().catch(fallback);

const ConfigSchema = z.object({
  FREE_PAGES_PER_DAY: count(200),
  FREE_PAGES_PER_MONTH: count(2000),
  RESULT_TTL_SECONDS: count(7 * 24 * 3600),
  DOWNLOAD_URL_TTL_SECONDS: count(900),
  CONVERT_SYNC_TIMEOUT_SECONDS: count(120),
  PARSE_SYNC_TIMEOUT_SECONDS: count(300),
  /** A document longer than this is read in parts, one queue message each: its first part of this many pages tells a scan (then parts of this many pages, OCR runs about a second a page) from a text layer. */
  PAGES_PER_PART: z.coerce.number().int().positive().catch(10),
  /** The parts of a long document with a text layer: this many pages each (tens of pages a second), read in parallel. */
  TEXT_PAGES_PER_PART: z.coerce.number().int().positive().catch(40),
  LEGACY_SUNSET: z.string().datetime({ offset: true }).catch("2026-12-31T23:59:59Z"),
  PUBLIC_BASE_URL: z.string().url().or(z.literal("")).catch(""),
  DNS_RESOLVER_URL: z.string().url().catch(DEFAULT_DNS_RESOLVER_URL),
});

export type Config = z.infer<typeof ConfigSchema>;
export function readConfig(env: Env): Config {
  const raw = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((k) => [k, nonEmpty(env[k as keyof Env] as string | undefined)]),
  );
  return ConfigSchema.parse(raw);
}

const nonEmpty = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
