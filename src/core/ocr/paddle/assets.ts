// Where PP-OCR's networks and ONNX Runtime's WebAssembly come from. They are provided by
// the caller, as the Tesseract assets are (../assets.ts): Node reads them from the installed
// packages (src/cli/paddle-assets.ts), the OCR Worker (src/ocr/) has ONNX Runtime's WASM
// compiled at upload and the networks from R2 (together they pass a Worker's 10 MB).
// Without assets PP-OCR is not there, and pages are read by Tesseract alone.

/** The three networks of PP-OCRv4 (mobile): text detection, line recognition, line direction. */
export type PaddleNet = "det" | "rec" | "cls";

export interface PaddleAssets {
  /**
   * What ONNX Runtime's glue instantiates: the WASM's bytes (Node), or a stand-in that the
   * provider's own WebAssembly.instantiate hook answers with the module compiled at upload
   * (workerd cannot compile WASM from bytes at run time).
   */
  ortWasm(): Promise<Uint8Array>;
  net(name: PaddleNet): Promise<Uint8Array>;
  /** The recogniser's alphabet, one character a line (ppocr_keys_v1.txt). */
  alphabet(): Promise<string>;
}

let provided: PaddleAssets | undefined;

export function providePaddleAssets(assets: PaddleAssets | undefined): void {
  provided = assets;
}

export const paddleAssets = (): PaddleAssets | undefined => provided;
