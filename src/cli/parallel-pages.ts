// A long scanned PDF read by worker threads, as the service reads a long scan in parts: its
// first pages are read here, and when they needed OCR (a second or more a page) the rest is
// split into ranges, each read by `parsePages` in a worker (its own pdf.js, PDFium and
// OCR); the parts are joined by `finishDocument`, the one step that needs the whole
// document. The output is the same as one thread's. A text layer reads on here: at tens of
// milliseconds a page, a worker's start and its second JIT warm-up cost more than it saves
// (measured: 280 born-digital pages took 7.7 s in one thread, 10.4 s in two on two cores).
// One thread already keeps about one and a half cores busy (V8 compiles and collects on
// threads of its own: 12.2 s of CPU in 8.2 s), so two cores leave little for a second; the
// warm thread reading its own share beside one worker took 14-19 s where it alone took 10.
import type { RegionRenderer } from "../core/ports";
import { availableParallelism } from "node:os";
import { Worker, type MessagePort } from "node:worker_threads";
import { finishDocument, parsePages } from "../core/pipeline";
import type { PagesPart } from "../core/pipeline/part";
import { CoreError, isCoreError, type CoreErrorCode } from "../core/errors";
import type { Document } from "../core/model";
import type { FeatureConfig, ParseOptions } from "../core/options";
import { MemoryImageStore } from "../core/images/store";
import { pdfiumRenderer, useWasmFromDisk } from "./wasm-from-disk";

/** What a worker is asked to read: the same for every range of one document. */
export interface PagesRequest {
  bytes: Uint8Array;
  name: string;
  features: FeatureConfig;
  /** Keep the pictures (written out by the caller). */
  images: boolean;
  /** Keep each page's drawing (conversions redraw it). */
  drawing: boolean;
}

type ToWorker = { range: [number, number] };
type FromWorker =
  | { progress: number }
  | { part: PagesPart; images: [string, { bytes: Uint8Array; mime: string }][] }
  | { error: { code?: CoreErrorCode; retryable?: boolean; message: string } };

/**
 * A worker's heap: enough for a range of dense pages, bounded so N workers fit beside each
 * other (DOCPARSE_WORKER_HEAP_MB sets another bound; WASM memory is apart from it).
 */
const workerHeapMb = () => Number(process.env.DOCPARSE_WORKER_HEAP_MB) || 512;
/** Ranges per worker: small enough that a worker left with a slow range does not hold up the rest. */
const RANGES_PER_WORKER = 3;
/** Pages read here first, to tell a scan. */
const FIRST_PAGES = 4;
/** Fewest pages worth worker threads: a shorter scan is read in about the time workers take to start. */
const MIN_PARALLEL_PAGES = 16;

/** Worker threads to read a scan with: `--jobs`, else one per core. */
export const defaultJobs = () => availableParallelism();

/** Whether a PDF of `pageCount` pages may be worth worker threads. */
export const mayGoParallel = (pageCount: number) => pageCount >= MIN_PARALLEL_PAGES;

/**
 * Splits [start, end) into ranges of equal size, RANGES_PER_WORKER per worker: a scanned page
 * takes a second or more, against the few milliseconds a range costs to open the PDF again.
 */
export function pageRanges(start: number, end: number, jobs: number): [number, number][] {
  const size = Math.ceil((end - start) / (jobs * RANGES_PER_WORKER));
  const ranges: [number, number][] = [];
  for (let from = start; from < end; from += size) ranges.push([from, Math.min(end, from + size)]);
  return ranges;
}

/** The parse options of a request, as the CLI's one thread and each worker read with them. */
export function pagesOptions(request: PagesRequest, renderer: RegionRenderer, store: MemoryImageStore | undefined, onProgress?: ParseOptions["onProgress"]): ParseOptions {
  return { features: request.features, renderer, drawing: request.drawing, onProgress, ...(store ? { images: { sink: store } } : {}) };
}

/**
 * Reads a long PDF: its first pages here; the rest here too when they had a text layer, or
 * in `jobs` worker threads when they were read by OCR. Pictures go to `store` when given.
 */
export async function readLongPdf(request: PagesRequest, pageCount: number, jobs: number, store: MemoryImageStore | undefined, onProgress?: (done: number, total: number) => void): Promise<Document> {
  const renderer = pdfiumRenderer(request.bytes);
  const here = (range: [number, number]) =>
    parsePages(request.bytes, request.name, { ...pagesOptions(request, renderer, store, (done) => onProgress?.(range[0] + done, pageCount)), pageRange: range });
  const first = await here([0, FIRST_PAGES]);
  const scanned = first.pages.some((p) => p.blocks.some((b) => b.source === "ocr"));
  if (!scanned) return finishDocument([first, await here([FIRST_PAGES, pageCount])], request.features);
  const rest = await readInWorkers(request, pageRanges(FIRST_PAGES, pageCount, jobs), jobs, (done) => onProgress?.(FIRST_PAGES + done, pageCount));
  for (const [ref, image] of rest.images) store?.images.set(ref, image);
  return finishDocument([first, ...rest.parts], request.features);
}

