// Tesseract's models of the languages the Worker does not bundle, read from R2 where
// scripts/seed-models.mjs puts them (src/core/ocr/models.json): fetched only for the
// languages a page needs. A deployment without them reads those pages without them.
import type { ModelSource } from "../core/ocr/assets";
import models from "../core/ocr/models.json";
import { getBytes } from "../storage/blob-store";

export function r2OcrModels(bucket: R2Bucket): ModelSource {
  return async (language) => (models.languages.includes(language) ? ((await getBytes(bucket, `${models.prefix}${language}.traineddata.gz`)) ?? undefined) : undefined);
}
