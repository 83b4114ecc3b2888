// Figures through the API on a real PDF: img_url as a signed link to R2 that lives as long
// as the task's results, as a data URI, as a path inside the zip, or left out; the zip
// holding the Markdown, its images and the JSON; the async path through the real queue;
// and no invented description when the Worker has no AI binding.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { decode as decodeJpeg } from "jpeg-js";
import { NO_DESCRIBER } from "../../src/core/pipeline/describe";
import { createKey, corpusPdfFile, pollUntil, post } from "../helpers/api";

let apiKey: string;
let figures: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("images"));
  figures = await corpusPdfFile("docling-testdata/pdf/picture_classification.pdf");
});

const imageBlocks = (data: any) => data.result.outputs.json.pages.flatMap((p: any) => p.blocks).filter((b: any) => b.type === "image");

describe("element_formats.image through /v1/parse", () => {
  it("url (default): a signed link to the picture in R2 (the PDF's own JPEG), valid as long as the results are kept", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: figures });
    expect(body.code).toBe(0);
    const blocks = imageBlocks(body.data);
    expect(blocks).toHaveLength(2);
    expect(blocks[0].captions).toEqual(["Figure 1: This is an example image."]);
    const url = new URL(blocks[0].img_url);
    expect(url.pathname).toMatch(new RegExp(`^/v1/files/tasks/${body.data.task_id}/files/images/page1-1\\.jpg$`));
    // RESULT_TTL_SECONDS (7 days), not the 15 minutes of a download_url: the link is written into the stored result.
    expect(Number(url.searchParams.get("expires")) - before).toBeGreaterThanOrEqual(7 * 24 * 3600 - 60);
    const res = await SELF.fetch(url.href);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(decodeJpeg(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ width: 768, height: 474 });
    expect(body.data.result.outputs.markdown).toContain(`![Figure 1: This is an example image.](${blocks[0].img_url})`);
    // A caption is said once in the JSON: on its figure, not as a block of its own.
    expect(body.data.result.outputs.json.pages[0].blocks.filter((b: any) => b.content.startsWith("Figure 1"))).toHaveLength(0);
  });

  it("a tampered image link is refused", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: figures, output_formats: "json" });
    const url = new URL(imageBlocks(body.data)[0].img_url);
    url.pathname = url.pathname.replace("page1-1", "page2-1");
    const res = await SELF.fetch(url.href);
    expect(res.status).toBe(403);
  });

  it("base64: data URIs in the JSON and the Markdown", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: figures, element_formats: '{"image":"base64"}' });
    const [first] = imageBlocks(body.data);
    expect(first.img_url).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.data.result.outputs.markdown).toContain("](data:image/jpeg;base64,");
  });

  it("none: no image blocks, captions kept as text", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: figures, element_formats: '{"image":"none"}' });
    expect(imageBlocks(body.data)).toHaveLength(0);
    expect(body.data.result.outputs.markdown).toContain("Figure 2: This is an example image.");
    expect(body.data.result.outputs.markdown).not.toContain("![");
  });

  it("says no description was produced without an AI binding", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: figures, output_formats: "json" });
    for (const b of imageBlocks(body.data)) {
      expect(b.content).toBe("");
      expect(b.image_description).toEqual({ produced: false, reason: NO_DESCRIBER });
    }
  });
});

describe("feature_config", () => {
  it("enable_inline_image: icons inside their paragraph, in Markdown and in the block's inline_images", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await corpusPdfFile("convert-samples/p2d-demo-image.pdf"), feature_config: '{"enable_inline_image":true}' });
    expect(body.code).toBe(0);
    const block = body.data.result.outputs.json.pages[0].blocks.find((b: any) => b.content.startsWith("Inline image like"));
    expect(block.inline_images).toHaveLength(2);
    expect(new URL(block.inline_images[0].img_url).pathname).toMatch(/\/files\/images\/page1-2\.png$/);
    expect(body.data.result.outputs.markdown).toContain(`Inline image like ![](${block.inline_images[0].img_url}) and ![](${block.inline_images[1].img_url}) .`);
  });
});

describe("zip output", () => {
  it("holds the Markdown, every image it references and the JSON, from an async task", async () => {
    const { body } = await post("/v1/parse/async", { api_key: apiKey, file: figures, output_formats: ["zip", "json"], element_formats: '{"image":"file"}' });
    expect(body.code).toBe(0);
    const done = await pollUntil(
      async () => (await post("/v1/parse/async_check", { api_key: apiKey, task_id: body.data.task_id })).body,
      (b) => b.data.status === "success" || b.data.status === "failed",
    );
    expect(done.data.status).toBe("success");
    expect(imageBlocks(done.data).map((b: any) => b.img_url)).toEqual(["images/page1-1.jpg", "images/page2-1.jpg"]);
    const res = await SELF.fetch(done.data.result.outputs.zip);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["images/page1-1.jpg", "images/page2-1.jpg", "picture_classification.json", "picture_classification.md"]);
    const md = strFromU8(files["picture_classification.md"]);
    const referenced = [...md.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(referenced).toEqual(["images/page1-1.jpg", "images/page2-1.jpg"]);
    expect(decodeJpeg(files["images/page2-1.jpg"])).toMatchObject({ width: 401, height: 534 });
  });
});
