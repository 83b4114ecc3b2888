// Decompression bombs: a PDF whose streams inflate far past what a worker can hold fails
// with 40007 and charges nothing, instead of growing the runtime's memory until it dies.
// And the budget of what a parse may hold of a document at once.
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { MemoryImageStore } from "../../src/core/images/store";
import { MAX_DECODED_STREAM_BYTES } from "../../src/core/limits";
import { inflatingContentPdf, inflatingImagePdf } from "../../scripts/chaos/made-documents.mjs";
import { createKey, post, usageOf } from "../helpers/api";
import { fixtureFile } from "../helpers/corpus";
import { LONG_PDF } from "../helpers/api";

const overLimitMb = (MAX_DECODED_STREAM_BYTES / 1048576) * 1.5;

describe("decompression bombs", () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createKey("bombs"));
  });

  for (const [what, make] of [["content stream", inflatingContentPdf], ["picture", inflatingImagePdf]] as const) {
    it(`fails a PDF whose ${what} inflates past the limit with 40007, charging nothing`, async () => {
      const bytes = await make(overLimitMb);
      expect(bytes.length).toBeLessThan(200_000);
      const before = await usageOf(apiKey);
      const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([bytes], "bomb.pdf", { type: "application/pdf" }) });
      expect(body.code, body.message).toBe(ERRORS.LIMIT_EXCEEDED.code);
      expect(res.status).toBe(422);
      expect(body.message).toMatch(/inflates past 64 MB/);
      expect(await usageOf(apiKey)).toEqual(before);
    });
  }

  it("reads the same page when its stream stays under the limit", async () => {
    const doc = await parseDocument(await inflatingContentPdf(4), "spaces.pdf", { features: DEFAULT_FEATURES, images: { sink: new MemoryImageStore() } });
    expect(doc.pages).toHaveLength(1);
    expect(doc.warnings).toEqual([]);
  });
});

describe("the budget of parsed pages held at once", () => {
  it("fails a document whose parsed pages pass the budget, naming the page, and parses it without one", async () => {
    const bytes = await fixtureFile(LONG_PDF);
    const whole = await parseDocument(bytes, "joined-14-pages.pdf", { features: DEFAULT_FEATURES });
    const held = whole.pages.reduce((n, p) => n + JSON.stringify(p).length, 0);
    const refused = await parseDocument(bytes, "joined-14-pages.pdf", { features: DEFAULT_FEATURES, heldBudgetBytes: held / 2 }).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: "limit_exceeded" });
    expect((refused as Error).message).toMatch(/by page ([2-9]|1[0-4]), more than one worker can hold at once/);
    expect((await parseDocument(bytes, "joined-14-pages.pdf", { features: DEFAULT_FEATURES, heldBudgetBytes: held * 2 })).pages).toHaveLength(whole.pages.length);
  });
});
