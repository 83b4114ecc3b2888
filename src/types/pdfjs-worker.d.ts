// pdfjs-dist ships no types for its worker module (used here as patched by
// scripts/build-pdfjs.mjs); we connect it to a port, and decode the plain JPEGs its patch
// leaves undecoded.
declare module "*/generated/pdf.worker.mjs" {
  export const WorkerMessageHandler: {
    /** Starts the worker side of pdf.js on a port (it answers "ready" when set up). */
    initializeFromPort(port: unknown): void;
  };
  /** The pixels pdf.js's createImageData makes of a JPEG it sent undecoded (by the image object's token); null once its document is forgotten. */
  export function docparseDecodeDeferredJpeg(docId: string, token: number): Promise<unknown>;
  /** The document (its loading task's docId) is closed: its undecoded JPEGs are let go. */
  export function docparseForgetDeferredJpegs(docId: string): void;
}
