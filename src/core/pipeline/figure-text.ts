// enable_image_ocr: the text inside a document's pictures (a chart's labels, a table or a
// page pasted in as a picture), read by the same OCR engine as scans and attached to the
// image block as `image.text`, line by line. Words read with little confidence are left
// out: a photograph yields a few garbled "words", not text.
import type { Block, FileType } from "../model";
import { CoreError } from "../errors";
import { decodePage } from "../images/decode";
import { probeImage } from "../images/probe";
import { recognizePage } from "../ocr/recognize";

/** Pictures read per document at most: each is an OCR run of up to a second. */
export const MAX_READ_FIGURES = 40;
/** Words below this confidence (0..100) are noise, not text. */
const MIN_WORD_CONFIDENCE = 60;
/** Pictures smaller than this (pixels) on either side hold no readable line. */
const MIN_PIXELS = 16;
const POINTS_PER_INCH = 72;
const FILE_TYPE_OF: Record<string, FileType> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/bmp": ".bmp", "image/webp": ".webp", "image/tiff": ".tif" };

export interface FigureTextBudget {
  left: number;
}

export const figureTextBudget = (): FigureTextBudget => ({ left: MAX_READ_FIGURES });

/** Sets `image.text` on the image blocks whose bytes are at hand in `bytesOf`. */
export async function readFigureText(blocks: Block[], bytesOf: Map<string, Uint8Array>, budget: FigureTextBudget): Promise<void> {
  for (const b of blocks) {
    if (b.type !== "image" || !b.image || budget.left <= 0) continue;
    const bytes = bytesOf.get(b.image.ref);
    const fileType = FILE_TYPE_OF[b.image.mime];
    if (!bytes || !fileType) continue;
    budget.left--;
    const text = await pictureText(bytes, fileType, b.bbox[2] - b.bbox[0]);
    b.image.text = text;
  }
}

async function pictureText(bytes: Uint8Array, fileType: FileType, widthPoints: number): Promise<string> {
  try {
    const [size] = probeImage(bytes, fileType).pages;
    if (!size || size.width < MIN_PIXELS || size.height < MIN_PIXELS) return "";
    const image = decodePage(bytes, fileType, 0, size);
    // The picture's resolution as printed on the page helps Tesseract judge its type sizes.
    const dpi = widthPoints > 0 ? (image.width / widthPoints) * POINTS_PER_INCH : undefined;
    const { words } = await recognizePage({ bytes: image.bytes, dpi });
    const lines = new Map<string, string[]>();
    for (const w of words) {
      if (w.confidence < MIN_WORD_CONFIDENCE || !w.text.trim()) continue;
      lines.set(w.lineKey, [...(lines.get(w.lineKey) ?? []), w.text]);
    }
    return [...lines.values()].map((l) => l.join(" ")).join("\n");
  } catch (e) {
    // The engine failing to start is the service's trouble (retried); a picture it cannot read has no text.
    if (e instanceof CoreError && e.retryable) throw e;
    return "";
  }
}
