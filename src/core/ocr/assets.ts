// Where the OCR engine gets its WebAssembly and its models. In workerd (the Worker and its
// tests) the WASM and the bundled models travel inside the bundle (assets-bundled.ts), and
// the other languages' models come from storage (R2), handed over by the Worker with
// provideOcrModels; Node callers (CLI, eval, bench) cannot import a `.wasm` as a module and
// provide the same files read from disk instead.
import type { OcrLanguage } from "./languages";

/** The gzip-compressed `.traineddata` of a language, or undefined when this deployment has none. */
export type ModelSource = (language: OcrLanguage) => Promise<Uint8Array | undefined>;

export interface OcrAssets {
  /** Instantiates tesseract.js-core's WASM with the glue's imports. */
  instantiate(imports: WebAssembly.Imports): Promise<WebAssembly.Instance>;
  model: ModelSource;
}

let provided: OcrAssets | undefined;
let stored: ModelSource | undefined;

/** Node entry points call this before parsing images; the Worker needs nothing. */
export function provideOcrAssets(assets: OcrAssets): void {
  provided = assets;
}

/** The Worker's source of the models it does not bundle (R2). */
export function provideOcrModels(source: ModelSource): void {
  stored = source;
}

export async function ocrAssets(): Promise<OcrAssets> {
  // Imported lazily: only workerd's bundler knows how to load the module it imports.
  const assets = provided ?? (await import("./assets-bundled")).bundledAssets;
  return { instantiate: assets.instantiate, model: async (language) => (await assets.model(language)) ?? (await stored?.(language)) };
}
