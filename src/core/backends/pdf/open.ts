// Opening a PDF with pdf.js, with its failures mapped to CoreErrors and every rejection
// handled (pdf.js rejects its loading task and some internal promises on bad input).
import { CoreError } from "../../errors";
import { forgetDeferredJpegs, pdfjs, sameThreadWorker } from "./pdfjs";
import { BUNDLED_CMAP_URL, BundledBinaryData } from "./binary-data";
import { MAX_IMAGE_PIXELS } from "../../limits";
import { checkDecodeLimit, forgetDecodeLimit } from "./decode-limit";

export type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  // pdf.js transfers (detaches) the buffer it is given, even on one thread: hand it a copy
  // so the caller's bytes stay usable (they are stored to R2 after inspection).
  const worker = sameThreadWorker();
  const task = pdfjs.getDocument({
    worker,
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    // Keeps the font's name on the objects the operator list loads (see fonts.ts).
    fontExtraProperties: true,
    // CJK fonts with predefined encodings or without ToUnicode need pdf.js's CMaps.
    cMapUrl: BUNDLED_CMAP_URL,
    cMapPacked: true,
    BinaryDataFactory: BundledBinaryData,
    useWorkerFetch: false,
    verbosity: 0,
    stopAtErrors: false,
    // A picture past this many pixels is not decoded (pdf.js skips it): a 600 dpi colour
    // scan decodes to 130 MB of RGBA, past an isolate's memory by itself.
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  // pdf.js leaves a worker it was handed to its owner: it goes with the document.
  const destroyTask = task.destroy.bind(task);
  task.destroy = () => destroyTask().finally(() => {
    worker.destroy();
    forgetDecodeLimit(task.docId);
    forgetDeferredJpegs(task.docId);
  });
  try {
    const doc = await task.promise;
    checkDecodeLimit(task.docId);
    if (doc.numPages < 1) {
      await doc.loadingTask.destroy();
      throw new CoreError("corrupt_file", "The PDF has no pages.");
    }
    return doc;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    throw toCoreError(e);
  }
}

/** Throws `limit_exceeded` when a stream of the document inflated past the decode limit (decode-limit.ts). */
export function checkLimits(doc: PdfDocument): void {
  checkDecodeLimit(doc.loadingTask.docId);
}

function toCoreError(e: unknown): CoreError {
  if (e instanceof CoreError) return e;
  const name = e instanceof Error ? e.name : "";
  const message = e instanceof Error ? e.message : String(e);
  if (name === "PasswordException") {
    return new CoreError("password_protected", "The PDF is protected by a password; remove the protection and send it again.");
  }
  return new CoreError("corrupt_file", `The PDF could not be read (${message || name || "unknown error"}); it may be damaged or truncated.`);
}
