// Every client mistake gets the envelope with a non-zero code, a message that says what to
// fix, and a 4xx status; never a 5xx or a non-JSON body.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { BASE, createKey, pdfFile, post, type Fields, SAMPLE_PDF } from "../helpers/api";

let apiKey: string;
let pdf: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("validation"));
  pdf = await pdfFile(SAMPLE_PDF);
});

async function expectError(path: string, fields: Fields, kind: keyof typeof ERRORS, messagePart: RegExp) {
  const { res, body } = await post(path, fields);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(body.code, body.message).toBe(ERRORS[kind].code);
  expect(res.status).toBe(ERRORS[kind].status);
  expect(body.message).toMatch(messagePart);
  return body;
}

describe("authentication", () => {
  it("asks for a missing api_key", () => expectError("/v1/usage", {}, "API_KEY_MISSING", /api_key is required/));
  it("refuses a malformed key without looking it up", () => expectError("/v1/usage", { api_key: "hello" }, "API_KEY_INVALID", /start with sk-/));
  it("refuses an unknown key", () => expectError("/v1/usage", { api_key: "sk-unknownunknownunknown" }, "API_KEY_INVALID", /not a known key/));
  it("takes the key from an Authorization: Bearer header, with or without a form", async () => {
    const usage = (init: RequestInit) => SELF.fetch(`${BASE}/v1/usage`, { method: "POST", ...init }).then(async (res) => ({ res, body: (await res.json()) as { code: number; message: string; data: Record<string, unknown> } }));
    const bare = await usage({ headers: { authorization: `Bearer ${apiKey}` } });
    expect(bare.body.code, bare.body.message).toBe(0);
    expect(bare.body.data).toHaveProperty("remaining_free_pages_today");
    const withForm = await usage({ headers: { authorization: `bearer ${apiKey}` }, body: new FormData() });
    expect(withForm.body.code, withForm.body.message).toBe(0);
    const both = new FormData();
    both.set("api_key", "sk-someotherkeyentirely");
    const clash = await usage({ headers: { authorization: `Bearer ${apiKey}` }, body: both });
    expect(clash.body.code).toBe(ERRORS.API_KEY_INVALID.code);
    expect(clash.body.message).toMatch(/different keys/);
    const unknown = await usage({ headers: { authorization: "Bearer sk-unknownunknownunknown" } });
    expect(unknown.body.code).toBe(ERRORS.API_KEY_INVALID.code);
  });
  it("refuses a revoked key", async () => {
    const { apiKey: revoked, keyId } = await createKey("to revoke");
    const res = await SELF.fetch(`${BASE}/admin/keys/${keyId}/revoke`, { method: "POST", headers: { authorization: "Bearer test-admin-token" } });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    await expectError("/v1/usage", { api_key: revoked }, "API_KEY_REVOKED", /revoked/);
  });
});

describe("unknown fields", () => {
  it("refuses a misspelt option, naming the fields the endpoint takes", async () => {
    const body = await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, feature_configs: "{}" }, "INVALID_PARAMETER", /Unknown field "feature_configs": this endpoint takes api_key, file, file_url, output_formats, element_formats, feature_config, extract_config/);
    expect(body.data).toBeNull();
    await expectError("/v1/convert/async", { api_key: apiKey, file: pdf, layoutmode: "flow" }, "INVALID_PARAMETER", /Unknown field "layoutmode".*target_type, layout_mode/);
    await expectError("/v1/parse/async_check", { api_key: apiKey, task_id: "x", id: "y" }, "INVALID_PARAMETER", /Unknown field "id".*task_id/);
    await expectError("/v1/usage", { api_key: apiKey, verbose: "1" }, "INVALID_PARAMETER", /Unknown field "verbose": this endpoint takes api_key\./);
  });
  it("takes output_formats as indexed fields too", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: pdf, "output_formats[0]": "markdown" });
    expect(body.code, body.message).toBe(0);
  });
});

