// A Worker that runs the core on the PDF POSTed to it, for `npm run bench` inside workerd.
// POST /parse -> parse + render; POST /convert?to=word&mode=flow -> parse + convert;
// POST /parse?languages=fr,ru -> OCR told the languages; POST /draw -> parse with figures, vector figures drawn by PDFium (the renderer Worker's
// code, run here in one isolate to read its WASM memory).
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { convertDocument } from "../../src/core/convert/index";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { ocrMemoryBytes } from "../../src/core/ocr/engine";
import { loadPdfium, renderRegions } from "../../src/core/raster/pdfium";
import pdfiumWasm from "../../src/core/raster/generated/pdfium.wasm";
import { providePaddleReader } from "../../src/core/ocr/paddle/reader";
import { taskOcrReader } from "../../src/tasks/ocr-reader";
import { provideOcrModels } from "../../src/core/ocr/assets";
import { r2OcrModels } from "../../src/tasks/ocr-models";
import type { Env } from "../../src/env";
import "../../src/native-zlib";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };

export default {
  async fetch(request: Request, env: Pick<Env, "OCR" | "BLOBS">): Promise<Response> {
    const url = new URL(request.url);
    providePaddleReader(taskOcrReader(env));
    provideOcrModels(r2OcrModels(env.BLOBS));
    if (url.pathname === "/ocr-memory") return Response.json({ bound: Boolean(env.OCR), paddleWasmBytes: (await env.OCR?.memoryBytes()) ?? 0 });
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (url.pathname === "/draw") return draw(bytes);
    // ?languages=fr,ru: OCR told the page's languages (their models fetched from R2 and loaded).
    const languages = url.searchParams.get("languages")?.split(",");
    const doc = await parseDocument(bytes, "bench.pdf", { features: languages ? { ...features, ocr_languages: languages } : features });
    if (url.pathname === "/convert") {
      const to = url.searchParams.get("to") === "ppt" ? "ppt" : "word";
      const mode = url.searchParams.get("mode") === "layout" ? "layout" : "flow";
      const out = await convertDocument(doc, to, mode);
      return Response.json({ pages: doc.pages.length, bytes: out.bytes.byteLength });
    }
    const result = renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features });
    return Response.json({ pages: doc.pages.length, markdown: result.outputs.markdown?.length ?? 0, ocrWasmBytes: await ocrMemoryBytes() });
  },
};

async function draw(bytes: Uint8Array): Promise<Response> {
  let renderMs = 0;
  let pngBytes = 0;
  const renderer = {
    async render(requests: Parameters<typeof renderRegions>[2]) {
      const t = performance.now();
      const out = renderRegions(await loadPdfium(pdfiumWasm), bytes, requests);
      renderMs += performance.now() - t;
      return out;
    },
  };
  const sink = { put: async (_ref: string, png: Uint8Array) => void (pngBytes += png.length) };
  const doc = await parseDocument(bytes, "bench.pdf", { features: { ...features, enable_image_understanding: false }, images: { sink }, renderer });
  const drawn = doc.pages.reduce((n, p) => n + p.blocks.filter((b) => b.drawn).length, 0);
  const pdfium = await loadPdfium(pdfiumWasm);
  return Response.json({ pages: doc.pages.length, drawn, renderMs, pngBytes, pdfiumWasmBytes: pdfium.pdfium.HEAPU8.length });
}
