// pdfjs-dist ships no types for its worker module (used here as patched by
// scripts/build-pdfjs.mjs); we only connect it to a port.
declare module "*/generated/pdf.worker.mjs" {
  export const WorkerMessageHandler: {
    /** Starts the worker side of pdf.js on a port (it answers "ready" when set up). */
    initializeFromPort(port: unknown): void;
  };
}
