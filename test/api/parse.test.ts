// /v1/parse/* end to end on PDFs made for the tests: sync, async through the real queue, outputs, zip,
// legacy paths, and the quota charged only for finished tasks.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { ERRORS } from "../../src/api/errors";
import { BASE, createKey, pdfFile, pollUntil, post, postWith, usageOf, SAMPLE_PDF, LONG_PDF } from "../helpers/api";

let apiKey: string;
let text: File;
let outline: File;
let structured: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("parse"));
  text = await pdfFile(SAMPLE_PDF);
  outline = await pdfFile("pdf/loose-leading.pdf");
  structured = await pdfFile(LONG_PDF);
});

function collectTitles(entries: any[], out: any[] = []): any[] {
  for (const e of entries) {
    out.push(e);
    collectTitles(e.children, out);
  }
  return out;
}

describe("POST /v1/parse/sync", () => {
  it("returns markdown and json by default, in the spec's shape", async () => {
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: outline });
    expect(res.status).toBe(200);
    expect(body.code, body.message).toBe(0);
    const data = body.data;
    expect(data.task_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.error).toBeNull();
    expect(data.metadata).toEqual({ page_num: expect.any(Number), file_type: ".pdf" });
    expect(data.metadata.page_num).toBeGreaterThan(1);
    expect(data.result.file_name).toBe("loose-leading.pdf");
    expect(Object.keys(data.result.outputs).sort()).toEqual(["json", "markdown"]);
    const pages = data.result.outputs.json.pages;
    expect(pages).toHaveLength(data.metadata.page_num);
    for (const [i, page] of pages.entries()) {
      expect(page.page_num).toBe(i);
      expect(page.page_size.w).toBeGreaterThan(0);
      expect(page.page_size.h).toBeGreaterThan(0);
      expect(typeof page.merge_content_from_pre_page).toBe("boolean");
      for (const [idx, block] of page.blocks.entries()) {
        expect(block.idx).toBe(idx);
        expect(block.bbox).toHaveLength(4);
        expect(block.bbox[0]).toBeLessThanOrEqual(block.bbox[2]);
        expect(block.bbox[1]).toBeLessThanOrEqual(block.bbox[3]);
        expect(block.bbox[3]).toBeLessThanOrEqual(page.page_size.h + 1);
        expect(typeof block.content).toBe("string");
        expect(block.captions).toEqual(expect.any(Array));
        expect(typeof block.img_url).toBe("string");
        if (block.type === "title") expect(block.title_level).toBeGreaterThanOrEqual(1);
        else expect(block).not.toHaveProperty("title_level");
      }
    }
    // every catalog entry points at a title block with the same text
    const titles = collectTitles(data.result.catalog);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) {
      const block = pages[t.page_num].blocks[t.block_idx];
      expect(block.type).toBe("title");
      expect(block.content).toBe(t.content);
      expect(block.title_level).toBe(t.title_level);
      expect(t.children).toEqual(expect.any(Array));
    }
    expect(data.result.outputs.markdown).toMatch(/^#+ /m);
  });

  it("takes output_formats as indexed fields", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: text, "output_formats[0]": "json" });
    expect(body.code, body.message).toBe(0);
    expect(Object.keys(body.data.result.outputs)).toEqual(["json"]);
  });

  it("nests the catalog with title level recognition on", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: structured, feature_config: JSON.stringify({ enable_title_level_recognition: true }), output_formats: "markdown" });
    expect(body.code, body.message).toBe(0);
    const levels = collectTitles(body.data.result.catalog).map((t) => t.title_level);
    expect(Math.max(...levels)).toBeGreaterThan(1);
    const nested = body.data.result.catalog.some((e: any) => e.children.length > 0);
    expect(nested).toBe(true);
  });

  it("fetches a document from file_url", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file_url: "http://fixtures.test/pdf/article-and-variable.pdf", output_formats: "markdown" });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.file_name).toBe("article-and-variable.pdf");
    expect(body.data.result.outputs.markdown.length).toBeGreaterThan(100);
  });

  it("packs Markdown into a zip served by a signed URL", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: text, output_formats: ["zip", "json"], element_formats: '{"image":"file"}' });
    expect(body.code, body.message).toBe(0);
    const url = body.data.result.outputs.zip as string;
    expect(url).toMatch(/\/v1\/files\/.+\?expires=\d+&sig=[0-9a-f]{64}$/);
    const res = await SELF.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/article-and-variable\.zip/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const md = Object.keys(files).find((n) => n.endsWith(".md"))!;
    expect(strFromU8(files[md]).length).toBeGreaterThan(100);
  });

  it("answers a damaged PDF with the error and charges nothing", async () => {
    const before = await usageOf(apiKey);
    const broken = new File([new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF")], "broken.pdf");
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: broken });
    expect(body.code).toBe(ERRORS.CORRUPT_FILE.code);
    expect(res.status).toBe(422);
    expect(body.data.error).toEqual({ code: ERRORS.CORRUPT_FILE.code, message: expect.any(String) });
    expect(body.data.result).toBeNull();
    expect(await usageOf(apiKey)).toEqual(before);
  });
});

