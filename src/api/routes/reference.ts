// GET /openapi.json and GET /docs: the API reference, as data and as a page.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { docsPage } from "../openapi/docs-page";
import { openApiDocument } from "../openapi/document";

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

let page: string | undefined;

export const referenceRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(), 200, { "access-control-allow-origin": "*" }))
  .get("/docs", () => new Response((page ??= docsPage(openApiDocument())), { headers: PAGE_HEADERS }));
