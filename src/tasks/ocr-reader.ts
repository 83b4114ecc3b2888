// The core's PP-OCR reader for a task: the OCR Worker (src/ocr/) over the OCR service
// binding, sent the page picture's pixels. Without the binding (a deployment that left the
// OCR Worker out) there is none, and pictures are read by Tesseract alone.
import type { PaddlePageReading, PaddleReader } from "../core/ocr/paddle/reader";
import type { Env } from "../env";

export function taskOcrReader(env: Pick<Env, "OCR">): PaddleReader | undefined {
  const service = env.OCR;
  if (!service) return undefined;
  // RPC's types lose the tuple of a word's bbox; the object is the one read() answered.
  return { read: async (image) => (await service.read({ width: image.width, height: image.height, pixels: image.pixels })) as unknown as PaddlePageReading };
}
