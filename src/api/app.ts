// The Hono app: clock and config per request, the routes, and the one error handler that
// turns every failure (ours or the client's) into the JSON envelope.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { readConfig } from "../config";
import type { AppEnv } from "./context";
import { failure, ok } from "./envelope";
import { ApiError, ERRORS } from "./errors";
import { adminRoutes } from "./routes/admin";
import { convertRoutes } from "./routes/convert";
import { dashboardRoutes } from "./routes/dashboard";
import { playgroundRoutes } from "./routes/playground";
import { download } from "./routes/files";
import { legacyPaths } from "./routes/legacy";
import { parseCheck, parseRoutes, parseAsync, parseSync } from "./routes/parse";
import { referenceRoutes } from "./routes/reference";
import { usage } from "./routes/usage";
import { SERVICE_VERSION } from "./openapi/document";
import { FILES_ROUTE } from "../storage/blob-store";

export interface AppOptions {
  /** The clock; tests inject one to move time (legacy sunset, link expiry). */
  now?: () => Date;
  /** The wait behind /convert/sync's timeout. */
  sleep?: (ms: number) => Promise<void>;
}

/** Every POST endpoint, so a wrong method can be told apart from an unknown path. */
const POST_ENDPOINTS = [
  "/v1/parse/sync", "/v1/parse/async", "/v1/parse/async_check",
  "/v1/convert/sync", "/v1/convert/async", "/v1/convert/async_check",
  "/v1/usage", "/v1/extract/acc_sync", "/v1/extract/async", "/v1/extract/async_check",
];

export function createApp(options: AppOptions = {}) {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Not strict: "/v1/usage/" is "/v1/usage", as clients often add the slash.
  const app = new Hono<AppEnv>({ strict: false });

  app.use(async function setup(c, next) {
    c.set("now", now);
    c.set("sleep", sleep);
    c.set("config", readConfig(c.env));
    await next();
  });
  // Browsers may call the API directly (keys travel in the form, never in cookies).
  app.use("/v1/*", cors({ origin: "*", allowMethods: ["POST", "GET", "HEAD", "OPTIONS"], exposeHeaders: ["Deprecation", "Sunset", "Link"], maxAge: 86400 }));
  app.use(legacyPaths());

  app.get("/", (c) => ok(c, { service: "docparse", api: "/v1", version: SERVICE_VERSION, dashboard: "/dashboard", docs: "/docs", openapi: "/openapi.json" }));
  app.route("/", referenceRoutes);
  app.route("/v1/parse", parseRoutes);
  app.route("/v1/convert", convertRoutes);
  app.post("/v1/usage", usage);
  app.post("/v1/extract/acc_sync", parseSync);
  app.post("/v1/extract/async", parseAsync);
  app.post("/v1/extract/async_check", parseCheck);
  app.on(["GET", "HEAD"], `${FILES_ROUTE}*`, download);
  app.route("/dashboard", dashboardRoutes);
  app.route("/playground", playgroundRoutes);
  app.route("/admin", adminRoutes);

  app.notFound((c) => {
    const path = c.req.path.replace(/\/+$/, "");
    if (POST_ENDPOINTS.includes(path)) {
      return failure(ERRORS.METHOD_NOT_ALLOWED.code, `${c.req.method} is not allowed on ${path}: send a POST with multipart/form-data.`, 405, null, { Allow: "POST" });
    }
    return failure(ERRORS.ROUTE_NOT_FOUND.code, `No such endpoint: ${c.req.method} ${c.req.path}. The API lives under /v1 (see /docs).`, 404);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return failure(err.code, err.message, err.status, err.data, err.headers);
    if (err instanceof HTTPException && err.status < 500) {
      const kind = err.status === 413 ? "PAYLOAD_TOO_LARGE" : "INVALID_PARAMETER";
      return failure(ERRORS[kind].code, err.message || "The request could not be read.", ERRORS[kind].status);
    }
    console.error(`unhandled error on ${c.req.method} ${c.req.path}`, err);
    return failure(ERRORS.INTERNAL_ERROR.code, "Internal error: the request was not completed and no page was charged. Try again.", 500);
  });

  return app;
}


