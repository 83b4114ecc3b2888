// pdf.js's image decoders as modules of the Worker bundle (wrangler.toml's [[rules]] make a
// `.wasm` a module compiled at upload), copied out of pdfjs-dist by scripts/build-pdfjs.mjs.
/// <reference path="../../ocr/modules.d.ts" />
import jbig2 from "./generated/jbig2.wasm";
import openjpeg from "./generated/openjpeg.wasm";
import type { PdfWasmDecoders } from "./wasm-decoders";

const MODULES: Record<string, WebAssembly.Module> = { "jbig2.wasm": jbig2, "openjpeg.wasm": openjpeg };

export const bundledPdfWasm: PdfWasmDecoders = {
  compile: async (filename) => MODULES[filename],
};
