// The OCR engine's files for Node callers (CLI, eval, bench): Node cannot import a `.wasm`
// as a compiled module the way the Worker bundle does, so the same generated files
// (scripts/build-ocr.mjs) are read from disk and compiled here.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { provideOcrAssets } from "../core/ocr/assets";
import { projectRoot } from "./root";

const generated = resolve(projectRoot, "src/core/ocr/generated");

export function useOcrAssetsFromDisk(): void {
  let compiled: Promise<WebAssembly.Module> | undefined;
  provideOcrAssets({
    async instantiate(imports) {
      compiled ??= WebAssembly.compile(readFileSync(resolve(generated, "tesseract-core.wasm")));
      return WebAssembly.instantiate(await compiled, imports);
    },
    // The bundled languages beside the WASM, the others in models/ (scripts/build-ocr.mjs).
    async model(language) {
      const path = [resolve(generated, `${language}.traineddata.gz`), resolve(generated, "models", `${language}.traineddata.gz`)].find(existsSync);
      return path ? new Uint8Array(readFileSync(path)) : undefined;
    },
  });
}
