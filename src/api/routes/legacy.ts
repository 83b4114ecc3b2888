// /v1/extract/*: the former paths, answering like their successors until the sunset
// (LEGACY_SUNSET), with Deprecation, Sunset and Link headers; after it, 410 and a code
// that names the successor.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";

export const LEGACY_SUCCESSORS: Record<string, string> = {
  "/v1/extract/acc_sync": "/v1/parse/sync",
  "/v1/extract/async": "/v1/parse/async",
  "/v1/extract/async_check": "/v1/parse/async_check",
};

/** When the /v1/extract/* paths were deprecated (RFC 9745 `Deprecation` wants a date). */
export const LEGACY_DEPRECATED_SINCE = "2026-01-01T00:00:00Z";

export function legacyPaths(): MiddlewareHandler<AppEnv> {
  return async function legacyPathsHandler(c, next) {
    const successor = LEGACY_SUCCESSORS[c.req.path.replace(/\/+$/, "")];
    if (!successor) return next();
    const sunset = new Date(c.var.config.LEGACY_SUNSET);
    if (c.var.now().getTime() > sunset.getTime()) {
      throw new ApiError("ENDPOINT_RETIRED", `${c.req.path} was retired on ${c.var.config.LEGACY_SUNSET}: use ${successor} (and feature_config instead of extract_config).`, null, {
        Link: `<${successor}>; rel="successor-version"`,
      });
    }
    await next();
    c.header("Deprecation", `@${Math.floor(Date.parse(LEGACY_DEPRECATED_SINCE) / 1000)}`);
    c.header("Sunset", sunset.toUTCString());
    c.header("Link", `<${successor}>; rel="successor-version"`);
  };
}
