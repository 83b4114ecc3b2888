// The core from the command line, with the same pipeline the Worker runs.
//   npm run parse -- FILE [--out DIR] [--json] [--levels] [--keep-header-footer] [--cross-page]
//   npm run convert -- FILE --to word|ppt [--mode flow|layout] [--out DIR|FILE.docx|FILE.pptx]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { parseDocument } from "./core/pipeline";
import { renderParseResult } from "./core/render/result";
import { CONVERT_FEATURES, convertDocument } from "./core/convert/index";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type FeatureConfig } from "./core/options";
import { isCoreError } from "./core/errors";
import { MemoryImageStore } from "./core/images/store";
import { pdfiumRenderer, useWasmFromDisk } from "./cli/wasm-from-disk";

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) positional.push(a);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--") && ["out", "to", "mode"].includes(a.slice(2))) flags[a.slice(2)] = argv[++i];
    else flags[a.slice(2)] = true;
  }
  return { positional, flags };
}

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
  useWasmFromDisk(); // OCR and pdf.js's image decoders are WebAssembly, which Node loads from disk
  const [command, ...rest] = process.argv.slice(2);
  const { positional, flags } = parseArgs(rest);
  const file = positional[0];
  if (!file || (command !== "parse" && command !== "convert")) {
    throw new Error("usage: npm run parse -- FILE [--out DIR] [--json] [--levels] [--keep-header-footer] [--cross-page]\n       npm run convert -- FILE --to word|ppt [--mode flow|layout] [--out DIR]");
  }
  const bytes = new Uint8Array(readFileSync(file));
  const name = basename(file);
  const stem = basename(file, extname(file));
  // `--out` names a directory, or for convert the output file itself (FILE.docx / FILE.pptx).
  const outFile = command === "convert" && typeof flags.out === "string" && /\.(docx|pptx)$/i.test(flags.out) ? flags.out : undefined;
  const outDir = typeof flags.out === "string" ? (outFile ? dirname(outFile) : flags.out) : undefined;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const started = performance.now();

  if (command === "parse") {
    const features: FeatureConfig = {
      ...DEFAULT_FEATURES,
      enable_title_level_recognition: Boolean(flags.levels),
      keep_header_footer: Boolean(flags["keep-header-footer"]),
      enable_text_cross_page: Boolean(flags["cross-page"]),
    };
    // The renderer draws what must be read by OCR (text drawn as outlines, garbled text layers), as the service's does.
    const doc = await parseDocument(bytes, name, { features, onProgress: progressBar(name), renderer: pdfiumRenderer(bytes) });
    const result = renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features });
    const json = JSON.stringify({ metadata: { page_num: doc.source.pageCount, file_type: doc.source.fileType }, result: { file_name: name, catalog: result.catalog, warnings: result.warnings, outputs: result.outputs } }, null, 2);
    if (outDir) {
      writeFileSync(join(outDir, `${stem}.md`), result.outputs.markdown ?? "");
      writeFileSync(join(outDir, `${stem}.json`), json);
      process.stderr.write(`wrote ${join(outDir, stem)}.md and .json\n`);
    } else {
      process.stdout.write(flags.json ? `${json}\n` : (result.outputs.markdown ?? ""));
    }
  } else {
    const target = flags.to === "ppt" ? "ppt" : "word";
    const mode = flags.mode === "layout" || flags.mode === "flow" ? flags.mode : target === "ppt" ? "layout" : "flow";
    // The figures go to memory while parsing and into the file when converting.
    const store = new MemoryImageStore();
    const doc = await parseDocument(bytes, name, {
      // What the service asks of the parser for a conversion.
      features: CONVERT_FEATURES,
      onProgress: progressBar(name),
      images: { sink: store },
      renderer: pdfiumRenderer(bytes),
      drawing: true,
    });
    const out = await convertDocument(doc, target, mode, store);
    const path = outFile ?? join(outDir ?? ".", `${stem}${out.extension}`);
    writeFileSync(path, out.bytes);
    process.stderr.write(`wrote ${path}\n`);
  }
  process.stderr.write(`done in ${Math.round(performance.now() - started)} ms\n`);
}

main().catch((e) => {
  process.stderr.write(`${isCoreError(e) ? `${e.code}: ` : ""}${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