/**
 * Reads the ranges in `jobs` workers (the running script is the workers' entry: see
 * `runPagesWorker`). A range whose worker dies (out of memory, a crash in WASM) is read again
 * page by page in a fresh worker, and a page that kills its worker again costs that page: it
 * stays, empty, with a warning, as a page pdf.js cannot read does.
 */
async function readInWorkers(request: PagesRequest, ranges: [number, number][], jobs: number, onProgress: (done: number) => void): Promise<{ parts: PagesPart[]; images: MemoryImageStore["images"] }> {
  const images: MemoryImageStore["images"] = new Map();
  const parts: PagesPart[] = [];
  const queue = [...ranges];
  const pageCount = Math.max(...ranges.map((r) => r[1]));
  let done = 0;
  const progress = (pages: number) => onProgress((done += pages));
  const pageDone = () => progress(1);
  const runWorker = async (): Promise<void> => {
    let worker: PagesWorker | undefined;
    try {
      for (let range = queue.shift(); range; range = queue.shift()) {
        worker ??= new PagesWorker(request, pageDone);
        const outcome = await worker.read(range);
        if ("part" in outcome) {
          parts.push(outcome.part);
          for (const [ref, image] of outcome.images) images.set(ref, image);
          continue;
        }
        worker = undefined;
        // The pages it had read are read again.
        progress(-outcome.pagesRead);
        if (range[1] - range[0] > 1) for (let page = range[0]; page < range[1]; page++) queue.push([page, page + 1]);
        else {
          parts.push(lostPage(request.name, range[0], pageCount, outcome.crash));
          pageDone();
        }
      }
    } finally {
      await worker?.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, runWorker));
  return { parts, images };
}

/** One worker thread, reading the ranges it is sent one after another. */
class PagesWorker {
  private readonly worker: Worker;
  private pending?: { resolve: (outcome: RangeOutcome) => void; reject: (e: Error) => void };
  private dead?: string;
  /** Pages of the range being read that the worker said it read. */
  private pagesRead = 0;

  constructor(request: PagesRequest, onPage: () => void) {
    this.worker = new Worker(new URL(import.meta.url), { workerData: { pagesWorker: request }, resourceLimits: { maxOldGenerationSizeMb: workerHeapMb() } });
    this.worker.on("message", (message: FromWorker) => {
      if ("progress" in message) {
        this.pagesRead++;
        return onPage();
      }
      const pending = this.pending;
      this.pending = undefined;
      if ("part" in message) pending?.resolve(message);
      else pending?.reject(message.error.code ? new CoreError(message.error.code, message.error.message, message.error.retryable) : new Error(message.error.message));
    });
    const died = (why: string) => {
      this.dead ??= why;
      this.pending?.resolve({ crash: why, pagesRead: this.pagesRead });
      this.pending = undefined;
    };
    this.worker.on("error", (e) => died(e.message));
    this.worker.on("exit", (code) => died(`the worker exited with status ${code}`));
  }

  /** The range's part, or why the worker died reading it. The document's own failures (a password, a limit) reject. */
  read(range: [number, number]): Promise<RangeOutcome> {
    if (this.dead) return Promise.resolve({ crash: this.dead, pagesRead: 0 });
    this.pagesRead = 0;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ range } satisfies ToWorker);
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

type RangeOutcome = Extract<FromWorker, { part: PagesPart }> | { crash: string; pagesRead: number };

/** A page no worker could read: empty, with the warning an unreadable page gets. */
function lostPage(fileName: string, index: number, pageCount: number, why: string): PagesPart {
  return {
    source: { fileName, fileType: ".pdf", pageCount },
    pages: [{ index, width: 0, height: 0, blocks: [] }],
    warnings: [{ page: index, code: "page_unreadable", message: `Page ${index + 1} could not be read: ${why}` }],
    hints: {},
  };
}

/** The worker's side: reads each range it is sent and answers with the part and its pictures. */
export function runPagesWorker(request: PagesRequest, port: MessagePort): void {
  useWasmFromDisk();
  const renderer = pdfiumRenderer(request.bytes);
  port.on("message", async ({ range }: ToWorker) => {
    try {
      const store = request.images ? new MemoryImageStore() : undefined;
      const onPage = () => port.postMessage({ progress: 1 } satisfies FromWorker);
      const part = await parsePages(request.bytes, request.name, { ...pagesOptions(request, renderer, store, onPage), pageRange: range });
      port.postMessage({ part, images: [...(store?.images ?? [])] } satisfies FromWorker);
    } catch (e) {
      const error = isCoreError(e) ? { code: e.code, retryable: e.retryable, message: e.message } : { message: e instanceof Error ? e.message : String(e) };
      port.postMessage({ error } satisfies FromWorker);
    }
  });
}
