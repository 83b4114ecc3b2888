// img_url of every shown image, per element_formats.image, resolved before the (synchronous)
// renderers run: `url` a signed link from the adapter (the Worker signs R2 keys), `base64` a
// data URI read back from the image store, `file` the image's path inside the zip, `none`
// nothing (image blocks are left out). Also the zip's image files.
import type { ImageStore } from "../ports";
import type { Document, ImageRef } from "../model";
import type { RenderOptions } from "../options";
import { CoreError } from "../errors";
import { renderParseResult, type ParseResult } from "./result";
import { visibleBlocks } from "./visible";
import { ZIP_IMAGE_DIR } from "./zip";
import { base64 } from "../images/base64";

/** What the caller lends the renderers to reach the images. */
export interface ImageAccess {
  store?: ImageStore;
  /** For `url`: a link to the stored image, valid as long as the task's results. */
  urlOf?: (ref: string) => Promise<string>;
}

/** Images the output shows: figures, tables drawn as pictures (table "image") and the images inside text lines of shown blocks (`none` shows none). */
export function shownImages(doc: Document, opts: RenderOptions): ImageRef[] {
  if (opts.elementFormats.image === "none") return [];
  const tablePictures = opts.elementFormats.table === "image";
  return doc.pages.flatMap((p) =>
    visibleBlocks(p, opts.features).flatMap((b) => [
      ...(b.type === "image" && b.image ? [b.image] : []),
      ...(tablePictures && b.table?.image ? [b.table.image] : []),
      ...(b.inlineImages ?? []).map((i) => i.image),
    ]),
  );
}

/**
 * Image bytes a `base64` result may carry: they are written twice (JSON and Markdown), a
 * third larger again as text, and the whole result is one string in a 128 MB isolate.
 */
export const MAX_BASE64_IMAGE_BYTES = 16 * 1024 * 1024;
/** Image bytes a zip may hold: the archive is built in memory next to them. */
export const MAX_ZIP_IMAGE_BYTES = 48 * 1024 * 1024;

function tooLarge(total: number, limit: number, what: string): CoreError {
  const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
  return new CoreError("limit_exceeded", `The document's images (over ${mb(total)}) exceed the ${mb(limit)} ${what} can hold; ask for element_formats.image "url" instead.`);
}

export async function resolveImageSources(doc: Document, opts: RenderOptions, access: ImageAccess): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  let base64Bytes = 0;
  for (const { ref, mime } of shownImages(doc, opts)) {
    switch (opts.elementFormats.image) {
      case "url":
        if (access.urlOf) sources.set(ref, await access.urlOf(ref));
        break;
      case "base64": {
        const bytes = await access.store?.get(ref);
        if (!bytes) break;
        if ((base64Bytes += bytes.length) > MAX_BASE64_IMAGE_BYTES) throw tooLarge(base64Bytes, MAX_BASE64_IMAGE_BYTES, "a base64 result");
        sources.set(ref, `data:${mime};base64,${base64(bytes)}`);
        break;
      }
      case "file":
        sources.set(ref, `${ZIP_IMAGE_DIR}/${ref}`);
        break;
    }
  }
  return sources;
}

/** The parse result with img_url filled in and, for the zip, the images it references. */
export async function renderWithImages(doc: Document, opts: RenderOptions, access: ImageAccess): Promise<ParseResult> {
  const imageSources = await resolveImageSources(doc, opts, access);
  const zipImages: Record<string, Uint8Array> = {};
  if (opts.outputFormats.includes("zip") && opts.elementFormats.image === "file") {
    let total = 0;
    for (const { ref } of shownImages(doc, opts)) {
      const bytes = await access.store?.get(ref);
      if (!bytes) continue;
      if ((total += bytes.length) > MAX_ZIP_IMAGE_BYTES) throw tooLarge(total, MAX_ZIP_IMAGE_BYTES, "a zip");
      zipImages[ref] = bytes;
    }
  }
  return renderParseResult(doc, { ...opts, imageSources }, zipImages);
}

