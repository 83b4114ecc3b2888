// PP-OCR's networks and Tesseract's models of the languages the Worker does not bundle, put
// into the tests' R2 where the OCR Worker and the processor read them, as `npm run
// seed-models` does for `npm start` (vitest.config.ts serves them at models.test and
// tessdata.test); or handed to the core directly, for tests that parse in process.
import { env } from "cloudflare:test";
import models from "../../src/ocr/models.json";
import tesseract from "../../src/core/ocr/models.json";
import { provideOcrModels } from "../../src/core/ocr/assets";

async function served(url: string): Promise<ArrayBuffer | undefined> {
  const res = await fetch(url);
  return res.ok ? res.arrayBuffer() : undefined;
}

async function seed(key: string, url: string): Promise<void> {
  if (await env.BLOBS.head(key)) return;
  const bytes = await served(url);
  if (!bytes) throw new Error(`${url}: not served`);
  await env.BLOBS.put(key, bytes);
}

export async function seedOcrModels(): Promise<void> {
  for (const file of Object.values(models.files)) await seed(models.prefix + file, `http://models.test/${file}`);
  // Russian's comes from a Debian package a machine may lack: the others are always there.
  for (const language of tesseract.languages) {
    const bytes = (await env.BLOBS.head(`${tesseract.prefix}${language}.traineddata.gz`)) ? undefined : await served(`http://tessdata.test/${language}.traineddata.gz`);
    if (bytes) await env.BLOBS.put(`${tesseract.prefix}${language}.traineddata.gz`, bytes);
  }
}

/** The core, parsing in this isolate, gets the models as the processor gets them from R2. */
export function provideTessdataModels(): void {
  provideOcrModels(async (language) => {
    const bytes = await served(`http://tessdata.test/${language}.traineddata.gz`);
    return bytes && new Uint8Array(bytes);
  });
}

export async function removeOcrModels(): Promise<void> {
  for (const file of Object.values(models.files)) await env.BLOBS.delete(models.prefix + file);
}
