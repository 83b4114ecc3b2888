// pdf.js's image decoders in WebAssembly: CCITT fax and JBIG2 (the codecs scanners write)
// and JPEG 2000. pdf.js would fetch and compile them from bytes, which workerd forbids;
// its worker is patched (scripts/build-pdfjs.mjs) to ask this hook for a compiled module
// instead. In workerd the modules travel in the bundle (wasm-bundled.ts); Node callers
// (CLI, eval, bench) provide the same files compiled from disk (src/cli/wasm-from-disk.ts).

export interface PdfWasmDecoders {
  /** The compiled module of one of pdf.js's decoders ("jbig2.wasm", "openjpeg.wasm"), if there is one. */
  compile(filename: string): Promise<WebAssembly.Module | undefined>;
}

let provided: PdfWasmDecoders | undefined;

/** Node entry points call this before parsing PDFs; the Worker needs nothing. */
export function providePdfWasmDecoders(decoders: PdfWasmDecoders): void {
  provided = decoders;
}

/** Installs the hook the patched worker calls (once per isolate). */
export function installPdfWasmDecoders(): void {
  const hook = async (filename: string) => {
    // Imported lazily: only workerd's bundler knows how to load the modules it imports.
    const decoders: PdfWasmDecoders = provided ?? (await import("./wasm-bundled")).bundledPdfWasm;
    return decoders.compile(filename);
  };
  (globalThis as { __docparsePdfjsWasm?: typeof hook }).__docparsePdfjsWasm = hook;
}
