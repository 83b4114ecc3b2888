// What every route handler gets besides the request: bindings, the clock (injectable, so
// tests can move time) and the checked configuration.
import type { Context } from "hono";
import type { Config } from "../config";
import type { Env } from "../env";
import { dohResolver } from "./resolve-host";

export interface AppVariables {
  now: () => Date;
  /** Waits `ms`; tests inject an instant one to reach the sync timeout deterministically. */
  sleep: (ms: number) => Promise<void>;
  config: Config;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppContext = Context<AppEnv>;

/** The origin used in signed URLs and dashboard_url. */
export function publicOrigin(c: AppContext): string {
  return c.var.config.PUBLIC_BASE_URL.replace(/\/+$/, "") || new URL(c.req.url).origin;
}

export const nowSeconds = (c: AppContext) => Math.floor(c.var.now().getTime() / 1000);

/** The resolver file_url host names are checked with (src/api/resolve-host.ts). */
export const hostResolver = (c: AppContext) => dohResolver(c.var.config.DNS_RESOLVER_URL);
