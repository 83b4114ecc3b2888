// Loads pdf.js the same way in workerd and in Node: the legacy build, with its worker
// (patched for speed by scripts/build-pdfjs.mjs) running on the same thread behind a pair
// of direct ports (workerd has no Web Workers; see direct-port.ts).
import { WorkerMessageHandler, docparseDecodeDeferredJpeg, docparseForgetDeferredJpegs } from "./generated/pdf.worker.mjs";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { directPortPair } from "./direct-port";
import { installPdfWasmDecoders } from "./wasm-decoders";

export { pdfjs };
/** Plain JPEGs pdf.js's worker leaves undecoded until asked (see images.ts's withPixels). */
export { docparseDecodeDeferredJpeg as decodeDeferredJpeg, docparseForgetDeferredJpegs as forgetDeferredJpegs };

installPdfWasmDecoders();

/** A worker of pdf.js's own, on this thread: one per document, destroyed with it. */
export function sameThreadWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  const [apiSide, workerSide] = directPortPair();
  const worker = new pdfjs.PDFWorker({ port: apiSide as never, verbosity: pdfjs.VerbosityLevel.ERRORS });
  WorkerMessageHandler.initializeFromPort(workerSide);
  return worker;
}
