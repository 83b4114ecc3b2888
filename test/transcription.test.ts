// Pages OCR cannot read, transcribed by a vision language model when the operator turned it on
// (VLM_TRANSCRIPTION = "on" and an AI binding): here a fake Workers AI binding stands in for
// the model, which cannot run here. The rest is real: the queue consumer, R2, the task's
// Durable Object, the renderer Worker drawing the page, OCR finding no text in it.
import { env, createMessageBatch, createExecutionContext, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../src/worker";
import { submitTask } from "../src/tasks/submit";
import { taskStub } from "../src/tasks/stubs";
import { TRANSCRIPTION_MODEL } from "../src/tasks/page-transcription";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../src/core/options";
import { parseDocument } from "../src/core/pipeline";
import { blocksOfMarkdown } from "../src/core/pipeline/markdown-blocks";
import type { PageTranscriber } from "../src/core/ports";
import { newGrayImage } from "../src/core/images/gray";
import { encodePng } from "../src/core/images/png-encode";
import { createKey, pollUntil, post, usageOf } from "./helpers/api";
import { fixtureFile } from "./helpers/corpus";

const OCR_TIMEOUT = 180_000;
const LETTER = "# A letter home\n\nDear Anna, the weather here has been kind to us.\n\n- bread\n- 2 kg of apples\n\n| item | price |\n|---|---|\n| tea | 4.50 |";

/** A fake Workers AI binding: the transcription model answers LETTER and is kept what it was asked; the figure describer's model answers a description. */
function fakeAi(answer: () => unknown = () => ({ response: LETTER })) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const run = async (model: string, inputs: Record<string, unknown>) => {
    if (model !== TRANSCRIPTION_MODEL) return { description: "A photograph." };
    calls.push({ model, inputs });
    return answer();
  };
  return { calls, run };
}

/** A page of white with a few specks: ink, and no text for OCR to read (as a photograph or handwriting it cannot read). */
function specks(): Uint8Array {
  const image = newGrayImage(850, 1100, 100);
  image.pixels.fill(255);
  for (let i = 0; i < 40; i++) image.pixels[(100 + i * 20) * 850 + 100 + i * 15] = 0;
  return encodePng({ width: image.width, height: image.height, data: image.pixels, channels: 1 });
}

function recording(answer: (picture: Uint8Array, mime: string) => Promise<string>) {
  const seen: { bytes: Uint8Array; mime: string }[] = [];
  const transcriber: PageTranscriber = { model: "fake-vlm", transcribe: async (bytes, mime) => (seen.push({ bytes, mime }), answer(bytes, mime)) };
  return { seen, transcriber };
}

describe("Markdown from a vision model, as blocks", () => {
  it("reads headings, list items, tables, formulas and paragraphs in order, each in a band of the page", () => {
    const blocks = blocksOfMarkdown("```markdown\n## Notes\n\nFirst line\nwraps here.\n\n1. one\n2. two\n\n$$E = mc^2$$\n\n| a | b |\n|---|---|\n| 1 | 2 |\n```", 600, 800, "vlm");
    expect(blocks.map((b) => [b.type, b.text])).toEqual([
      ["title", "Notes"],
      ["text", "First line wraps here."],
      ["list", "one"],
      ["list", "two"],
      ["formula", "E = mc^2"],
      ["table", "a b\n1 2"],
    ]);
    expect(blocks[0].titleLevel).toBe(2);
    expect(blocks[2].list).toEqual({ ordered: true, level: 0, marker: "1." });
    expect(blocks[5].table!.rows.map((r) => r.map((c) => [c.text, !!c.header]))).toEqual([[["a", true], ["b", true]], [["1", false], ["2", false]]]);
    // Bands one after another, down the whole page.
    expect(blocks[0].bbox[1]).toBe(0);
    expect(blocks.at(-1)!.bbox[3]).toBeCloseTo(800);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i].bbox[1]).toBeCloseTo(blocks[i - 1].bbox[3]);
  });
});

describe("pages transcribed by a vision model in the core", () => {
  it("transcribes a picture in which OCR read no text, sending the picture as it came", async () => {
    const bytes = specks();
    const { seen, transcriber } = recording(async () => LETTER);
    const doc = await parseDocument(bytes, "letter.png", { features: DEFAULT_FEATURES, transcriber });
    expect(seen.map((s) => s.mime)).toEqual(["image/png"]);
    expect(seen[0].bytes).toEqual(bytes);
    expect(doc.pages[0].reading?.source).toBe("vlm");
    expect(doc.pages[0].reading!.confidence).toBeGreaterThan(0.9);
    expect(doc.pages[0].blocks.map((b) => b.type)).toEqual(["title", "text", "list", "list", "table"]);
    expect(doc.pages[0].blocks.every((b) => b.source === "vlm")).toBe(true);
    // The page is no longer one with no text read: it says who read it instead.
    expect(doc.warnings.map((w) => w.code)).toEqual(["vlm_transcribed"]);
    expect(doc.warnings[0].message).toContain("fake-vlm");
  }, OCR_TIMEOUT);

  it("keeps what OCR read, with a warning, when the model fails or answers nothing", async () => {
    for (const answer of [async () => { throw new Error("model overloaded"); }, async () => "  "]) {
      const { transcriber } = recording(answer);
      const doc = await parseDocument(specks(), "letter.png", { features: DEFAULT_FEATURES, transcriber });
      expect(doc.pages[0].reading).toEqual({ source: "ocr", confidence: 0 });
      expect(doc.warnings.map((w) => w.code)).toEqual(["no_text_read", "vlm_failed"]);
    }
    const { transcriber } = recording(async () => { throw new Error("model overloaded"); });
    const doc = await parseDocument(specks(), "letter.png", { features: DEFAULT_FEATURES, transcriber });
    expect(doc.warnings[1].message).toContain("model overloaded");
  }, OCR_TIMEOUT);

  it("never sends a page read with confidence", async () => {
    const { seen, transcriber } = recording(async () => LETTER);
    const doc = await parseDocument(await fixtureFile("images/phototest.png"), "phototest.png", { features: DEFAULT_FEATURES, transcriber });
    expect(doc.pages[0].reading!.confidence).toBeGreaterThan(0.6);
    expect(seen).toHaveLength(0);
  }, OCR_TIMEOUT);
});

