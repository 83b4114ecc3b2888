// The OCR Worker: PP-OCR (ONNX Runtime Web's WASM, bundled) reading page pictures for the
// processor Worker, which reaches it through its OCR service binding. A Worker of its own
// because ONNX Runtime (3.3 MB gzip) and the networks (14.4 MB gzip) do not fit beside
// Tesseract in one upload (10 MB): the runtime is bundled, the networks are read from R2
// once per isolate (scripts/seed-models.mjs puts them there). Each call gets this isolate's
// own 128 MB, apart from the page being parsed.
/// <reference path="../core/ocr/modules.d.ts" />
import { WorkerEntrypoint } from "cloudflare:workers";
import ortWasm from "../core/ocr/generated/onnxruntime.wasm";
import { newGrayImage } from "../core/images/gray";
import { providePaddleAssets, type PaddleNet } from "../core/ocr/paddle/assets";
import { readPage } from "../core/ocr/paddle/read-page";
import type { PaddlePageReading } from "../core/ocr/paddle/reader";
import { retryingBucket } from "../storage/blob-store";
import { ortMemoryBytes, standInFor } from "./ort-wasm-hook";
import models from "./models.json";

export interface OcrEnv {
  BLOBS: R2Bucket;
}

/** A page picture as sent over RPC: 8-bit gray, row by row. */
export interface PictureMessage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export class Ocr extends WorkerEntrypoint<OcrEnv> {
  async read(picture: PictureMessage): Promise<PaddlePageReading> {
    const bucket = retryingBucket(this.env.BLOBS);
    const object = async (file: string) => {
      const found = await bucket.get(models.prefix + file);
      if (!found) throw new Error(`PP-OCR's ${file} is not in R2 under ${models.prefix} (npm run seed-models)`);
      return new Uint8Array(await found.arrayBuffer());
    };
    providePaddleAssets({
      ortWasm: async () => standInFor(ortWasm),
      net: (name: PaddleNet) => object(models.files[name]),
      alphabet: async () => new TextDecoder().decode(await object(models.files.alphabet)),
    });
    const image = newGrayImage(picture.width, picture.height);
    image.pixels.set(picture.pixels);
    return readPage(image);
  }

  /** ONNX Runtime's WASM memory in this isolate, bytes (the benchmark reports it). */
  async memoryBytes(): Promise<number> {
    return ortMemoryBytes();
  }
}

export default {
  fetch: () => new Response("docparse OCR: reached through the processor Worker's OCR binding", { status: 404 }),
} satisfies ExportedHandler<OcrEnv>;
