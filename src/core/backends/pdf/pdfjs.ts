// Loads pdf.js the same way in workerd and in Node: the legacy build, with its worker
// module imported and set on globalThis.pdfjsWorker so pdf.js runs it on the same thread
// (workerd has no Web Workers).
import * as pdfjsWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfjsWorker;

export { pdfjs };