/** Delivers one job message to the Worker's queue consumer, with the Worker's env changed by `over`. */
async function deliver(body: unknown, over: Record<string, unknown>) {
  const batch = createMessageBatch("docparse-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }]);
  await worker.queue(batch, { ...(env as object), ...over } as never);
  return getQueueResult(batch, createExecutionContext());
}

async function photoTask() {
  const { apiKey, keyId } = await createKey("vlm");
  const fresh = await usageOf(apiKey);
  const parseOptions = { outputFormats: ["markdown", "json"] as ("markdown" | "json")[], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES };
  const record = await submitTask(env as never, { kind: "parse", owner: keyId, fileName: "photo.pdf", bytes: await fixtureFile("pdf/full-page-photo.pdf"), maxPages: 100, parseOptions, now: new Date() });
  return { apiKey, taskId: record.taskId, fresh };
}

async function resultOf(apiKey: string, taskId: string) {
  const done = await pollUntil(async () => (await taskStub(env as never, taskId).get())!, (r) => r.status === "success" || r.status === "failed", 170_000);
  expect(done.status).toBe("success");
  return (await post("/v1/parse/async_check", { api_key: apiKey, task_id: taskId })).body.data.result;
}

describe("VLM_TRANSCRIPTION in the Worker", () => {
  it("is off by default: the page OCR cannot read keeps its warning and the model is never called", async () => {
    const ai = fakeAi();
    const { apiKey, taskId } = await photoTask();
    // In process (no processor Worker), so the stage sees this env's AI binding.
    await deliver({ taskId, stage: "parse" }, { AI: ai, PROCESSOR: undefined });
    const result = await resultOf(apiKey, taskId);
    expect(ai.calls).toHaveLength(0);
    expect(result.outputs.json.pages[0]).toMatchObject({ text_source: "ocr", confidence: 0 });
    expect(result.warnings.map((w: { code: string }) => w.code)).toEqual(["no_text_read"]);
  }, OCR_TIMEOUT);

  it("turned on, sends the page drawn by the renderer to Workers AI and returns its Markdown, charged as any page", async () => {
    const ai = fakeAi();
    const { apiKey, taskId, fresh } = await photoTask();
    await deliver({ taskId, stage: "parse" }, { AI: ai, PROCESSOR: undefined, VLM_TRANSCRIPTION: "on" });
    const result = await resultOf(apiKey, taskId);
    expect(ai.calls).toHaveLength(1);
    const [message] = ai.calls[0].inputs.messages as { content: { type: string; image_url?: { url: string } }[] }[];
    expect(message.content.map((p) => p.type)).toEqual(["text", "image_url"]);
    expect(message.content[1].image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(result.outputs.json.pages[0].text_source).toBe("vlm");
    expect(result.outputs.markdown).toContain("# A letter home");
    expect(result.outputs.markdown).toContain("Dear Anna, the weather here has been kind to us.");
    // The table in the asked format (HTML by default), its cells as the model gave them.
    expect(result.outputs.markdown).toMatch(/<td>tea<\/td>\s*<td>4\.50<\/td>/);
    expect(result.warnings.map((w: { code: string }) => w.code)).toEqual(["vlm_transcribed"]);
    const after = await usageOf(apiKey);
    expect(fresh.remaining_free_pages_today - after.remaining_free_pages_today).toBe(1);
  }, OCR_TIMEOUT);

  it("turned on, a failing model leaves the page as OCR read it and the task succeeds", async () => {
    const ai = fakeAi(() => { throw new Error("3040: capacity temporarily exceeded"); });
    const { apiKey, taskId } = await photoTask();
    await deliver({ taskId, stage: "parse" }, { AI: ai, PROCESSOR: undefined, VLM_TRANSCRIPTION: "on" });
    const result = await resultOf(apiKey, taskId);
    expect(ai.calls).toHaveLength(1);
    expect(result.outputs.json.pages[0].text_source).toBe("ocr");
    expect(result.warnings.map((w: { code: string }) => w.code)).toEqual(["no_text_read", "vlm_failed"]);
  }, OCR_TIMEOUT);
});
