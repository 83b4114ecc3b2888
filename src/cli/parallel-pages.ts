// A PDF read by worker threads, as the service reads a long scan in parts: its pages split
// into ranges, each range read by `parsePages` in a worker (its own pdf.js, PDFium and OCR),
// the parts joined by `finishDocument`, the one step that needs the whole document. The
// output is the same as one thread's; the pages are read on every core.
import { availableParallelism } from "node:os";
import { Worker, type MessagePort } from "node:worker_threads";
import { finishDocument, parsePages, type PagesPart } from "../core/pipeline";
import { CoreError, isCoreError, type CoreErrorCode } from "../core/errors";
import type { Document } from "../core/model";
import type { FeatureConfig } from "../core/options";
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
/** Fewest pages in a range: each range opens the PDF and loads its fonts again. */
const MIN_RANGE_PAGES = 8;

/** Worker threads to read with: `--jobs`, else one per core. */
export const defaultJobs = () => availableParallelism();

/** Whether `pageCount` pages are worth `jobs` workers (each costs a start and its own fonts). */
export const worthParallel = (pageCount: number, jobs: number) => jobs > 1 && pageCount >= 2 * MIN_RANGE_PAGES;

/** Splits [0, pageCount) into ranges of equal size, RANGES_PER_WORKER per worker. */
export function pageRanges(pageCount: number, jobs: number): [number, number][] {
  const size = Math.max(MIN_RANGE_PAGES, Math.ceil(pageCount / (jobs * RANGES_PER_WORKER)));
  const ranges: [number, number][] = [];
  for (let start = 0; start < pageCount; start += size) ranges.push([start, Math.min(pageCount, start + size)]);
  return ranges;
}

/**
 * Reads the document's pages in `jobs` workers (the running script is the workers' entry:
 * see `runPagesWorker`) and finishes it. A range whose worker dies (out of memory, a crash in
 * WASM) is read again page by page in a fresh worker, and a page that kills its worker again
 * costs that page: it stays, empty, with a warning, as a page pdf.js cannot read does.
 */
export async function parsePagesInParallel(request: PagesRequest, pageCount: number, jobs: number, onProgress?: (done: number, total: number) => void): Promise<{ doc: Document; store: MemoryImageStore }> {
  const store = new MemoryImageStore();
  const parts: PagesPart[] = [];
  const queue = pageRanges(pageCount, jobs);
  let done = 0;
  const progress = (pages: number) => {
    done += pages;
    onProgress?.(done, pageCount);
  };
  const pageDone = () => progress(1);
  const runWorker = async (): Promise<void> => {
    let worker: PagesWorker | undefined;
    try {
      for (let range = queue.shift(); range; range = queue.shift()) {
        worker ??= new PagesWorker(request, pageDone);
        const outcome = await worker.read(range);
        if ("part" in outcome) {
          parts.push(outcome.part);
          for (const [ref, image] of outcome.images) store.images.set(ref, image);
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
  return { doc: finishDocument(parts, request.features), store };
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
      const part = await parsePages(request.bytes, request.name, {
        features: request.features,
        pageRange: range,
        renderer,
        drawing: request.drawing,
        onProgress: () => port.postMessage({ progress: 1 } satisfies FromWorker),
        ...(store ? { images: { sink: store } } : {}),
      });
      port.postMessage({ part, images: [...(store?.images ?? [])] } satisfies FromWorker);
    } catch (e) {
      const error = isCoreError(e) ? { code: e.code, retryable: e.retryable, message: e.message } : { message: e instanceof Error ? e.message : String(e) };
      port.postMessage({ error } satisfies FromWorker);
    }
  });
}
