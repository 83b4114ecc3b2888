// The figures of a parsed document, for the converters: the Document holds only refs to its
// images (the bytes live in the image store, R2 in the Worker), so the bytes of the
// figures shown are fetched once before a file is built. Without a reader (or a figure the
// store lost) the converters leave the figure out, as they did before images were kept.
import type { BBox, Block, Document, Page } from "../model";

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
  const shown = doc.pages.flatMap((p) => p.blocks.filter((b) => !b.hidden)).flatMap((b) => [...(isFigure(b) ? [b.image!] : []), ...(b.inlineImages ?? []).map((i) => i.image)]);
  for (const { ref, mime } of shown) {
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

/** A picture as a layout converter places it: where the PDF painted it. */
export interface PlacedPicture {
  ref: string;
  bbox: BBox;
  /** Alternative text: the figure's caption, else empty. */
  alt: string;
}

/** A page's pictures at their printed boxes: its figures, and the small pictures inside its text lines (icons), in that order. */
export function placedPictures(page: Page): PlacedPicture[] {
  const visible = page.blocks.filter((b) => !b.hidden);
  return [
    ...visible.filter(isFigure).map((b) => ({ ref: b.image!.ref, bbox: b.bbox, alt: (b.captions ?? []).join(" ") })),
    ...visible.flatMap((b) => (b.inlineImages ?? []).map((i) => ({ ref: i.image.ref, bbox: i.bbox, alt: "" }))),
  ];
}
