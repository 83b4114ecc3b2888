// The core from the command line, with the same pipeline the Worker runs (cli/args.ts has
// the usage): `docparse parse FILE ...`, `docparse convert FILE ...`.
import { version } from "../package.json";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { parseDocument } from "./core/pipeline";
import { CONVERT_FEATURES, convertDocument } from "./core/convert/index";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type FeatureConfig, type OutputFormat } from "./core/options";
import { renderWithImages, shownImages } from "./core/render/images";
import { ZIP_IMAGE_DIR } from "./core/render/zip";
import { parseCommandLine, USAGE, UsageError } from "./cli/args";
import { isCoreError } from "./core/errors";
import { MemoryImageStore } from "./core/images/store";
import { pdfiumRenderer, useWasmFromDisk } from "./cli/wasm-from-disk";
import { defaultJobs, mayGoParallel, pagesOptions, readLongPdf, runPagesWorker, type PagesRequest } from "./cli/parallel-pages";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { detectFileType } from "./core/pipeline/detect";
import { openPdf } from "./core/backends/pdf/open";
import type { Document } from "./core/model";

/** A one-line progress bar on stderr, redrawn in place when stderr is a terminal. */
function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  return (done: number, total: number) => {
    if (total < 2) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const line = `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} pages`;
    if (tty) process.stderr.write(`\r${line}${done === total ? "\n" : ""}`);
    else if (done === total) process.stderr.write(`${line}\n`);
  };
}

async function main() {
  const { command, file, flags } = parseCommandLine(process.argv.slice(2));
  if (command === "help") {
    process.stdout.write(USAGE);
    return;
  }
  if (command === "version") {
    process.stdout.write(`docparse ${version}\n`);
    return;
  }
  // `--out` names a directory, or for convert the output file itself (FILE.docx / FILE.pptx).
  const outFile = command === "convert" && typeof flags.out === "string" && /\.(docx|pptx)$/i.test(flags.out) ? flags.out : undefined;
  const outDir = typeof flags.out === "string" ? (outFile ? dirname(outFile) : flags.out) : undefined;
  // A converted file is binary: it goes where it is asked, or down a pipe, never into the terminal or the current directory unasked.
  if (command === "convert" && !outDir && process.stdout.isTTY) throw new UsageError("convert writes a binary file: give --out DIR or --out FILE.docx, or pipe its output.");
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  useWasmFromDisk(); // OCR and pdf.js's image decoders are WebAssembly, which Node loads from disk
  const bytes = new Uint8Array(readFileSync(file));
  const name = basename(file);
  const stem = basename(file, extname(file));
  if (outDir) mkdirSync(outDir, { recursive: true });
  const started = performance.now();
  const jobs = flags.jobs ? Number(flags.jobs) : defaultJobs();

  if (command === "parse") {
    const features: FeatureConfig = {
      ...DEFAULT_FEATURES,
      enable_title_level_recognition: Boolean(flags.levels),
      keep_header_footer: Boolean(flags["keep-header-footer"]),
      enable_text_cross_page: Boolean(flags["cross-page"]),
    };
    // Pictures are kept only when written out (DIR/images, as the API's zip has them).
    const store = outDir ? new MemoryImageStore() : undefined;
    // The renderer draws what must be read by OCR (text drawn as outlines, garbled text layers), as the service's does.
    const doc = await readDocument({ bytes, name, features, images: !!store, drawing: false }, jobs, store);
    const elementFormats = { ...DEFAULT_ELEMENT_FORMATS, ...(store ? { image: "file" as const } : {}) };
    const options = { outputFormats: ["markdown", "json"] as OutputFormat[], elementFormats, features };
    const result = await renderWithImages(doc, options, { store });
    const json = JSON.stringify({ metadata: { page_num: doc.source.pageCount, file_type: doc.source.fileType }, result: { file_name: name, catalog: result.catalog, warnings: result.warnings, outputs: result.outputs } }, null, 2);
    if (outDir && store) {
      writeFileSync(join(outDir, `${stem}.md`), result.outputs.markdown ?? "");
      writeFileSync(join(outDir, `${stem}.json`), json);
      const pictures = shownImages(doc, options);
      if (pictures.length) mkdirSync(join(outDir, ZIP_IMAGE_DIR), { recursive: true });
      for (const { ref } of pictures) {
        const picture = await store.get(ref);
        if (picture) writeFileSync(join(outDir, ZIP_IMAGE_DIR, ref), picture);
      }
      process.stderr.write(`wrote ${join(outDir, stem)}.md and .json${pictures.length ? ` and ${pictures.length} pictures in ${join(outDir, ZIP_IMAGE_DIR)}` : ""}\n`);
    } else {
      process.stdout.write(flags.json ? `${json}\n` : (result.outputs.markdown ?? ""));
    }
  } else {
    const target = flags.to === "ppt" ? "ppt" : "word";
    const mode = flags.mode === "layout" || flags.mode === "flow" ? flags.mode : target === "ppt" ? "layout" : "flow";
    // The figures go to memory while parsing and into the file when converting.
    const store = new MemoryImageStore();
    // What the service asks of the parser for a conversion.
    const doc = await readDocument({ bytes, name, features: CONVERT_FEATURES, images: true, drawing: true }, jobs, store);
    const out = await convertDocument(doc, target, mode, store);
    if (outDir) {
      const path = outFile ?? join(outDir, `${stem}${out.extension}`);
      writeFileSync(path, out.bytes);
      process.stderr.write(`wrote ${path}\n`);
    } else process.stdout.write(out.bytes);
  }
  process.stderr.write(`done in ${Math.round(performance.now() - started)} ms\n`);
}

/**
 * The document read in this thread, or a long scanned PDF's pages in `jobs` worker threads;
 * the pictures go to `store` when given. Pages are counted (the PDF opened once more) only
 * when there are threads to spread them over.
 */
async function readDocument(request: PagesRequest, jobs: number, store: MemoryImageStore | undefined): Promise<Document> {
  const onProgress = progressBar(request.name);
  if (jobs > 1 && detectFileType(request.bytes, request.name) === ".pdf") {
    const pageCount = await pdfPageCount(request.bytes);
    if (mayGoParallel(pageCount)) return readLongPdf(request, pageCount, jobs, store, onProgress);
  }
  return parseDocument(request.bytes, request.name, pagesOptions(request, pdfiumRenderer(request.bytes), store, onProgress));
}

async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

if (isMainThread) main().catch((e) => {
  if (e instanceof UsageError) {
    process.stderr.write(`docparse: ${e.message}\n\n${USAGE}`);
    process.exit(2);
  }
  process.stderr.write(`${isCoreError(e) ? `${e.code}: ` : ""}${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
else runPagesWorker(workerData.pagesWorker, parentPort!);
