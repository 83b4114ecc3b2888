// The OCR engine's files as modules of the Worker bundle (wrangler.toml's [[rules]]): the
// WASM is compiled by the runtime at upload (workerd forbids compiling WASM from bytes at
// run time), the models are gzip data decompressed once per isolate. Shaped as assets.ts's
// OcrAssets, which checks it where it takes it (this module imports nothing of that one,
// which imports this one).
/// <reference path="./modules.d.ts" />
import wasm from "./generated/tesseract-core.wasm";
import eng from "./generated/eng.traineddata.gz";
import chiSim from "./generated/chi_sim.traineddata.gz";
import type { OcrLanguage } from "./languages";

const MODELS: Record<OcrLanguage, ArrayBuffer> = { eng, chi_sim: chiSim };

export const bundledAssets = {
  // Given a compiled module, instantiate() answers the instance itself.
  instantiate: (imports: WebAssembly.Imports) => WebAssembly.instantiate(wasm, imports) as Promise<WebAssembly.Instance>,
  model: async (language: OcrLanguage) => (MODELS[language] ? new Uint8Array(MODELS[language]) : undefined),
};
