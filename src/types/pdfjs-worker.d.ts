// pdfjs-dist ships no types for its worker module; we only hand it to pdf.js.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
