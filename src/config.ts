// The Worker's configuration vars, checked once with zod so every limit and TTL used
// elsewhere is a typed number with a documented default.
import { z } from "zod";
import { DEFAULT_DNS_RESOLVER_URL } from "./api/resolve-host";

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
  /** "on": pages OCR could not read or doubted are transcribed by a Workers AI vision model (needs the AI binding; each page sent costs inference). */
  VLM_TRANSCRIPTION: z.enum(["on", "off"]).catch("off"),
});

export type Config = z.infer<typeof ConfigSchema>;
/** The configuration from the Worker's vars (its Env, or any object holding them as strings). */
export function readConfig(vars: object): Config {
  const raw = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((k) => [k, nonEmpty((vars as Record<string, string | undefined>)[k])]),
  );
  return ConfigSchema.parse(raw);
}

const nonEmpty = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
