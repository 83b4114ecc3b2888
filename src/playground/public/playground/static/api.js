// The public API as the playground calls it: multipart forms with the key in the
// Authorization header, the {code, message, data} envelope unwrapped, async tasks polled.

export class ApiFailure extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

async function call(path, key, fields) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  let res;
  try {
    res = await fetch(path, { method: "POST", headers: { authorization: `Bearer ${key}` }, body });
  } catch {
    throw new ApiFailure("The service did not answer: is it running?", null);
  }
  const envelope = await res.json().catch(() => null);
  if (!envelope || typeof envelope.code !== "number") throw new ApiFailure(`The service answered HTTP ${res.status} without a JSON envelope.`, null);
  if (envelope.code !== 0) throw new ApiFailure(`${envelope.message} (code ${envelope.code})`, envelope.code);
  return envelope.data;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `path` until `done(data)`; quick at first (small documents end in seconds), then every 3 s as the API asks. */
async function poll(path, key, taskId, done, onProgress) {
  for (let attempt = 0; ; attempt++) {
    const data = await call(path, key, [["task_id", taskId]]);
    if (done(data)) return data;
    onProgress?.(data);
    await sleep(attempt < 10 ? 1000 : 3000);
  }
}

/** Parses `file` (Markdown and JSON) and resolves to the finished task's data. */
export async function parseDocument(key, file, features, onProgress) {
  const fields = [["file", file], ["output_formats", "markdown"], ["output_formats", "json"], ["feature_config", JSON.stringify(features)]];
  const submitted = await call("/v1/parse/async", key, fields);
  onProgress?.(submitted);
  const data = await poll("/v1/parse/async_check", key, submitted.task_id, (d) => d.status === "success" || d.status === "failed", onProgress);
  if (data.status === "failed") throw new ApiFailure(`The parse failed: ${data.error?.message ?? "no reason given"}`, data.error?.code ?? null);
  return data;
}

/** Converts a PDF to `target` ("word" or "ppt") and resolves to the finished task, with its download_url. */
export async function convertDocument(key, file, target, onProgress) {
  const submitted = await call("/v1/convert/async", key, [["file", file], ["target_type", target]]);
  onProgress?.(submitted);
  const data = await poll("/v1/convert/async_check", key, submitted.task_id, (d) => d.status === "SUCCESS" || d.status === "FAILED", onProgress);
  if (data.status === "FAILED") throw new ApiFailure(`The conversion failed: ${data.error_message ?? "no reason given"}`, data.error_code);
  return data;
}
