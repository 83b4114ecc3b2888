// The PDFium glue written by scripts/build-pdfium.mjs (src/core/raster/generated/): the
// wrapped module of @embedpdf/pdfium, typed by the few calls the renderer makes.
declare module "*/generated/pdfium.mjs" {
  export function init(moduleArg: Record<string, unknown>): Promise<import("./pdfium").PdfiumCalls>;
}
