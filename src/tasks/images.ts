// The Worker's side of the image store: a parsed document's images in R2 under the task's
// prefix (key layout in storage/blob-store.ts), and img_url links signed to live as long
// as the task's results (they are written into the stored result once, at parse time).
import type { ImageStore } from "../core/ports";
import type { ImageAccess } from "../core/render/images";
import type { ParseTaskOptions } from "./record";
import type { Config } from "../config";
import { blobKeys, getBytes, signedUrl } from "../storage/blob-store";

export class R2ImageStore implements ImageStore {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly taskId: string,
  ) {}

  async put(ref: string, bytes: Uint8Array, mime: string): Promise<void> {
    await this.bucket.put(blobKeys.image(this.taskId, ref), bytes, { httpMetadata: { contentType: mime } });
  }

  get(ref: string): Promise<Uint8Array | null> {
    return getBytes(this.bucket, blobKeys.image(this.taskId, ref));
  }
}

/** What the renderers may reach: the task's images, and signed links to them when a signing secret and an origin exist. */
export function taskImageAccess(secret: string | undefined, config: Pick<Config, "RESULT_TTL_SECONDS" | "PUBLIC_BASE_URL">, taskId: string, options: ParseTaskOptions, store: ImageStore, now: Date): ImageAccess {
  const origin = (options.imageUrlOrigin || config.PUBLIC_BASE_URL).replace(/\/+$/, "");
  if (!origin || !secret) return { store };
  // Results are deleted RESULT_TTL_SECONDS after the task ends, which is about now.
  return { store, urlOf: (ref) => signedUrl(origin, secret, blobKeys.image(taskId, ref), config.RESULT_TTL_SECONDS, now.getTime() / 1000) };
}
