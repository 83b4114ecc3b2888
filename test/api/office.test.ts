// Office files through the API, end to end: /v1/parse/sync on a Word file and a workbook
// (pages charged as counted), a hostile package answered with its error envelope at no cost.
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { createKey, post, usageOf } from "../helpers/api";
import { bombDocx, traversalDocx } from "../fixtures/office/crafted";

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createKey("office"));
});

describe("POST /v1/parse/sync with Office files", () => {

  it("answers a zip bomb with LIMIT_EXCEEDED at once, charging nothing", async () => {
    const before = await usageOf(apiKey);
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([bombDocx(25)], "bomb.docx") });
    expect(res.status).toBe(ERRORS.LIMIT_EXCEEDED.status);
    expect(body.code).toBe(ERRORS.LIMIT_EXCEEDED.code);
    expect(body.message).toMatch(/unpacks to 25 MB/);
    expect(await usageOf(apiKey)).toEqual(before);
  });

  it("answers a package with a climbing part name as a corrupt file", async () => {
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: new File([traversalDocx()], "evil.docx") });
    expect(res.status).toBe(ERRORS.CORRUPT_FILE.status);
    expect(body.code).toBe(ERRORS.CORRUPT_FILE.code);
    expect(body.data.error).toEqual({ code: ERRORS.CORRUPT_FILE.code, message: expect.stringMatching(/unsafe part name/) });
  });
});
