// /v1/convert/* end to end: real PDFs to real .docx/.pptx, signed downloads, the
// PARSING -> QUEUING -> CONVERTING -> SUCCESS path through the queue, failures and timeout.
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { ERRORS } from "../../src/api/errors";
import { fixtureFile } from "../helpers/corpus";
import { createKey, pdfFile, pollUntil, post, postWith, usageOf, SAMPLE_PDF } from "../helpers/api";

let apiKey: string;
let pdf: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("convert"));
  pdf = await pdfFile(SAMPLE_PDF);
});

const ISO_NO_ZONE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

async function download(url: string): Promise<Record<string, Uint8Array>> {
  const res = await SELF.fetch(url);
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe("POST /v1/convert/sync", () => {
  it("converts to Word (flow by default) with a working signed download", async () => {
    const { res, body } = await post("/v1/convert/sync", { api_key: apiKey, file: pdf });
    expect(res.status).toBe(200);
    expect(body.code, body.message).toBe(0);
    const d = body.data;
    expect(d).toMatchObject({ status: "SUCCESS", target_type: "word", layout_mode: "flow", file_name: "article-and-variable.pdf", result_file_name: "article-and-variable.docx", error_code: null, error_message: null });
    expect(d.page_num).toBeGreaterThan(0);
    for (const k of ["created_at", "started_at", "finished_at"]) expect(d[k]).toMatch(ISO_NO_ZONE);
    expect(d.expires_in).toBeGreaterThan(0);
    const files = await download(d.download_url);
    expect(files["word/document.xml"]).toBeDefined();
  });

  it("converts to PowerPoint with layout by default, one slide per page", async () => {
    const { body } = await post("/v1/convert/sync", { api_key: apiKey, file: pdf, target_type: "ppt" });
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({ status: "SUCCESS", target_type: "ppt", layout_mode: "layout", result_file_name: "article-and-variable.pptx" });
    const files = await download(body.data.download_url);
    const slides = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides).toHaveLength(body.data.page_num);
  });

  it("treats an empty layout_mode as not given", async () => {
    const { body } = await post("/v1/convert/sync", { api_key: apiKey, file: pdf, target_type: "word", layout_mode: "" });
    expect(body.data.layout_mode).toBe("flow");
  });

  it("fails a damaged PDF with FAILED, error_code and HTTP 200, charging nothing", async () => {
    const before = await usageOf(apiKey);
    const broken = new File([new TextEncoder().encode("%PDF-1.4\n% nothing else")], "broken.pdf");
    const { res, body } = await post("/v1/convert/sync", { api_key: apiKey, file: broken });
    expect(res.status).toBe(200);
    expect(body.code).toBe(ERRORS.CORRUPT_FILE.code);
    expect(body.data).toMatchObject({ status: "FAILED", error_code: ERRORS.CORRUPT_FILE.code, result_file_name: null });
    expect(body.data.error_message).toEqual(expect.any(String));
    expect(body.data).not.toHaveProperty("download_url");
    expect(await usageOf(apiKey)).toEqual(before);
  });

  it("fails a password-protected PDF with the password code", async () => {
    const locked = new File([await fixtureFile("password-secret.pdf")], "locked.pdf");
    const { res, body } = await post("/v1/convert/async", { api_key: apiKey, file: locked });
    expect(res.status).toBe(200);
    const check = await post("/v1/convert/async_check", { api_key: apiKey, task_id: body.data.task_id });
    expect(check.body.data).toMatchObject({ status: "FAILED", error_code: ERRORS.PASSWORD_PROTECTED.code });
    expect(check.body.data.error_message).toMatch(/password/);
  });

  it("answers with code 50002 and the task record when its wait runs out", async () => {
    const instant = () => Promise.resolve();
    const { res, body } = await postWith({ sleep: instant }, "/v1/convert/sync", { api_key: apiKey, file: pdf });
    expect(body.code).toBe(ERRORS.SYNC_TIMEOUT.code);
    expect(res.status).toBe(202);
    expect(body.data.task_id).toEqual(expect.any(String));
    expect(["PARSING", "QUEUING", "CONVERTING", "SUCCESS"]).toContain(body.data.status);
    // the work went on: the task can be polled to its end
    const done = await pollUntil(async () => (await post("/v1/convert/async_check", { api_key: apiKey, task_id: body.data.task_id })).body, (b) => b.data.status === "SUCCESS");
    expect(done.data.download_url).toEqual(expect.any(String));
  });
});

describe("POST /v1/convert/async + async_check", () => {
  it("passes PARSING -> QUEUING -> CONVERTING -> SUCCESS", async () => {
    const { apiKey: key } = await createKey("async convert");
    const submit = await post("/v1/convert/async", { api_key: key, file: pdf, target_type: "word", layout_mode: "layout" });
    expect(submit.body.code, submit.body.message).toBe(0);
    expect(submit.body.data.status).toBe("PARSING");
    expect(submit.body.data).not.toHaveProperty("download_url");
    const taskId = submit.body.data.task_id;
    const seen = new Set<string>();
    const done = await pollUntil(
      async () => {
        const b = (await post("/v1/convert/async_check", { api_key: key, task_id: taskId })).body;
        seen.add(b.data.status);
        return b;
      },
      (b) => b.data.status === "SUCCESS" || b.data.status === "FAILED",
    );
    expect(done.data.status).toBe("SUCCESS");
    expect(done.data.layout_mode).toBe("layout");
    for (const s of seen) expect(["PARSING", "QUEUING", "CONVERTING", "SUCCESS"]).toContain(s);
    const files = await download(done.data.download_url);
    expect(files["word/document.xml"]).toBeDefined();
    // the parse stage really ran before the convert stage: its document is in R2
    expect(await env.BLOBS.head(`tasks/${taskId}/document.json`)).not.toBeNull();
  });
});
