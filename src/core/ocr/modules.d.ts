// Module kinds the OCR engine imports from src/core/ocr/generated/ (written by
// scripts/build-ocr.mjs). In the Worker, wrangler.toml's rules make a `.wasm` a compiled
// WebAssembly.Module and a `.traineddata.gz` a data module (its bytes).
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
declare module "*.traineddata.gz" {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module "*/tesseract-core.mjs" {
  /** The emscripten factory of tesseract.js-core: resolves to the module once the WASM is instantiated. */
  const factory: (moduleArg: Record<string, unknown>) => Promise<import("./tesseract").TesseractModule>;
  export default factory;
}
