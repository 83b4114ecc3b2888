// The figures of a parsed document, for the converters: the Document holds only refs to its
// images (the bytes live in the image store, R2 in the Worker), so the bytes of the
// figures shown are fetched once before a file is built. Without a reader (or a figure the
// store lost) the converters leave the figure out, as they did before images were kept.
import type { Block, Document } from "../model";

export interface ImageReader {
  get(ref: string): Promise<Uint8Array | null>;
}

/** Bytes and image type of each figure to draw, by ref. */
export type Pictures = Map<string, { bytes: Uint8Array; type: "png" | "jpg" | "gif" | "bmp" }>;

const TYPES: Record<string, "png" | "jpg" | "gif" | "bmp"> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/bmp": "bmp" };

export const isFigure = (b: Block) => b.type === "image" && !b.hidden && !!b.image && b.bbox[2] > b.bbox[0] && b.bbox[3] > b.bbox[1];

export async function loadPictures(doc: Document, reader: ImageReader | undefined): Promise<Pictures> {
  const pictures: Pictures = new Map();
  if (!reader) return pictures;
  for (const block of doc.pages.flatMap((p) => p.blocks.filter(isFigure))) {
    const { ref, mime } = block.image!;
    const type = TYPES[mime];
    if (!type || pictures.has(ref)) continue;
    const bytes = await reader.get(ref);
    if (bytes) pictures.set(ref, { bytes, type });
  }
  return pictures;
}

/** Points to the 96-dpi pixels docx sizes images in. */
export const pixels = (points: number) => Math.max(1, Math.round((points * 96) / 72));

/** A figure's alternative text in Word: its caption, else its name in the store. */
export function wordAltText(block: Block): { name: string; description: string; title: string } {
  const ref = block.image!.ref;
  return { name: ref, description: (block.captions ?? []).join(" ") || ref, title: ref };
}
