// A PDF page's images, from extraction to the store: the page's drawing is read only when
// it is already at hand (tables fetched it) or when the page's text leaves room for a
// figure (processors/figure-hint.ts) and the file has image XObjects or vector figures will be drawn; the
// pictures (PNG, or a plain JPEG as the file held it, named page3-1.jpg) go to the sink at once
// and the page's runs get their refs. The bytes are returned for image understanding and
// dropped with the page.
import type { ImageSink } from "../ports";
import type { PageRuns } from "../runs";
import type { PdfPage } from "../backends/pdf/open";
import { pageImages } from "../backends/pdf/images";
import { pageDrawingClusters } from "../backends/pdf/drawing-clusters";
import { mayHoldFigure } from "../processors/figure-hint";
import { imageRef } from "../images/store";

export interface PageImageContext {
  sink: ImageSink;
  /** documentHasImageXObjects() of the file, computed once. */
  hasImageXObjects: boolean;
  /** enable_inline_image: keep images under figure size too, for the text lines they sit in. */
  keepSmall?: boolean;
  /** A renderer will draw vector figures: read where the page's drawing lies. */
  drawnFigures?: boolean;
}

export interface StoredPageImages {
  bytes: Map<string, Uint8Array>;
  /** Figure-sized images pdf.js could not decode: the document's warnings say so. */
  undecoded: number;
}

export async function storePageImages(page: PdfPage, raw: PageRuns, pageIndex: number, ctx: PageImageContext): Promise<StoredPageImages> {
  const bytes = new Map<string, Uint8Array>();
  const drawingAtHand = raw.rulings !== undefined;
  const roomForFigure = drawingAtHand || mayHoldFigure(raw.runs.map((r) => r.bbox), raw.width, raw.height);
  if (ctx.drawnFigures && roomForFigure) raw.drawings = await pageDrawingClusters(page, raw.rotation);
  if (!drawingAtHand && !(ctx.hasImageXObjects && roomForFigure)) return { bytes, undecoded: 0 };
  const textless = raw.runs.every((r) => !r.text.trim());
  const { images, undecoded } = await pageImages(page, { keepSmall: ctx.keepSmall, keepFullPage: textless }, raw.rotation);
  raw.images = [];
  for (const [n, img] of images.entries()) {
    const ref = imageRef(pageIndex, n, img.mime === "image/jpeg" ? "jpg" : "png");
    await ctx.sink.put(ref, img.bytes, img.mime);
    bytes.set(ref, img.bytes);
    raw.images.push({ bbox: img.bbox, image: { ref, mime: img.mime, width: img.width, height: img.height }, ...(img.small ? { small: true } : {}) });
  }
  return { bytes, undecoded };
}
