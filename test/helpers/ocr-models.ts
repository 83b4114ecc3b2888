// PP-OCR's networks put into the tests' R2 where the OCR Worker reads them, as
// `npm run seed-models` does for `npm start` (vitest.config.ts serves them at models.test).
import { env } from "cloudflare:test";
import models from "../../src/ocr/models.json";

export async function seedOcrModels(): Promise<void> {
  for (const file of Object.values(models.files)) {
    if (await env.BLOBS.head(models.prefix + file)) continue;
    const res = await fetch(`http://models.test/${file}`);
    if (!res.ok) throw new Error(`models.test/${file}: HTTP ${res.status}`);
    await env.BLOBS.put(models.prefix + file, await res.arrayBuffer());
  }
}

export async function removeOcrModels(): Promise<void> {
  for (const file of Object.values(models.files)) await env.BLOBS.delete(models.prefix + file);
}
