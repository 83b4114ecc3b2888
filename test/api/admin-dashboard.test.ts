// The admin routes (ADMIN_TOKEN) and the dashboard page behind dashboard_url.
import { SELF } from "cloudflare:test";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { BASE, admin, createKey, fetchWith, pdfFile, post, SAMPLE_PDF } from "../helpers/api";

describe("admin", () => {
  it("is off when ADMIN_TOKEN is unset", async () => {
    const res = await fetchWith({ env: { ADMIN_TOKEN: undefined } }, `${BASE}/admin/keys`, { method: "POST", headers: { authorization: "Bearer anything" } });
    expect(res.status).toBe(404);
  });
  it("refuses a wrong token", async () => {
    const res = await SELF.fetch(`${BASE}/admin/keys`, { method: "POST", headers: { authorization: "Bearer wrong" } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
  });
  it("creates sk- keys stored by hash, idempotently for a given key", async () => {
    const { apiKey, keyId } = await createKey("admin");
    expect(apiKey).toMatch(/^sk-[A-Za-z0-9]{40}$/);
    expect(keyId).toMatch(/^[0-9a-f]{64}$/);
    const again = await admin("POST", "/keys", { api_key: apiKey });
    expect(again.data).toMatchObject({ key_id: keyId, created: false });
    const shown = await admin("GET", `/keys/${keyId}`);
    expect(JSON.stringify(shown.data)).not.toContain(apiKey);
  });
  it("validates plan bodies", async () => {
    const { keyId } = await createKey("plans");
    expect((await admin("POST", `/keys/${keyId}/plans`, { pages: -1 })).code).toBe(ERRORS.INVALID_PARAMETER.code);
    expect((await admin("POST", `/keys/${keyId}/plans`, { pages: 10, expires_at: "2020-01-01T00:00:00Z" })).code).toBe(ERRORS.INVALID_PARAMETER.code);
    expect((await admin("POST", `/keys/${"0".repeat(64)}/plans`, { pages: 10 })).code).toBe(ERRORS.INVALID_PARAMETER.code);
  });
});

describe("dashboard", () => {
  it("asks for the key in a POST form", async () => {
    const res = await SELF.fetch(`${BASE}/dashboard`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<form method="post" action="\/dashboard"/);
    expect(html).toMatch(/type="password"/);
  });
  it("shows usage and recent tasks for a valid key", async () => {
    const { apiKey } = await createKey("dash");
    await post("/v1/parse/sync", { api_key: apiKey, file: await pdfFile(SAMPLE_PDF, "<b>evil<b>.pdf"), output_formats: "markdown" });
    const body = new FormData();
    body.append("api_key", apiKey);
    const res = await SELF.fetch(`${BASE}/dashboard`, { method: "POST", body });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Free pages left today");
    expect(html).toContain("&#60;b&#62;evil&#60;b&#62;.pdf");
    expect(html).not.toContain("<b>evil");
    expect(html).not.toContain(apiKey);
  });
  it("shows the key's label and signed download links for finished tasks", async () => {
    const { apiKey } = await createKey("team <b>docs</b>");
    const file = await pdfFile(SAMPLE_PDF);
    const converted = await post("/v1/convert/sync", { api_key: apiKey, file, target_type: "word" });
    expect(converted.body.data.status).toBe("SUCCESS");
    await post("/v1/parse/sync", { api_key: apiKey, file, output_formats: "markdown" });
    const html = await dashboardFor(apiKey);
    expect(html).toContain("team &#60;b&#62;docs&#60;/b&#62;");
    expect(html).toContain('href="/docs"');
    expect(html).toContain('href="/playground"');
    // A parse that asked for no zip has no file to offer, and says so.
    expect(html).toContain("no file (results via /v1/parse/async_check)");
    const link = /<a href="([^"]+)">([^<]+\.docx)<\/a>/.exec(html);
    expect(link, html).not.toBeNull();
    const url = link![1].replaceAll("&#38;", "&");
    expect(url).toMatch(/[?&]sig=/);
    const res = await SELF.fetch(url);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
    expect(Object.keys(unzipSync(bytes))).toContain("word/document.xml");
  });
  it("links the zip of a parse that asked for one", async () => {
    const { apiKey } = await createKey("zip");
    const file = await pdfFile(SAMPLE_PDF);
    const parsed = await post("/v1/parse/sync", { api_key: apiKey, file, output_formats: "zip", element_formats: '{"image":"file"}' });
    expect(parsed.body.code).toBe(0);
    const link = /<a href="([^"]+)">([^<]+\.zip)<\/a>/.exec(await dashboardFor(apiKey));
    expect(link).not.toBeNull();
    const res = await SELF.fetch(link![1].replaceAll("&#38;", "&"));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
  });
  it("says when the key is wrong", async () => {
    const body = new FormData();
    body.append("api_key", "sk-wrongwrongwrong");
    const res = await SELF.fetch(`${BASE}/dashboard`, { method: "POST", body });
    expect(res.status).toBe(401);
    expect(await res.text()).toMatch(/not a known key/);
  });
});

async function dashboardFor(apiKey: string): Promise<string> {
  const body = new FormData();
  body.append("api_key", apiKey);
  const res = await SELF.fetch(`${BASE}/dashboard`, { method: "POST", body });
  expect(res.status).toBe(200);
  return res.text();
}

// Its static files (script, sample, pdf.js) are served by Workers Static Assets, which SELF
// does not pass through: test/browser/playground.test.mjs loads them from wrangler dev.
describe("playground", () => {
  it("is a page whose policy runs only the service's own scripts", async () => {
    const res = await SELF.fetch(`${BASE}/playground`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe");
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/playground/static/app.js"></script>');
    // No inline script: every <script> names its file.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
  });
  it("answers other methods in the JSON envelope", async () => {
    const res = await SELF.fetch(`${BASE}/playground`, { method: "POST" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).code).toBe(ERRORS.ROUTE_NOT_FOUND.code);
  });
});
