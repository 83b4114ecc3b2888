// Pictures of the kept pages of an Office file, from the package to the ImageSink: each
// part is read (under the package's unzip caps, like any part), handed to the sink with
// its bytes unchanged, and dropped; its blocks get the ref. A part shown twice is stored
// once. Without a sink no picture is read and the image blocks are left out, as a PDF's
// figures are. A page's pictures are handed on with their bytes while they are at hand
// (image understanding and figure text run on them: pipeline/office.ts).
import { CoreError } from "../../errors";
import type { Block, FileType, Page, Warning } from "../../model";
import type { ImageSink } from "../../ports";
import { imageRef } from "../../images/store";
import { probeImage } from "../../images/probe";
import { extensionOf, WEB_IMAGE_MIMES, type PictureParts } from "./pictures";
import type { OfficeZip } from "./zip";

/** Formats whose pixel size the image probe reads from the header. */
const PROBED: Record<string, FileType> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/bmp": ".bmp", "image/webp": ".webp" };
/** Formats a vision model takes. */
const DESCRIBABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** Called with a page's kept blocks and the bytes of its pictures (by ref) while they are at hand. */
export type PicturesAtHand = (blocks: Block[], bytesOf: Map<string, Uint8Array>) => Promise<void>;

export function dropPictures(pages: Page[], pictures: PictureParts): void {
  for (const page of pages) page.blocks = page.blocks.filter((b) => !pictures.has(b));
}

export async function storePictures(zip: OfficeZip, pages: Page[], pictures: PictureParts, sink: ImageSink, picturesAtHand?: PicturesAtHand): Promise<Warning[]> {
  const stored = new Map<string, { ref: string; mime: string; width?: number; height?: number } | null>();
  const unreadable: string[] = [];
  const notWeb = new Set<string>();
  for (const page of pages) {
    let n = 0;
    const bytesOf = new Map<string, Uint8Array>();
    const kept: Block[] = [];
    for (const block of page.blocks) {
      const part = pictures.get(block);
      if (part === undefined) {
        kept.push(block);
        continue;
      }
      if (!stored.has(part)) {
        const mime = block.image!.mime;
        const bytes = readPicture(zip, part, unreadable);
        if (bytes) {
          const ref = imageRef(page.index, n++, extensionOf(mime, part));
          await sink.put(ref, bytes, mime);
          stored.set(part, { ref, mime, ...pixelSize(bytes, mime) });
          if (DESCRIBABLE.has(mime)) bytesOf.set(ref, bytes);
        } else stored.set(part, null);
      }
      const image = stored.get(part);
      if (!image) continue; // unreadable: the block goes, the warning says why
      if (!WEB_IMAGE_MIMES.has(image.mime)) notWeb.add(`${part.slice(part.lastIndexOf("/") + 1)} (${image.mime})`);
      block.image = { ...image };
      kept.push(block);
    }
    page.blocks = kept;
    // The bytes are at hand only now: image understanding runs page at a time, as for PDFs.
    if (bytesOf.size) await picturesAtHand?.(kept, bytesOf);
  }
  const warnings: Warning[] = [];
  if (unreadable.length) warnings.push({ code: "images_not_extracted", message: `${unreadable.length} picture(s) could not be read and are left out: ${unreadable.slice(0, 3).join("; ")}.` });
  // Kept as the file has them (the zip and the store give the original to whoever can convert it); a browser will not show them.
  if (notWeb.size) warnings.push({ code: "images_not_web_displayable", message: `${notWeb.size} picture(s) are in a format browsers do not display and are passed through unchanged: ${[...notWeb].slice(0, 3).join(", ")}.` });
  return warnings;
}

/** The part's bytes, or null with the reason noted: a missing part or one past the unzip caps costs that picture, not the document. */
function readPicture(zip: OfficeZip, part: string, unreadable: string[]): Uint8Array | null {
  try {
    const bytes = zip.read(part);
    if (!bytes) unreadable.push(`${part} is missing from the package`);
    return bytes;
  } catch (e) {
    if (!(e instanceof CoreError)) throw e;
    unreadable.push(e.message);
    return null;
  }
}

/** Pixel size from the header, for the formats the probe knows; absent otherwise (or when the header is damaged). */
function pixelSize(bytes: Uint8Array, mime: string): { width?: number; height?: number } {
  const type = PROBED[mime];
  if (!type) return {};
  try {
    const [size] = probeImage(bytes, type).pages;
    return { width: size.width, height: size.height };
  } catch {
    return {};
  }
}
