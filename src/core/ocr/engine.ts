// Tesseract (tesseract.js-core's WASM) called directly, no web workers: loaded once per
// isolate, one recogniser at a time. An image goes in through the WASM file system
// (/input, read by Leptonica), words with their boxes come out of the TSV renderer.
/// <reference path="./modules.d.ts" />
import factory from "./generated/tesseract-core.mjs";
import { CoreError } from "../errors";
import { ocrAssets } from "./assets";
import type { OcrLanguage } from "./languages";
import { parseTsv, type OcrWord } from "./tsv";
import { OEM_LSTM_ONLY, PSM_AUTO, PSM_SINGLE_BLOCK, PSM_SINGLE_COLUMN, type TessBaseAPI, type TesseractModule } from "./tesseract";

export interface OcrPageResult {
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0..100. */
  meanConfidence: number;
  language: OcrLanguage;
}

/** What to recognise: an encoded image Leptonica reads itself (PGM from our decoders, WEBP as sent). */
export interface OcrInput {
  bytes: Uint8Array;
  /** Resolution of the image, when known: Tesseract uses it to judge text sizes. */
  dpi?: number;
  /** Turn the image clockwise by this many degrees before recognising it. */
  angle?: number;
  /**
   * How Tesseract finds the lines: "page" (its own blocks and columns, the default),
   * "column" (one column of lines of any size: its block finder drops whole lines of some
   * scripts, Hangul's), "block" (lines stacked by us, a sample of a page's lines).
   */
  layout?: "page" | "column" | "block";
}

const INPUT_PATH = "/input";
const TESSDATA = "/tessdata";

interface Loaded {
  module: TesseractModule;
  api: TessBaseAPI;
  memory?: WebAssembly.Memory;
  /** The model(s) the recogniser holds now: one name, or several joined by "+" ("rus+eng"). */
  language?: OcrLanguage;
}

let loading: Promise<Loaded> | undefined;
/** Recognitions run one after another: the engine has one image slot and one loaded language. */
let queue: Promise<unknown> = Promise.resolve();

async function load(): Promise<Loaded> {
  const assets = await ocrAssets();
  let memory: WebAssembly.Memory | undefined;
  // The glue waits for `receive` forever: a failed instantiation must reject on its own.
  let fail: (e: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const module = await Promise.race([
    factory({
      // Hand over the WASM ourselves (workerd: a module compiled at upload, Node: bytes from disk).
      instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void) {
        assets.instantiate(imports).then((instance) => {
          memory = Object.values(instance.exports).find((x): x is WebAssembly.Memory => x instanceof WebAssembly.Memory);
          receive(instance);
        }, fail);
        return {};
      },
      onAbort: (what: unknown) => fail(new Error(`aborted: ${String(what)}`)),
      // Tesseract chats on stdout/stderr ("Estimating resolution..."): keep the logs clean.
      print: () => {},
      printErr: () => {},
    }),
    failed,
  ]);
  module.FS.mkdir(TESSDATA);
  return { module, api: new module.TessBaseAPI(), memory };
}

function engine(): Promise<Loaded> {
  loading ??= load().catch((e) => {
    loading = undefined; // a failed load is tried again by the next page
    throw new CoreError("processing_failed", `The OCR engine could not start: ${e instanceof Error ? e.message : String(e)}`, true);
  });
  return loading;
}

/** Compressed models fetched lately: switching between a page's models fetches none again (a few MB each). */
const recentModels = new Map<OcrLanguage, Uint8Array>();
const RECENT_MODELS = 4;

/** The compressed model of a language; a deployment without it answers a clear error. */
async function modelBytes(language: OcrLanguage): Promise<Uint8Array> {
  let bytes = recentModels.get(language);
  if (!bytes) {
    bytes = await (await ocrAssets()).model(language);
    if (!bytes) throw new CoreError("processing_failed", `The OCR model ${language} is not installed here.`);
  }
  recentModels.delete(language);
  recentModels.set(language, bytes);
  if (recentModels.size > RECENT_MODELS) recentModels.delete(recentModels.keys().next().value!);
  return bytes;
}

/** Whether this deployment has the model of a language (fetched once; kept among the recent ones). */
export async function hasModel(language: OcrLanguage): Promise<boolean> {
  try {
    await modelBytes(language);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads `language` ("fra", or "rus+eng": the first reads, the others re-read the words it
 * doubts). The model files are written to the WASM file system for Init, which reads them
 * into the recogniser, and removed at once: only the loaded model stays in memory.
 */
async function useLanguage(e: Loaded, language: OcrLanguage): Promise<void> {
  if (e.language === language) return;
  const parts = language.split("+");
  const models = await Promise.all(parts.map(async (part) => gunzip(await modelBytes(part))));
  parts.forEach((part, i) => e.module.FS.writeFile(`${TESSDATA}/${part}.traineddata`, models[i]));
  e.language = undefined;
  try {
    if (e.api.Init(TESSDATA, language, OEM_LSTM_ONLY) !== 0) throw new CoreError("processing_failed", `The OCR model ${language} could not be loaded.`, true);
  } finally {
    for (const part of parts) e.module.FS.unlink(`${TESSDATA}/${part}.traineddata`);
  }
  e.language = language;
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Recognises one page image. */
export function recognize(input: OcrInput, language: OcrLanguage): Promise<OcrPageResult> {
  const run = queue.then(async () => {
    const e = await engine();
    await useLanguage(e, language);
    e.module.FS.writeFile(INPUT_PATH, input.bytes);
    try {
      e.api.SetImageFile(1, input.angle ?? 0);
      if (input.dpi) e.api.SetSourceResolution(Math.round(input.dpi));
      e.api.SetPageSegMode(input.layout === "block" ? PSM_SINGLE_BLOCK : input.layout === "column" ? PSM_SINGLE_COLUMN : PSM_AUTO);
      if (e.api.Recognize(null) !== 0) throw new CoreError("processing_failed", "Text recognition failed on this image.");
      return { words: parseTsv(e.api.GetTSVText(0)), meanConfidence: e.api.MeanTextConf(), language };
    } catch (err) {
      if (err instanceof CoreError) throw err;
      // A trap inside the WASM leaves it unusable: the next page starts a fresh engine.
      loading = undefined;
      throw new CoreError("processing_failed", `Text recognition failed on this image: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (loading) {
        e.api.Clear();
        e.module.FS.unlink(INPUT_PATH);
      }
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Bytes of WASM memory the engine holds now (it grows to the peak and stays there). */
export async function ocrMemoryBytes(): Promise<number> {
  if (!loading) return 0;
  return (await engine()).memory?.buffer.byteLength ?? 0;
}
