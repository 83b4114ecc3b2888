// Quota arithmetic (pure) and the account Durable Object under concurrent requests.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { charge, emptyQuota, release, reserve, usage } from "../../src/accounts/quota";
import { accountStub } from "../../src/tasks/stubs";
import { admin, createKey, pdfFile, post, usageOf, SAMPLE_PDF } from "../helpers/api";
import { ERRORS } from "../../src/api/errors";

const limits = { perDay: 10, perMonth: 25 };
const at = (iso: string) => new Date(iso);

describe("quota arithmetic", () => {
  it("takes free pages first, then the plan that expires soonest", () => {
    const s = emptyQuota();
    s.plans.push({ id: "late", pages: 100, used: 0, createdAt: "", expiresAt: "2027-06-01T00:00:00Z" });
    s.plans.push({ id: "soon", pages: 5, used: 0, createdAt: "", expiresAt: "2027-01-01T00:00:00Z" });
    const now = at("2026-11-22T10:00:00Z");
    expect(reserve(s, "t1", 18, limits, now)).toEqual({ ok: true });
    expect(s.reservations.t1).toMatchObject({ free: 10, paid: [{ planId: "soon", pages: 5 }, { planId: "late", pages: 3 }] });
    expect(usage(s, limits, now)).toEqual({ remaining_paid_pages: 97, remaining_free_pages_today: 0, remaining_free_pages_this_month: 15 });
  });

  it("refuses what is not there and changes nothing", () => {
    const s = emptyQuota();
    const now = at("2026-11-22T10:00:00Z");
    expect(reserve(s, "t1", 11, limits, now)).toEqual({ ok: false, available: 10 });
    expect(usage(s, limits, now).remaining_free_pages_today).toBe(10);
  });

  it("releases to where the pages came from, charges once", () => {
    const s = emptyQuota();
    s.plans.push({ id: "p", pages: 5, used: 0, createdAt: "", expiresAt: "2027-01-01T00:00:00Z" });
    const now = at("2026-11-22T10:00:00Z");
    reserve(s, "a", 12, limits, now);
    expect(release(s, "a", now)).toBe(12);
    expect(release(s, "a", now)).toBe(0);
    expect(usage(s, limits, now)).toEqual({ remaining_paid_pages: 5, remaining_free_pages_today: 10, remaining_free_pages_this_month: 25 });
    reserve(s, "b", 4, limits, now);
    expect(charge(s, "b")).toBe(4);
    expect(charge(s, "b")).toBe(0);
    expect(usage(s, limits, now).remaining_free_pages_today).toBe(6);
  });

  it("starts a new day and month, and the monthly cap bounds the daily one", () => {
    const s = emptyQuota();
    reserve(s, "d1", 10, limits, at("2026-11-20T10:00:00Z"));
    reserve(s, "d2", 10, limits, at("2026-11-21T10:00:00Z"));
    expect(usage(s, limits, at("2026-11-22T10:00:00Z"))).toMatchObject({ remaining_free_pages_today: 5, remaining_free_pages_this_month: 5 });
    expect(usage(s, limits, at("2026-12-01T00:00:00Z"))).toMatchObject({ remaining_free_pages_today: 10, remaining_free_pages_this_month: 25 });
    // a release after the day ended does not refill the new day
    reserve(s, "late", 3, limits, at("2026-12-01T23:59:00Z"));
    release(s, "late", at("2026-12-02T00:01:00Z"));
    expect(usage(s, limits, at("2026-12-02T00:02:00Z"))).toMatchObject({ remaining_free_pages_today: 10, remaining_free_pages_this_month: 25 });
  });

  it("ignores expired plans", () => {
    const s = emptyQuota();
    s.plans.push({ id: "old", pages: 50, used: 0, createdAt: "", expiresAt: "2026-01-01T00:00:00Z" });
    expect(usage(s, limits, at("2026-11-22T00:00:00Z")).remaining_paid_pages).toBe(0);
  });
});

describe("account Durable Object", () => {
  it("never overdraws under concurrent reservations", async () => {
    const { keyId } = await createKey("concurrency");
    const account = accountStub(env as any, keyId);
    const now = new Date().toISOString();
    const daily = Number(env.FREE_PAGES_PER_DAY);
    const perTask = 7;
    const attempts = Math.ceil(daily / perTask) + 10;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => account.reserveTask({ taskId: `t${i}`, kind: "parse", fileName: "x.pdf", pages: perTask, createdAt: now, status: "queuing" }, now)),
    );
    const granted = results.filter((r) => r.ok).length;
    expect(granted).toBe(Math.floor(daily / perTask));
    const u = await account.usage(now);
    expect(u.remaining_free_pages_today).toBe(daily - granted * perTask);
    const ids = results.flatMap((r) => (r.ok ? [r.recordId] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("accepts exactly what fits when requests race for the last pages", async () => {
    const { apiKey, keyId } = await createKey("race");
    const file = await pdfFile("pdf/loose-leading.pdf");
    const pages = (await post("/v1/parse/sync", { api_key: apiKey, file, output_formats: "json" })).body.data.metadata.page_num as number;
    const account = accountStub(env as any, keyId);
    const now = new Date().toISOString();
    const left = (await usageOf(apiKey)).remaining_free_pages_today;
    const keep = 2 * pages + 1; // room for two tasks, not three
    await account.reserveTask({ taskId: "filler", kind: "parse", fileName: "f.pdf", pages: left - keep, createdAt: now, status: "queuing" }, now);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post("/v1/parse/async", { api_key: apiKey, file })));
    const accepted = answers.filter((a) => a.body.code === 0).length;
    const refused = answers.filter((a) => a.body.code === ERRORS.QUOTA_EXCEEDED.code).length;
    expect([accepted, refused]).toEqual([2, 4]);
    expect((await usageOf(apiKey)).remaining_free_pages_today).toBeGreaterThanOrEqual(0);
  });

  it("reports paid plans through /v1/usage and refuses a task larger than the quota", async () => {
    const { apiKey, keyId } = await createKey("plans");
    const before = await usageOf(apiKey);
    expect(before.remaining_paid_pages).toBe(0);
    expect(before.dashboard_url).toMatch(/\/dashboard$/);
    const plan = await admin("POST", `/keys/${keyId}/plans`, { pages: 40, days: 30 });
    expect(plan.code, plan.message).toBe(0);
    expect((await usageOf(apiKey)).remaining_paid_pages).toBe(40);
    // use the whole quota up, then a one-page PDF is refused with the quota code
    const account = accountStub(env as any, keyId);
    const now = new Date().toISOString();
    const all = before.remaining_free_pages_today + 40;
    expect((await account.reserveTask({ taskId: "big", kind: "parse", fileName: "big.pdf", pages: all, createdAt: now, status: "queuing" }, now)).ok).toBe(true);
    const { res, body } = await post("/v1/parse/async", { api_key: apiKey, file: await pdfFile(SAMPLE_PDF) });
    expect(res.status).toBe(402);
    expect(body.code).toBe(ERRORS.QUOTA_EXCEEDED.code);
    expect(body.message).toMatch(/only 0 remain/);
  });
});
