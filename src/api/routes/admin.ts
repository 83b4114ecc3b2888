// /admin: create and revoke keys, add paid plans. Guarded by the ADMIN_TOKEN secret
// (`Authorization: Bearer <token>`); while the secret is unset the routes do not exist.
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { timingSafeEqualStrings } from "../../storage/blob-store";
import { accountStub, sha256Hex } from "../../tasks/stubs";
import type { AppContext, AppEnv } from "../context";
import { generateApiKey, KEY_SHAPE } from "../auth";
import { ok } from "../envelope";
import { ApiError } from "../errors";
import { describeIssues } from "../form";

function adminOnly(): MiddlewareHandler<AppEnv> {
  return async function adminOnlyHandler(c, next) {
    const token = c.env.ADMIN_TOKEN;
    if (!token) throw new ApiError("ROUTE_NOT_FOUND", `No such endpoint: ${c.req.method} ${c.req.path}.`);
    const given = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
    if (!given || !timingSafeEqualStrings(given, token)) throw new ApiError("ADMIN_FORBIDDEN", "Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`.");
    await next();
  };
}

async function jsonBody<T>(c: AppContext, schema: z.ZodType<T>): Promise<T> {
  let body: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError("INVALID_PARAMETER", "The admin API takes a JSON body.");
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError("INVALID_PARAMETER", describeIssues(parsed.error));
  return parsed.data;
}

export const CreateKey = z.object({
  label: z.string().max(200).default(""),
  /** Set a given key (the development key of `npm start`) instead of a random one. */
  api_key: z.string().regex(KEY_SHAPE, "must start with sk- and hold 8-200 letters, digits, - or _").optional(),
});

const KEY_ID = /^[0-9a-f]{64}$/;

function keyId(c: AppContext): string {
  const id = c.req.param("keyId") ?? "";
  if (!KEY_ID.test(id)) throw new ApiError("INVALID_PARAMETER", "key_id is the 64-hex-digit id returned when the key was created.");
  return id;
}

export const AddPlan = z.object({
  pages: z.number().int().positive().max(100_000_000),
  /** Either an absolute expiry or a length in days from now. */
  expires_at: z.string().datetime({ offset: true }).optional(),
  days: z.number().int().positive().max(3660).optional(),
});

export const adminRoutes = new Hono<AppEnv>()
  .use(adminOnly())
  .post("/keys", async (c) => {
    const body = await jsonBody(c, CreateKey);
    const apiKey = body.api_key ?? generateApiKey();
    const keyHash = await sha256Hex(apiKey);
    const { created, key } = await accountStub(c.env, keyHash).createKey(keyHash, body.label, c.var.now().toISOString());
    return ok(c, { key_id: keyHash, api_key: apiKey, created, label: key.label, created_at: key.createdAt, revoked_at: key.revokedAt ?? null });
  })
  .get("/keys/:keyId", async (c) => {
    const described = await accountStub(c.env, keyId(c)).describe(c.var.now().toISOString());
    if (!described.key) throw new ApiError("INVALID_PARAMETER", "No key with this key_id.");
    return ok(c, described);
  })
  .post("/keys/:keyId/revoke", async (c) => {
    const key = await accountStub(c.env, keyId(c)).revokeKey(c.var.now().toISOString());
    if (!key) throw new ApiError("INVALID_PARAMETER", "No key with this key_id.");
    return ok(c, { key_id: key.keyHash, revoked_at: key.revokedAt });
  })
  .post("/keys/:keyId/plans", async (c) => {
    const body = await jsonBody(c, AddPlan);
    const now = c.var.now();
    const expiresAt = body.expires_at ? new Date(body.expires_at) : new Date(now.getTime() + (body.days ?? 365) * 86_400_000);
    if (expiresAt.getTime() <= now.getTime()) throw new ApiError("INVALID_PARAMETER", "expires_at must be in the future.");
    const plan = await accountStub(c.env, keyId(c)).addPlan(body.pages, expiresAt.toISOString(), now.toISOString());
    if (!plan) throw new ApiError("INVALID_PARAMETER", "No key with this key_id.");
    return ok(c, { plan_id: plan.planId, pages: body.pages, expires_at: expiresAt.toISOString() });
  });
