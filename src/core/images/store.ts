// Where extracted image bytes go. The core never holds a document's images: each page's
// images are handed to an ImageSink as soon as they are encoded and dropped afterwards, so
// a 300-page file with photos on every page stays far below a Worker isolate's 128 MB.
// The Worker's sink writes to R2 under the task's prefix (src/tasks/images.ts), the tests
// and scripts keep them in a Map (MemoryImageStore). A block points at its image by `ref`
// (model.ts ImageRef), a name unique within the document, usable as a file name.
import type { ImageStore } from "../ports";

export class MemoryImageStore implements ImageStore {
  readonly images = new Map<string, { bytes: Uint8Array; mime: string }>();

  async put(ref: string, bytes: Uint8Array, mime: string): Promise<void> {
    this.images.set(ref, { bytes, mime });
  }

  async get(ref: string): Promise<Uint8Array | null> {
    return this.images.get(ref)?.bytes ?? null;
  }
}

/** The file name of a page's n-th image (both 0-based), the same in R2, in the zip and in the Markdown. */
export const imageRef = (pageIndex: number, n: number, extension = "png") => `page${pageIndex + 1}-${n + 1}.${extension}`;