describe("body and routes", () => {
  it("wants multipart/form-data", async () => {
    const res = await SELF.fetch(`${BASE}/v1/parse/sync`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: apiKey }) });
    const body = (await res.json()) as { code: number; message: string };
    expect(res.status).toBe(415);
    expect(body.code).toBe(ERRORS.UNSUPPORTED_CONTENT_TYPE.code);
    expect(body.message).toMatch(/multipart\/form-data/);
  });
  it("answers unknown routes in the envelope", async () => {
    const res = await SELF.fetch(`${BASE}/v1/nothing`, { method: "POST" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(ERRORS.ROUTE_NOT_FOUND.code);
  });
  it("answers a CORS preflight", async () => {
    const res = await SELF.fetch(`${BASE}/v1/parse/sync`, { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "POST" } });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
  it("accepts a trailing slash", async () => {
    const { res, body } = await post("/v1/usage/", { api_key: apiKey });
    expect(res.status).toBe(200);
    expect(body.code).toBe(0);
  });
  it("answers a wrong method with 405 and Allow", async () => {
    const res = await SELF.fetch(`${BASE}/v1/parse/sync`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(((await res.json()) as { code: number }).code).toBe(ERRORS.METHOD_NOT_ALLOWED.code);
  });
});

describe("parse form rules", () => {
  it("needs file or file_url", () => expectError("/v1/parse/sync", { api_key: apiKey }, "FILE_REQUIRED", /file_url/));
  it("refuses file and file_url together", () => expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, file_url: "https://example.com/a.pdf" }, "FILE_REQUIRED", /not both/));
  it("refuses an unknown output format and names the allowed ones", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, output_formats: ["json", "docx"] }, "INVALID_PARAMETER", /"docx".*json, markdown/));
  it("refuses element_formats that is not JSON", () => expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, element_formats: "{image:url" }, "INVALID_JSON_FIELD", /JSON/));
  it("refuses unknown keys and values in element_formats", async () => {
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, element_formats: '{"picture":"url"}' }, "INVALID_JSON_FIELD", /unknown key.*picture/);
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, element_formats: '{"table":"csv"}' }, "INVALID_JSON_FIELD", /table must be one of/);
  });
  it("refuses non-boolean feature_config values", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, feature_config: '{"keep_header_footer":"yes"}' }, "INVALID_JSON_FIELD", /keep_header_footer must be a boolean/));
  it("refuses an unknown OCR language and names the codes it reads", async () => {
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, feature_config: '{"ocr_languages":["fr","xx"]}' }, "INVALID_JSON_FIELD", /ocr_languages: unknown language code\(s\) "xx"; the codes read are en, fr, .*ru.*ja/);
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, feature_config: '{"ocr_languages":"fr"}' }, "INVALID_JSON_FIELD", /ocr_languages must be a array/);
  });
  it("refuses feature_config together with its former name", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, feature_config: "{}", extract_config: "{}" }, "INCOMPATIBLE_OPTIONS", /feature_config only/));
  it("couples zip and image=file both ways", async () => {
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, output_formats: "zip" }, "INCOMPATIBLE_OPTIONS", /image must be "file"/);
    await expectError("/v1/parse/sync", { api_key: apiKey, file: pdf, element_formats: '{"image":"file"}' }, "INCOMPATIBLE_OPTIONS", /add zip/);
  });
  it("refuses a file that is not a document", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file: new File(["just some text"], "notes.txt") }, "UNSUPPORTED_FILE_TYPE", /PDF/));
});

