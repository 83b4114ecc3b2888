// The WebAssembly the core needs, for Node callers (CLI, eval, bench): Node cannot import a
// `.wasm` as a compiled module the way the Worker bundle does, so the generated files
// (scripts/build-ocr.mjs, scripts/build-pdfjs.mjs) are read from disk and compiled here.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { providePdfWasmDecoders } from "../core/backends/pdf/wasm-decoders";
import { useOcrAssetsFromDisk } from "./ocr-assets";

const pdfGenerated = resolve(import.meta.dirname, "../core/backends/pdf/generated");

export function useWasmFromDisk(): void {
  useOcrAssetsFromDisk();
  const compiled = new Map<string, Promise<WebAssembly.Module>>();
  providePdfWasmDecoders({
    async compile(filename) {
      const path = resolve(pdfGenerated, filename);
      if (!existsSync(path)) return undefined;
      if (!compiled.has(filename)) compiled.set(filename, WebAssembly.compile(readFileSync(path)));
      return compiled.get(filename);
    },
  });
}
