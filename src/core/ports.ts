// What the core asks of its host, as interfaces: where pictures go (the Worker's R2, the
// CLI's memory), who draws regions of a page (PDFium in the renderer Worker, or in process)
// and who describes a figure (a vision model). The host hands implementations in through
// ParseOptions (options.ts); the core never knows which it got.
import type { BBox } from "./model";

/** Where a document's pictures go as they are made, one at a time: the core never holds a document's pictures (images/store.ts). */
export interface ImageSink {
  put(ref: string, bytes: Uint8Array, mime: string): Promise<void>;
}

/** A sink that can also give the bytes back: renderers read it for `base64` and the zip. */
export interface ImageStore extends ImageSink {
  get(ref: string): Promise<Uint8Array | null>;
}

/** A region of a page: `bbox` in points, top-left origin, in the page's frame turned clockwise by `turn` on top of its own /Rotate (the frame the text was read in). */
export interface RegionRequest {
  page: number;
  bbox: BBox;
  turn?: number;
  dpi: number;
  /** Draw in shades of gray (one channel): a page drawn for OCR. */
  gray?: boolean;
}

/** A drawn region: a PNG and its pixel size. */
export interface RenderedRegion {
  png: Uint8Array;
  width: number;
  height: number;
}

/** Draws regions of one document's pages; null for a region it could not draw. */
export interface RegionRenderer {
  render(requests: RegionRequest[]): Promise<(RenderedRegion | null)[]>;
}

/** A vision model describing a figure (the Worker's calls Workers AI: src/tasks/image-understanding.ts). */
export interface ImageDescriber {
  /** Name of the model, reported with each description. */
  readonly model: string;
  describe(image: Uint8Array, mime: string, context: { captions: string[] }): Promise<string>;
}

/**
 * A vision language model transcribing a picture of a whole page to Markdown, for pages OCR
 * could not read or read with low confidence (the Worker's calls Workers AI when the operator
 * turned it on: src/tasks/page-transcription.ts). It may misread, and it may invent.
 */
export interface PageTranscriber {
  /** Name of the model, reported with each page it transcribed. */
  readonly model: string;
  /** The page's Markdown; `languages` are those OCR thought the page was in, when it could tell. */
  transcribe(picture: Uint8Array, mime: string, context: { languages?: string[] }): Promise<string>;
}