describe("file_url", () => {
  const literals = [
    "http://127.0.0.1/a.pdf", "http://localhost:8787/a.pdf", "http://10.1.2.3/a.pdf", "http://169.254.169.254/latest", "http://[::1]/a.pdf", "http://192.168.0.1/a.pdf",
    "http://192.0.2.1/a.pdf", "http://198.51.100.7/a.pdf", "http://0x7f.1/a.pdf", "http://2130706433/a.pdf", "http://[::ffff:127.0.0.1]/a.pdf", "http://[64:ff9b::a00:1]/a.pdf", "http://[fe80::1]/a.pdf", "http://[2001:db8::1]/a.pdf",
  ];
  for (const url of literals) {
    it(`refuses the internal address ${url}`, () => expectError("/v1/parse/sync", { api_key: apiKey, file_url: url }, "FILE_URL_REJECTED", /internal address/));
  }
  for (const host of ["loopback.test", "metadata.test", "documentation.test", "mixed.test", "ula6.test", "mapped6.test"]) {
    it(`refuses a name that resolves to an internal address (${host})`, () =>
      expectError("/v1/parse/sync", { api_key: apiKey, file_url: `http://${host}/a.pdf` }, "FILE_URL_REJECTED", new RegExp(`${host.replace(".", "\\.")} resolves to`)));
  }
  it("refuses a name that does not resolve, before any request is made", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file_url: "http://nowhere.test/a.pdf" }, "FILE_URL_UNREACHABLE", /has no address/));
  it("checks the name a redirect points to", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file_url: "http://fixtures.test/__redirect?to=http://loopback.test:8787/secret.pdf" }, "FILE_URL_REJECTED", /loopback\.test resolves to 127\.0\.0\.1/));
  it("checks every redirect hop again", () =>
    expectError("/v1/parse/sync", { api_key: apiKey, file_url: "http://fixtures.test/__redirect?to=http://127.0.0.1:8787/secret.pdf" }, "FILE_URL_REJECTED", /internal address/));
  it("stops after too many redirects", () => {
    let url = "http://fixtures.test/pdf/article-and-variable.pdf";
    for (let i = 0; i < 7; i++) url = `http://fixtures.test/__redirect?to=${encodeURIComponent(url)}`;
    return expectError("/v1/parse/sync", { api_key: apiKey, file_url: url }, "FILE_URL_UNREACHABLE", /redirected more than 5 times/);
  });
  it("follows a few redirects to the document", async () => {
    const url = `http://fixtures.test/__redirect?to=${encodeURIComponent("http://fixtures.test/pdf/article-and-variable.pdf")}`;
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file_url: url, output_formats: "markdown" });
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.file_name).toBe("article-and-variable.pdf");
  });
  it("refuses other schemes", () => expectError("/v1/parse/sync", { api_key: apiKey, file_url: "ftp://example.com/a.pdf" }, "FILE_URL_REJECTED", /http or https/));
  it("reports a link that answers 404", () => expectError("/v1/parse/sync", { api_key: apiKey, file_url: "http://fixtures.test/no-such-file.pdf" }, "FILE_URL_UNREACHABLE", /HTTP 404/));
});

describe("convert form rules", () => {
  it("rejects ppt with flow", () => expectError("/v1/convert/sync", { api_key: apiKey, file: pdf, target_type: "ppt", layout_mode: "flow" }, "INCOMPATIBLE_OPTIONS", /layout/));
  it("rejects an unknown target_type", () => expectError("/v1/convert/async", { api_key: apiKey, file: pdf, target_type: "excel" }, "INVALID_PARAMETER", /"word" or "ppt"/));
  it("rejects an unknown layout_mode", () => expectError("/v1/convert/async", { api_key: apiKey, file: pdf, layout_mode: "grid" }, "INVALID_PARAMETER", /"flow" or "layout"/));
  it("takes only PDFs, by content", () =>
    expectError("/v1/convert/sync", { api_key: apiKey, file: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "slides.pdf") }, "UNSUPPORTED_FILE_TYPE", /\.pdf/));
});

describe("async_check", () => {
  it("needs a task_id", () => expectError("/v1/parse/async_check", { api_key: apiKey }, "INVALID_PARAMETER", /task_id is required/));
  it("does not find an unknown task", () => expectError("/v1/convert/async_check", { api_key: apiKey, task_id: crypto.randomUUID() }, "TASK_NOT_FOUND", /No convert task/));
});
