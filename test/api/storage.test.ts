// Signed download URLs (tamper, expiry, refresh) and retention expiry by the task's alarm.
import { SELF, env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { retryingBucket, signedUrl, verifySignedPath } from "../../src/storage/blob-store";
import { taskStub } from "../../src/tasks/stubs";
import { createKey, fetchWith, pdfFile, post, postWith, SAMPLE_PDF } from "../helpers/api";

let apiKey: string;
let done: any;
beforeAll(async () => {
  ({ apiKey } = await createKey("storage"));
  const { body } = await post("/v1/convert/sync", { api_key: apiKey, file: await pdfFile(SAMPLE_PDF) });
  if (body.code !== 0) throw new Error(body.message);
  done = body.data;
});

describe("signed download URLs", () => {
  it("refuses a tampered signature, key or expiry with 403 in the envelope", async () => {
    const url = new URL(done.download_url);
    const variants = [
      url.toString().replace(/sig=([0-9a-f])/, (_, c) => `sig=${c === "0" ? "1" : "0"}`),
      url.toString().replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`),
      url.toString().replace(".docx", ".zip"),
      url.toString().replace(/&sig=.*/, ""),
    ];
    for (const v of variants) {
      const res = await SELF.fetch(v);
      expect(res.status, v).toBe(403);
      const body = (await res.json()) as { code: number };
      expect(body.code).toBe(ERRORS.DOWNLOAD_LINK_INVALID.code);
    }
  });

  it("expires after expires_in seconds, and async_check hands out a new URL", async () => {
    const later = new Date(Date.now() + (done.expires_in + 5) * 1000);
    const expired = await fetchWith({ now: () => later }, done.download_url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    const fresh = await postWith({ now: () => later }, "/v1/convert/async_check", { api_key: apiKey, task_id: done.task_id });
    expect(fresh.body.data.download_url).not.toBe(done.download_url);
    const ok = await fetchWith({ now: () => later }, fresh.body.data.download_url);
    expect(ok.status).toBe(200);
  });

  it("verifies in constant time against the exact key and expiry", async () => {
    const url = await signedUrl("https://x", "secret", "tasks/a/files/b c.docx", 60, 1000);
    const u = new URL(url);
    const path = u.pathname.slice("/v1/files/".length);
    expect(await verifySignedPath("secret", path, u.searchParams.get("expires")!, u.searchParams.get("sig")!, 1000)).toEqual({ ok: true, key: "tasks/a/files/b c.docx" });
    expect(await verifySignedPath("other", path, u.searchParams.get("expires")!, u.searchParams.get("sig")!, 1000)).toEqual({ ok: false, reason: "bad-signature" });
    expect(await verifySignedPath("secret", path, u.searchParams.get("expires")!, u.searchParams.get("sig")!, 1061)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("retention", () => {
  it("deletes a task's files when its alarm fires and answers 410 afterwards", async () => {
    const task = taskStub(env as any, done.task_id);
    expect((await env.BLOBS.list({ prefix: `tasks/${done.task_id}/` })).objects.length).toBeGreaterThan(0);
    expect(await runDurableObjectAlarm(task as any)).toBe(true);
    expect((await env.BLOBS.list({ prefix: `tasks/${done.task_id}/` })).objects).toHaveLength(0);
    const { res, body } = await post("/v1/convert/async_check", { api_key: apiKey, task_id: done.task_id });
    expect(res.status).toBe(410);
    expect(body.code).toBe(ERRORS.RESULT_EXPIRED.code);
    const file = await SELF.fetch(done.download_url);
    expect(file.status).toBe(410);
  });
});

describe("R2 calls that fail in passing", () => {
  it("are tried again, a few times, but not with a spent stream", async () => {
    let calls = 0;
    const flaky = { put: async (key: string) => (++calls < 3 ? Promise.reject(new Error("put: Unspecified error (0)")) : { key }) } as unknown as R2Bucket;
    expect(await retryingBucket(flaky).put("k", "v")).toEqual({ key: "k" });
    expect(calls).toBe(3);
    calls = 0;
    const broken = { put: async () => Promise.reject(new Error(`down ${++calls}`)) } as unknown as R2Bucket;
    await expect(retryingBucket(broken).put("k", "v")).rejects.toThrow("down 4");
    calls = 0;
    await expect(retryingBucket(broken).put("k", new ReadableStream())).rejects.toThrow("down 1");
    // The real bucket through the wrapper.
    const real = retryingBucket(env.BLOBS);
    await real.put("test/retrying", "x");
    expect(await (await real.get("test/retrying"))!.text()).toBe("x");
  });
});
