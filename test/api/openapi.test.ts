// The API reference against the service: every route the app registers is in
// /openapi.json and nothing else is; every error code is documented; every example and every
// real answer of the service parses with the schema the document gives for it; and each
// error the service really answers is one the document lists for that endpoint.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createApp } from "../../src/api/app";
import { ERRORS } from "../../src/api/errors";
import { OPERATIONS, ROUTING_ERRORS, type Operation } from "../../src/api/openapi/operations";
import { ConvertTaskData, ErrorEnvelope, ParseCheckData, ParseSubmitData, ParseSyncData, ServiceInfo, UsageData, envelopeOf } from "../../src/api/openapi/schemas";
import { version } from "../../package.json";
import { BASE, createKey, pdfFile, pollUntil, post, SAMPLE_PDF } from "../helpers/api";
import { filledFormPdf } from "../../scripts/chaos/made-documents.mjs";

let apiKey: string;
let doc: any;
beforeAll(async () => {
  ({ apiKey } = await createKey("openapi"));
  doc = await (await SELF.fetch(`${BASE}/openapi.json`)).json();
});

const operation = (method: string, path: string): Operation => {
  const op = OPERATIONS.find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`no operation ${method} ${path}`);
  return op;
};

/** Parses a real answer with the envelope of the operation's documented `data`. */
function expectDocumented(method: string, path: string, body: unknown, data: z.ZodType): void {
  const op = operation(method, path);
  expect(op.data, `${method} ${path} documents a data schema`).toBe(data);
  const parsed = envelopeOf(data).safeParse(body);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 5))).toBe(true);
}

describe("/openapi.json", () => {
  it("is OpenAPI 3.1 carrying the package's version, which GET / answers too", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(version);
    const root = (await (await SELF.fetch(`${BASE}/`)).json()) as any;
    expect(ServiceInfo.parse(root.data).version).toBe(version);
  });

  it("lists every route the app registers, and no route the app lacks", () => {
    const toOpenApi = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/\/\*$/, "/{key}").replace(/(.)\/$/, "$1");
    const registered = new Set(
      createApp()
        .routes.filter((r) => r.method !== "ALL")
        .flatMap((r) => (r.method === "HEAD" ? [] : [`${r.method.toLowerCase()} ${toOpenApi(r.path)}`])),
    );
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((m) => `${m} ${path}`)));
    expect([...registered].filter((r) => !documented.has(r)), "routes missing from the document").toEqual([]);
    expect([...documented].filter((d) => !registered.has(d)), "documented routes the app lacks").toEqual([]);
  });

  it("documents every error code, in its table and on the endpoints that answer it", () => {
    const listed = new Set(doc["x-error-codes"].map((e: any) => e.code));
    const onEndpoints = new Set(OPERATIONS.flatMap((o) => o.errors.map((n) => ERRORS[n].code)));
    for (const [name, e] of Object.entries(ERRORS)) {
      expect(listed.has(e.code), name).toBe(true);
      expect(doc.info.description, name).toContain(`| ${e.code} | ${e.status} | ${name} |`);
      if (!ROUTING_ERRORS.includes(name as keyof typeof ERRORS)) expect(onEndpoints.has(e.code), `${name} on some endpoint`).toBe(true);
    }
  });

  it("has examples that parse with their endpoints' schemas", () => {
    const withExamples = OPERATIONS.filter((o) => o.example);
    expect(withExamples.length).toBeGreaterThanOrEqual(7);
    for (const op of withExamples) {
      const parsed = envelopeOf(op.data!).safeParse(op.example!.response);
      expect(parsed.success, `${op.method} ${op.path}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
  });
});

describe("GET /docs", () => {
  it("renders every endpoint, the form fields and every error code, with no script", async () => {
    const res = await SELF.fetch(`${BASE}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).not.toContain("<script");
    for (const path of Object.keys(doc.paths)) expect(html, path).toContain(`<code>${path.replace(/&/g, "&#38;")}</code>`);
    for (const field of ["output_formats", "element_formats", "feature_config", "enable_title_level_recognition", "target_type", "layout_mode", "task_id"]) expect(html, field).toContain(`<code>${field}</code>`);
    for (const e of Object.values(ERRORS)) expect(html).toContain(`<td>${e.code}</td>`);
  });
});

