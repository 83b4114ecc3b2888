// The checkout's folder and an environment in which wrangler and Miniflare reach for nothing
// on the network: the bottom of the scripts (dev-env.mjs and seed-models.mjs both use it).
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  // Local runs have no browser to open and no account to log in to.
  BROWSER: "none",
};
