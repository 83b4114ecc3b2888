// The WebAssembly the core needs, for Node callers (CLI, eval, bench): Node cannot import a
// `.wasm` as a compiled module the way the Worker bundle does, so the generated files
// (scripts/build-ocr.mjs, scripts/build-pdfjs.mjs, scripts/build-pdfium.mjs) are read from
// disk and compiled here. Node's own zlib is handed over at the same time, as the Workers do.
import type { RegionRenderer } from "../core/ports";
import { existsSync, readFileSync } from "node:fs";
import zlib from "node:zlib";
import { provideNativeZlib } from "../core/zlib";
import { resolve } from "node:path";
import { providePdfWasmDecoders } from "../core/backends/pdf/wasm-decoders";
import { useOcrAssetsFromDisk } from "./ocr-assets";
import { usePaddleAssetsFromDisk } from "./paddle-assets";
import { loadPdfium, renderRegions, type PdfiumCalls } from "../core/raster/pdfium";
import { projectRoot } from "./root";

const pdfGenerated = resolve(projectRoot, "src/core/backends/pdf/generated");

export function useWasmFromDisk(): void {
  provideNativeZlib(zlib);
  useOcrAssetsFromDisk();
  usePaddleAssetsFromDisk();
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

const pdfiumWasm = resolve(projectRoot, "src/core/raster/generated/pdfium.wasm");
let pdfiumCompiled: Promise<WebAssembly.Module> | undefined;
let pdfiumLoaded: PdfiumCalls | undefined;

/** The page renderer for one document, PDFium in this process (the Worker calls the renderer Worker instead). */
export function pdfiumRenderer(bytes: Uint8Array): RegionRenderer {
  return {
    async render(requests) {
      pdfiumCompiled ??= WebAssembly.compile(readFileSync(pdfiumWasm));
      pdfiumLoaded = await loadPdfium(await pdfiumCompiled);
      return renderRegions(pdfiumLoaded, bytes, requests);
    },
  };
}

/** PDFium's WASM memory in this process (it only grows): what a renderer isolate holds for it. */
export const pdfiumMemoryBytes = () => pdfiumLoaded?.pdfium.HEAPU8.length ?? 0;