describe("the service's answers match the document", () => {
  it("a filled form's values, listed as form_values", async () => {
    const file = new File([filledFormPdf()], "form.pdf", { type: "application/pdf" });
    const sync = await post("/v1/parse/sync", { api_key: apiKey, file, output_formats: "json" });
    expect(sync.body.code, sync.body.message).toBe(0);
    expectDocumented("post", "/v1/parse/sync", sync.body, ParseSyncData);
    expect(sync.body.data.result.outputs.json.pages[0].blocks.flatMap((b: { form_values?: string[] }) => b.form_values ?? [])).toContain("Jane Doe");
  });

  it("parse sync, async and check, and a zip result", async () => {
    const file = await pdfFile("pdf/loose-leading.pdf");
    const sync = await post("/v1/parse/sync", { api_key: apiKey, file, feature_config: '{"enable_title_level_recognition":true}' });
    expect(sync.body.code, sync.body.message).toBe(0);
    expectDocumented("post", "/v1/parse/sync", sync.body, ParseSyncData);

    const submitted = await post("/v1/parse/async", { api_key: apiKey, file, output_formats: ["zip", "json"], element_formats: '{"image":"file"}' });
    expectDocumented("post", "/v1/parse/async", submitted.body, ParseSubmitData);
    const checked = await pollUntil(
      () => post("/v1/parse/async_check", { api_key: apiKey, task_id: submitted.body.data.task_id }),
      (r) => r.body.data.status === "success" || r.body.data.status === "failed",
    );
    expect(checked.body.data.status).toBe("success");
    expect(checked.body.data.result.outputs.zip).toContain("/v1/files/");
    expectDocumented("post", "/v1/parse/async_check", checked.body, ParseCheckData);
  });

  it("convert sync, async and check, and the download", async () => {
    const file = await pdfFile(SAMPLE_PDF);
    const sync = await post("/v1/convert/sync", { api_key: apiKey, file });
    expect(sync.body.code, sync.body.message).toBe(0);
    expectDocumented("post", "/v1/convert/sync", sync.body, ConvertTaskData);

    const submitted = await post("/v1/convert/async", { api_key: apiKey, file, target_type: "ppt" });
    expectDocumented("post", "/v1/convert/async", submitted.body, ConvertTaskData);
    const checked = await pollUntil(
      () => post("/v1/convert/async_check", { api_key: apiKey, task_id: submitted.body.data.task_id }),
      (r) => r.body.data.status === "SUCCESS" || r.body.data.status === "FAILED",
      60_000,
    );
    expectDocumented("post", "/v1/convert/async_check", checked.body, ConvertTaskData);
    const download = await SELF.fetch(checked.body.data.download_url);
    expect(download.status).toBe(200);
    expect(operation("get", "/v1/files/{key}").other?.description).toContain(".pptx");
  });

  it("usage", async () => {
    const { body } = await post("/v1/usage", { api_key: apiKey });
    expectDocumented("post", "/v1/usage", body, UsageData);
  });

  // One real failure per kind of endpoint: the code answered must be among the endpoint's
  // documented errors, with the documented HTTP status and envelope.
  const failures: [string, string, () => Promise<{ res: Response; body: unknown }>][] = [
    ["post", "/v1/parse/sync", () => post("/v1/parse/sync", { api_key: apiKey })],
    ["post", "/v1/parse/async", () => post("/v1/parse/async", { api_key: apiKey, file_url: "http://127.0.0.1/x.pdf" })],
    ["post", "/v1/parse/async_check", () => post("/v1/parse/async_check", { api_key: apiKey, task_id: "3f2b6c1e-8d4a-4e6f-9a51-0c7d2e9b4a10" })],
    ["post", "/v1/convert/sync", () => post("/v1/convert/sync", { api_key: apiKey, file: new File(["hello"], "a.txt"), target_type: "ppt", layout_mode: "flow" })],
    ["post", "/v1/convert/async", async () => post("/v1/convert/async", { api_key: apiKey, file: new File(["plain text"], "a.txt") })],
    ["post", "/v1/convert/async_check", () => post("/v1/convert/async_check", { api_key: apiKey })],
    ["post", "/v1/usage", () => post("/v1/usage", { api_key: "sk-not-a-known-key-000" })],
    ["post", "/v1/extract/async", () => post("/v1/extract/async", { api_key: apiKey, feature_config: "{", file: new File(["x"], "a.pdf") })],
    ["get", "/v1/files/{key}", async () => {
      const res = await SELF.fetch(`${BASE}/v1/files/tasks/x/y.docx?expires=1&sig=00`);
      return { res, body: await res.json() };
    }],
  ];
  for (const [method, path, request] of failures) {
    it(`a failure of ${method.toUpperCase()} ${path} is one it documents`, async () => {
      const { res, body } = await request();
      const envelope = ErrorEnvelope.parse(body);
      const name = (Object.keys(ERRORS) as (keyof typeof ERRORS)[]).find((n) => ERRORS[n].code === envelope.code)!;
      expect(name, `code ${envelope.code}`).toBeDefined();
      expect(operation(method, path).errors).toContain(name);
      expect(res.status).toBe(ERRORS[name].status);
      expect(Object.keys(doc.paths[path][method].responses)).toContain(String(ERRORS[name].status));
    });
  }
});
