// The renderer Worker: PDFium drawing regions of PDF pages to PNG, reached from the main
// Worker through a service binding (RENDERER, JS RPC). It is a Worker of its own because
// PDFium's WASM (2.1 MB gzip) does not fit beside the OCR engine in one upload (10 MB), and
// because each call then gets its own isolate memory: the page being parsed and the page
// being drawn do not share 128 MB.
/// <reference path="../core/ocr/modules.d.ts" />
import type { RegionRequest, RenderedRegion } from "../core/ports";
import { WorkerEntrypoint } from "cloudflare:workers";
import wasm from "../core/raster/generated/pdfium.wasm";
import { loadPdfium, renderRegions } from "../core/raster/pdfium";
import { retryingBucket } from "../storage/blob-store";
import "../native-zlib";

export interface RendererEnv {
  BLOBS: R2Bucket;
}

/** Where the PDF is: an R2 key of the shared bucket (the Worker's tasks), or its bytes (small files, tests). */
export type RenderSource = { key: string } | { bytes: Uint8Array };

/**
 * Largest PDF drawn (not exported: a Worker module exports only handlers): PDFium holds the whole file in WASM memory next to its own structures
 * and the bitmap, inside the isolate's 128 MB. Larger files keep their raster figures only.
 */
const MAX_RENDER_FILE_BYTES = 48 * 1024 * 1024;

export class Renderer extends WorkerEntrypoint<RendererEnv> {
  async renderRegions(source: RenderSource, requests: RegionRequest[]): Promise<(RenderedRegion | null)[]> {
    const bytes = "bytes" in source ? source.bytes : await this.read(source.key);
    if (bytes.length > MAX_RENDER_FILE_BYTES) throw tooLarge();
    return renderRegions(await loadPdfium(wasm), bytes, requests);
  }

  private async read(key: string): Promise<Uint8Array> {
    const object = await retryingBucket(this.env.BLOBS).get(key);
    if (!object) throw new Error(`no object ${key}`);
    // The size is known before the body is read: an oversized file is never pulled into memory.
    if (object.size > MAX_RENDER_FILE_BYTES) {
      await object.body.cancel();
      throw tooLarge();
    }
    return new Uint8Array(await object.arrayBuffer());
  }
}

const tooLarge = () => new Error(`the file is over the renderer's ${MAX_RENDER_FILE_BYTES / 1048576} MB`);

export default {
  fetch: () => new Response("docparse renderer: reached through the main Worker's RENDERER binding", { status: 404 }),
} satisfies ExportedHandler<RendererEnv>;
