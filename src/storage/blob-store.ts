// The R2 key layout and the signed download URLs live here and nowhere else.
//
//   tasks/<task_id>/input            the uploaded or fetched document
//   tasks/<task_id>/document.json    the parsed Document (conversion: parse stage -> convert stage)
//   tasks/<task_id>/result.json      the parse result (catalog + outputs)
//   tasks/<task_id>/files/<name>     files handed out by signed URL (zip, .docx, .pptx)
//   tasks/<task_id>/files/images/<ref>  a parsed document's images (img_url of element_formats.image "url")

export const blobKeys = {
  prefix: (taskId: string) => `tasks/${taskId}/`,
  input: (taskId: string) => `tasks/${taskId}/input`,
  document: (taskId: string) => `tasks/${taskId}/document.json`,
  result: (taskId: string) => `tasks/${taskId}/result.json`,
  file: (taskId: string, name: string) => `tasks/${taskId}/files/${name}`,
  image: (taskId: string, ref: string) => `tasks/${taskId}/files/images/${ref}`,
  /** The pages of one part of a long scan, read by its own queue message (tasks/run.ts). */
  part: (taskId: string, start: number) => `tasks/${taskId}/parts/${start}.json`,
};

/** Tries of an R2 call that failed in a way that may pass, and the wait before the second (then twice as long). */
const R2_ATTEMPTS = 4;
const R2_RETRY_MS = 50;
const RETRIED_CALLS = new Set<PropertyKey>(["get", "head", "put", "delete", "list"]);

/**
 * The bucket with its calls tried again when they fail: R2 answers internal errors that
 * pass (its advice is to retry), and locally the two dev processes share its SQLite files,
 * so a write can meet the other's lock ("put: Unspecified error"). A call whose body is a
 * stream is not retried (the stream is spent).
 */
export function retryingBucket(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      if (!RETRIED_CALLS.has(prop)) return value.bind(target);
      return async (...args: unknown[]) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await value.apply(target, args);
          } catch (e) {
            if (attempt >= R2_ATTEMPTS || args.some((a) => a instanceof ReadableStream)) throw e;
            await new Promise((r) => setTimeout(r, R2_RETRY_MS * 2 ** (attempt - 1)));
          }
        }
      };
    },
  });
}

/** Route under which signed files are served (see src/api/routes/files.ts). */
export const FILES_ROUTE = "/v1/files/";

export async function putJson(bucket: R2Bucket, key: string, value: unknown): Promise<void> {
  await bucket.put(key, JSON.stringify(value), { httpMetadata: { contentType: "application/json" } });
}

export async function getJson<T>(bucket: R2Bucket, key: string): Promise<T | null> {
  const obj = await bucket.get(key);
  return obj ? ((await obj.json()) as T) : null;
}

export async function getBytes(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const obj = await bucket.get(key);
  return obj ? new Uint8Array(await obj.arrayBuffer()) : null;
}

/** Deletes every object of a task (retention expiry). */
export async function deleteTaskBlobs(bucket: R2Bucket, taskId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: blobKeys.prefix(taskId), cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

// ---- signed URLs: HMAC-SHA256 over "<key>\n<expires>" with SIGNING_SECRET ----

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A URL under FILES_ROUTE that serves `key` until `nowSeconds + ttlSeconds`. */
export async function signedUrl(origin: string, secret: string, key: string, ttlSeconds: number, nowSeconds: number): Promise<string> {
  const expires = Math.floor(nowSeconds) + ttlSeconds;
  const sig = await hmacHex(secret, `${key}\n${expires}`);
  const path = key.split("/").map(encodeURIComponent).join("/");
  return `${origin}${FILES_ROUTE}${path}?expires=${expires}&sig=${sig}`;
}

export type SignatureCheck = { ok: true; key: string } | { ok: false; reason: "expired" | "bad-signature" };

/** Checks a request to FILES_ROUTE; the signature is compared in constant time. */
export async function verifySignedPath(secret: string, pathAfterRoute: string, expires: string | undefined, sig: string | undefined, nowSeconds: number): Promise<SignatureCheck> {
  const key = pathAfterRoute.split("/").map(safeDecode).join("/");
  const exp = Number(expires);
  if (!sig || !Number.isInteger(exp)) return { ok: false, reason: "bad-signature" };
  const expected = await hmacHex(secret, `${key}\n${exp}`);
  if (!timingSafeEqualStrings(expected, sig.toLowerCase())) return { ok: false, reason: "bad-signature" };
  if (exp < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, key };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Constant-time comparison of two strings (length differences still take the full loop). */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  const ab = encoder.encode(a);
  const bb = encoder.encode(b);
  const len = Math.max(ab.length, bb.length);
  let diff = ab.length ^ bb.length;
  for (let i = 0; i < len; i++) diff |= (ab[i] ?? 0) ^ (bb[i] ?? 0);
  return diff === 0;
}
