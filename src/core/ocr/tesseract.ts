// The slice of tesseract.js-core's emscripten module and TessBaseAPI that the engine uses.
// Method names are Tesseract's own (baseapi.h), bound by tesseract.js-core's WebIDL file.

export interface TessBaseAPI {
  Init(datapath: string, language: string, oem: number): number;
  SetPageSegMode(mode: number): void;
  SetVariable(name: string, value: string): boolean;
  /** Reads the image at /input (any format Leptonica reads); tesseract.js's addition: EXIF handling and a rotation angle. */
  SetImageFile(exif: number, angle: number): void;
  SetSourceResolution(ppi: number): void;
  Recognize(monitor: null): number;
  GetTSVText(page: number): string;
  MeanTextConf(): number;
  Clear(): void;
  End(): void;
}

export interface TesseractModule {
  TessBaseAPI: new () => TessBaseAPI;
  FS: {
    mkdir(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    unlink(path: string): void;
  };
  /** The WASM linear memory's current size in bytes (emscripten grows it, never shrinks it). */
  wasmMemory?: WebAssembly.Memory;
}

/** OcrEngineMode: the LSTM recogniser only (the `best_int` models carry nothing else). */
export const OEM_LSTM_ONLY = 1;
/** PageSegMode: fully automatic page segmentation, no orientation detection. */
export const PSM_AUTO = 3;
/** PageSegMode: one uniform block of text (lines we stacked ourselves). */
export const PSM_SINGLE_BLOCK = 6;
/** PageSegMode: one column of text of variable sizes. */
export const PSM_SINGLE_COLUMN = 4;
