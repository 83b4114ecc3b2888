// Uploads cost bounded memory: the multipart body is read as it streams, a body declared
// too large is refused before a byte is read, one that grows too large the moment it does.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/api/errors";
import { MAX_DISCARDED_BYTES, MultipartError, readMultipart } from "../../src/api/multipart";
import { MAX_PARSE_FILE_BYTES } from "../../src/core/limits";
import { BASE, createKey, pdfFile, pollUntil, post, usageOf, SAMPLE_PDF } from "../helpers/api";

const BOUNDARY = "----docparse-test-boundary";
const encoder = new TextEncoder();

/** A multipart body, as bytes. */
function multipart(parts: { name: string; filename?: string; type?: string; body: string | Uint8Array }[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(typeof p.body === "string" ? encoder.encode(p.body) : p.body);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The bytes as a stream of `size`-byte chunks (1: every boundary falls across chunks). */
function streamOf(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const limits = { maxFileBytes: 1000, maxFieldBytes: 100, maxParts: 10 };

describe("the streaming multipart reader", () => {
  const file = Uint8Array.from({ length: 600 }, (_, i) => (i * 7) % 256);
  // A file part whose bytes hold the start of the delimiter: only the whole delimiter ends it.
  file.set(encoder.encode(`\r\n--${BOUNDARY.slice(0, 10)}`), 300);
  const body = multipart([
    { name: "api_key", body: "sk-abc" },
    { name: "file", filename: "a.pdf", type: "application/pdf", body: file },
    { name: "output_formats", body: "json" },
    { name: "output_formats", body: "markdown" },
  ]);

  for (const size of [1, 7, 64, 100_000]) {
    it(`reads fields and the file whole in chunks of ${size} bytes`, async () => {
      const { fields, file: upload } = await readMultipart(streamOf(body, size), BOUNDARY, limits);
      expect(fields.get("api_key")).toBe("sk-abc");
      expect(fields.getAll("output_formats")).toEqual(["json", "markdown"]);
      expect(upload).toMatchObject({ name: "a.pdf", type: "application/pdf" });
      expect(upload!.bytes).toEqual(file);
    });
  }

  it("refuses the file the moment it passes its limit, then drops the rest of the body up to a bound", async () => {
    const big = multipart([{ name: "file", filename: "big.pdf", body: new Uint8Array(50_000) }]);
    const counted = (bytes: Uint8Array) => {
      const stream = { pulled: 0, body: null as unknown as ReadableStream<Uint8Array> };
      stream.body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stream.pulled >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(stream.pulled, stream.pulled + 256));
          stream.pulled += 256;
        },
      });
      return stream;
    };
    // Within the bound, the whole body is read (the client hears the answer)...
    const drained = counted(big);
    await expect(readMultipart(drained.body, BOUNDARY, { ...limits, maxDiscardedBytes: 100_000 })).rejects.toMatchObject({ kind: "file_too_large" });
    expect(drained.pulled).toBeGreaterThanOrEqual(big.length);
    // ...past it, reading stops there.
    const cut = counted(big);
    await expect(readMultipart(cut.body, BOUNDARY, { ...limits, maxDiscardedBytes: 10_000 })).rejects.toMatchObject({ kind: "file_too_large" });
    expect(cut.pulled).toBeLessThan(15_000);
  });

  it("refuses a large text field, a cut body and a body without its boundary", async () => {
    await expect(readMultipart(streamOf(multipart([{ name: "api_key", body: "x".repeat(200) }]), 50), BOUNDARY, limits)).rejects.toMatchObject({ kind: "field_too_large" });
    const cut = body.slice(0, body.length - 20);
    await expect(readMultipart(streamOf(cut, 64), BOUNDARY, limits)).rejects.toBeInstanceOf(MultipartError);
    await expect(readMultipart(streamOf(encoder.encode("x".repeat(20_000)), 64), BOUNDARY, limits)).rejects.toMatchObject({ kind: "malformed" });
  });

  it("drops a file part under another name (within the field limit) and reads a UTF-8 file name", async () => {
    const parts = encoder.encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n\r\nabc\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf\r\n\r\n%PDF\r\n--${BOUNDARY}--`,
    );
    const { fields, file } = await readMultipart(streamOf(parts, 5), BOUNDARY, limits);
    expect([...fields.keys()]).toEqual([]);
    expect(file!.name).toBe("résumé.pdf");
  });
});

describe("upload limits over HTTP", () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createKey("uploads"));
  });

  it("refuses a body declared far over the limit before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await SELF.fetch(`${BASE}/v1/parse/sync`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(MAX_DISCARDED_BYTES + 1) },
      body,
      // @ts-expect-error workerd's fetch wants to be told a stream body is sent as it is
      duplex: "half",
    }).catch((e) => e as Error);
    if (res instanceof Error) throw res;
    const json = (await res.json()) as { code: number; message: string };
    expect(res.status).toBe(413);
    expect(json.code).toBe(ERRORS.FILE_TOO_LARGE.code);
    expect(json.message).toMatch(/larger than 48 MB/);
    expect(pulled).toBeLessThan(20);
  });

  it("refuses a file that grows past the limit while it streams, charging nothing", async () => {
    const before = await usageOf(apiKey);
    const big = new File([new Uint8Array(MAX_PARSE_FILE_BYTES + 1)], "big.pdf", { type: "application/pdf" });
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: big });
    expect(res.status).toBe(413);
    expect(body.code).toBe(ERRORS.FILE_TOO_LARGE.code);
    expect(await usageOf(apiKey)).toEqual(before);
  });

  it("refuses an oversized body on an endpoint that takes no file", async () => {
    const { res, body } = await post("/v1/usage", { api_key: apiKey, note: "x".repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(body.code).toBe(ERRORS.PAYLOAD_TOO_LARGE.code);
  });

  it("still parses a normal upload, sync and async", async () => {
    const pdf = await pdfFile(SAMPLE_PDF);
    const sync = await post("/v1/parse/sync", { api_key: apiKey, file: pdf, output_formats: "markdown" });
    expect(sync.body.code, sync.body.message).toBe(0);
    expect(sync.body.data.result.outputs.markdown.length).toBeGreaterThan(100);
    const submitted = await post("/v1/parse/async", { api_key: apiKey, file: pdf });
    const done = await pollUntil(async () => (await post("/v1/parse/async_check", { api_key: apiKey, task_id: submitted.body.data.task_id })).body, (b) => b.data.status === "success");
    expect(done.data.result.outputs.markdown).toBe(sync.body.data.result.outputs.markdown);
  });
});