describe("POST /v1/parse/async + async_check", () => {
  it("goes queuing -> success through the queue and charges the pages once", async () => {
    const { apiKey: key } = await createKey("async parse");
    const before = await usageOf(key);
    const submit = await post("/v1/parse/async", { api_key: key, file: text });
    expect(submit.body.code, submit.body.message).toBe(0);
    expect(submit.body.data).toEqual({ task_id: expect.any(String), status: "queuing" });
    const taskId = submit.body.data.task_id;
    const done = await pollUntil(
      async () => (await post("/v1/parse/async_check", { api_key: key, task_id: taskId })).body,
      (b) => b.data.status === "success" || b.data.status === "failed",
    );
    expect(done.code).toBe(0);
    expect(done.data.status).toBe("success");
    expect(Number.isInteger(done.data.record_id)).toBe(true);
    expect(done.data.file_name).toBe("article-and-variable.pdf");
    expect(done.data.metadata.file_type).toBe(".pdf");
    expect(done.data.result.outputs.markdown.length).toBeGreaterThan(100);
    const after = await usageOf(key);
    expect(before.remaining_free_pages_today - after.remaining_free_pages_today).toBe(done.data.metadata.page_num);
  });

  it("hides a task from other keys", async () => {
    const submit = await post("/v1/parse/async", { api_key: apiKey, file: text });
    const { apiKey: other } = await createKey("other");
    const { res, body } = await post("/v1/parse/async_check", { api_key: other, task_id: submit.body.data.task_id });
    expect(res.status).toBe(404);
    expect(body.code).toBe(ERRORS.TASK_NOT_FOUND.code);
  });
});

describe("legacy /v1/extract/*", () => {
  it("answers like /v1/parse/* with deprecation headers, honouring extract_config", async () => {
    const { res, body } = await post("/v1/extract/acc_sync", { api_key: apiKey, file: structured, extract_config: '{"enable_title_level_recognition":true}' });
    expect(body.code, body.message).toBe(0);
    expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
    expect(res.headers.get("sunset")).toBe("Thu, 31 Dec 2026 23:59:59 GMT");
    expect(res.headers.get("link")).toBe('</v1/parse/sync>; rel="successor-version"');
    const titles = collectTitles(body.data.result.catalog);
    expect(Math.max(...titles.map((t) => t.title_level))).toBeGreaterThan(1);
  });

  it("async and async_check work under the old paths", async () => {
    const submit = await post("/v1/extract/async", { api_key: apiKey, file: text });
    expect(submit.body.data.status).toBe("queuing");
    const done = await pollUntil(
      async () => (await post("/v1/extract/async_check", { api_key: apiKey, task_id: submit.body.data.task_id })).body,
      (b) => b.data.status === "success",
    );
    expect(done.data.result.outputs.json.pages.length).toBeGreaterThan(0);
  });

  it("answers 410 naming the successor after the sunset", async () => {
    const after = new Date("2027-01-01T00:00:00Z");
    for (const [old, successor] of [["/v1/extract/acc_sync", "/v1/parse/sync"], ["/v1/extract/async", "/v1/parse/async"], ["/v1/extract/async_check", "/v1/parse/async_check"]]) {
      const { res, body } = await postWith({ now: () => after }, old, { api_key: apiKey });
      expect(res.status).toBe(410);
      expect(body.code).toBe(ERRORS.ENDPOINT_RETIRED.code);
      expect(body.message).toContain(successor);
    }
    const before = await postWith({ now: () => new Date("2026-12-31T23:59:00Z") }, "/v1/extract/async_check", { api_key: apiKey });
    expect(before.body.code).toBe(ERRORS.INVALID_PARAMETER.code); // still served: it asks for task_id
  });
});

it("serves GET / as a JSON description", async () => {
  const res = await SELF.fetch(`${BASE}/`);
  expect(((await res.json()) as any).code).toBe(0);
});
