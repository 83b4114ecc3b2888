// The ONLY place the response envelope {code, message, data} is built.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, message, data };
}

export function ok<T>(c: Context, data: T, message = "ok") {
  return c.json(envelope(0, message, data), 200);
}

export function failure(code: number, message: string, status: ContentfulStatusCode, data: unknown = null, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(envelope(code, message, data)), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
