// Where the OCR engine gets its WebAssembly and its models. In workerd (the Worker and its
// tests) they travel inside the bundle (assets-bundled.ts); Node callers (CLI, eval, bench)
// cannot import a `.wasm` as a module and provide the same files read from disk instead.
import type { OcrLanguage } from "./languages";

export interface OcrAssets {
  /** Instantiates tesseract.js-core's WASM with the glue's imports. */
  instantiate(imports: WebAssembly.Imports): Promise<WebAssembly.Instance>;
  /** The gzip-compressed `.traineddata` of a language. */
  model(language: OcrLanguage): Promise<Uint8Array>;
}

let provided: OcrAssets | undefined;

/** Node entry points call this before parsing images; the Worker needs nothing. */
export function provideOcrAssets(assets: OcrAssets): void {
  provided = assets;
}

export async function ocrAssets(): Promise<OcrAssets> {
  // Imported lazily: only workerd's bundler knows how to load the module it imports.
  return provided ?? (await import("./assets-bundled")).bundledAssets;
}
