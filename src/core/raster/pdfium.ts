// PDFium (WASM, from @embedpdf/pdfium) drawing regions of PDF pages to PNG: vector figures,
// tables asked for as images. Loaded once per isolate from a compiled WebAssembly.Module
// (workerd: a module of the renderer Worker's bundle; Node: compiled from disk), so this
// file has no Cloudflare import and runs in the CLI and in the Worker alike.
/// <reference path="./modules.d.ts" />
import type { RegionRequest, RenderedRegion } from "../ports";
import { init } from "./generated/pdfium.mjs";
import { encodePng } from "../images/png-encode";
import { regionPixelSize, regionScale } from "./region";

/** The PDFium calls used here (their C names; pointers and handles are numbers). */
export interface PdfiumCalls {
  pdfium: { HEAPU8: Uint8Array; wasmExports: { malloc(size: number): number; free(ptr: number): void } };
  PDFiumExt_Init(): void;
  FPDF_LoadMemDocument(ptr: number, size: number, password: string): number;
  FPDF_CloseDocument(doc: number): void;
  FPDF_GetPageCount(doc: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_GetPageWidthF(page: number): number;
  FPDF_GetPageHeightF(page: number): number;
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, argb: number): boolean;
  FPDFBitmap_GetBuffer(bitmap: number): number;
  FPDFBitmap_GetStride(bitmap: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
  FPDF_RenderPageBitmap(bitmap: number, page: number, x: number, y: number, width: number, height: number, rotate: number, flags: number): void;
}

/** FPDF_ANNOT (form fields and stamps drawn) | FPDF_REVERSE_BYTE_ORDER (RGBx, not BGRx). */
const RENDER_FLAGS = 0x01 | 0x10;
const WHITE = 0xffffffff;

let loading: Promise<PdfiumCalls> | undefined;

/** PDFium for this isolate, instantiated once from the compiled module. */
export function loadPdfium(wasm: WebAssembly.Module): Promise<PdfiumCalls> {
  loading ??= init({
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
      return {};
    },
    print: () => {},
    printErr: () => {},
  }).then((p) => {
    p.PDFiumExt_Init();
    return p;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The regions drawn, in order; null for one that cannot be (no such page, empty box). The document is loaded once for all of them. */
export function renderRegions(p: PdfiumCalls, bytes: Uint8Array, requests: RegionRequest[]): (RenderedRegion | null)[] {
  const ptr = p.pdfium.wasmExports.malloc(bytes.length);
  if (!ptr) throw new Error("PDFium could not allocate the document");
  try {
    p.pdfium.HEAPU8.set(bytes, ptr);
    const doc = p.FPDF_LoadMemDocument(ptr, bytes.length, "");
    if (!doc) throw new Error("PDFium could not open the document");
    try {
      const pages = p.FPDF_GetPageCount(doc);
      return requests.map((r) => (r.page >= 0 && r.page < pages ? renderOne(p, doc, r) : null));
    } finally {
      p.FPDF_CloseDocument(doc);
    }
  } finally {
    p.pdfium.wasmExports.free(ptr);
  }
}

function renderOne(p: PdfiumCalls, doc: number, r: RegionRequest): RenderedRegion | null {
  const [x0, y0, x1, y1] = r.bbox;
  if (!(x1 > x0 && y1 > y0)) return null;
  const page = p.FPDF_LoadPage(doc, r.page);
  if (!page) return null;
  try {
    const turns = (((Math.round((r.turn ?? 0) / 90) % 4) + 4) % 4);
    // Page size in the frame asked for: PDFium's sizes already include the page's own /Rotate.
    const [pw, ph] = turns % 2 ? [p.FPDF_GetPageHeightF(page), p.FPDF_GetPageWidthF(page)] : [p.FPDF_GetPageWidthF(page), p.FPDF_GetPageHeightF(page)];
    const scale = regionScale(r.bbox, r.dpi);
    const { width, height } = regionPixelSize(r.bbox, r.dpi);
    const bitmap = p.FPDFBitmap_Create(width, height, 0);
    if (!bitmap) return null;
    try {
      p.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
      // The whole page drawn at the scale, shifted so the region lands on the bitmap.
      p.FPDF_RenderPageBitmap(bitmap, page, Math.round(-x0 * scale), Math.round(-y0 * scale), Math.round(pw * scale), Math.round(ph * scale), turns, RENDER_FLAGS);
      const stride = p.FPDFBitmap_GetStride(bitmap);
      const buffer = p.FPDFBitmap_GetBuffer(bitmap);
      const channels = r.gray ? 1 : 3;
      const data = new Uint8Array(width * height * channels);
      const heap = p.pdfium.HEAPU8;
      for (let y = 0; y < height; y++) {
        let from = buffer + y * stride;
        let to = y * width * channels;
        for (let x = 0; x < width; x++, from += 4, to += channels) {
          if (r.gray) data[to] = (heap[from] * 77 + heap[from + 1] * 150 + heap[from + 2] * 29) >> 8;
          else {
            data[to] = heap[from];
            data[to + 1] = heap[from + 1];
            data[to + 2] = heap[from + 2];
          }
        }
      }
      return { png: encodePng({ width, height, data, channels }), width, height };
    } finally {
      p.FPDFBitmap_Destroy(bitmap);
    }
  } finally {
    p.FPDF_ClosePage(page);
  }
}
