// pdf.js's image decoders as modules of the Worker bundle (wrangler.toml's [[rules]] make a
// `.wasm` a module compiled at upload), copied out of pdfjs-dist by scripts/build-pdfjs.mjs.
// Shaped as wasm-decoders.ts's PdfWasmDecoders, which checks it where it takes it (this
// module imports nothing of that one, which imports this one).
/// <reference path="../../ocr/modules.d.ts" />
import jbig2 from "./generated/jbig2.wasm";
import openjpeg from "./generated/openjpeg.wasm";

const MODULES: Record<string, WebAssembly.Module> = { "jbig2.wasm": jbig2, "openjpeg.wasm": openjpeg };

export const bundledPdfWasm = {
  compile: async (filename: string): Promise<WebAssembly.Module | undefined> => MODULES[filename],
};
