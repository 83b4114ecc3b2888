// `npx tsx scripts/output-digest.ts [OUT.txt]`: one digest per input of the corpus and the
// test fixtures, over everything the core makes of it (the parsed document with its drawing,
// the Markdown and JSON, every picture's bytes, and for PDFs of a few pages the Word and
// PowerPoint conversions' parts), then one digest of them all. A change meant to move code
// and not behaviour (a refactor, a speed change) leaves every line as it was: run it before
// and after and diff the two files.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { unzipSync } from "fflate";
import { parseDocument } from "../src/core/pipeline";
import { CONVERT_FEATURES, convertDocument } from "../src/core/convert/index";
import { renderWithImages } from "../src/core/render/images";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type OutputFormat } from "../src/core/options";
import { MemoryImageStore } from "../src/core/images/store";
import { pdfiumRenderer, useWasmFromDisk } from "../src/cli/wasm-from-disk";
import { sharedDir } from "./shared-dir.mjs";

const root = resolve(import.meta.dirname, "..");
const INPUTS = new Set([".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff", ".gif", ".bmp", ".webp", ".docx", ".pptx", ".xlsx", ".xls", ".odt", ".ods", ".odp", ".fodt"]);
/** PDFs of at most this many pages are converted too (three conversions each). */
const CONVERT_MAX_PAGES = 12;

useWasmFromDisk();

function inputsUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (INPUTS.has(extname(e.name).toLowerCase())) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** A random relationship id of the docx package (hyperlinks get one per run: `rId` and 21 characters of nanoid). */
const RANDOM_REL_ID = /rId[A-Za-z0-9_-]{21}(?![A-Za-z0-9_-])/g;

/**
 * The conversion's zip parts, less the one that holds the time it was made, with each random
 * relationship id named by its order of first appearance (the same link, the same name).
 */
function zipParts(bytes: Uint8Array): string {
  const parts = unzipSync(bytes);
  const h = createHash("sha256");
  const ids = new Map<string, string>();
  const named = (id: string) => {
    if (!ids.has(id)) ids.set(id, `rId#${ids.size}`);
    return ids.get(id)!;
  };
  const decoder = new TextDecoder();
  for (const name of Object.keys(parts).sort()) {
    if (name === "docProps/core.xml") continue;
    const part = /\.(xml|rels)$/.test(name) ? decoder.decode(parts[name]).replace(RANDOM_REL_ID, named) : parts[name];
    h.update(name).update(part);
  }
  return h.digest("hex");
}

/** The digest of what the core makes of `file`, and the error it met, if one. */
async function digestOf(file: string): Promise<{ digest: string; error?: string }> {
  const bytes = new Uint8Array(readFileSync(file));
  const name = file.split("/").pop()!;
  const h = createHash("sha256");
  let error: string | undefined;
  try {
    const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };
    const store = new MemoryImageStore();
    const doc = await parseDocument(bytes, name, { features, renderer: pdfiumRenderer(bytes), drawing: true, images: { sink: store } });
    h.update(JSON.stringify(doc));
    const formats: OutputFormat[] = ["markdown", "json"];
    const result = await renderWithImages(doc, { outputFormats: formats, elementFormats: { ...DEFAULT_ELEMENT_FORMATS, image: "file" }, features }, { store });
    h.update(JSON.stringify(result));
    for (const [ref, image] of [...store.images].sort(([a], [b]) => a.localeCompare(b))) h.update(ref).update(image.mime).update(image.bytes);
    if (doc.source.fileType === ".pdf" && doc.source.pageCount <= CONVERT_MAX_PAGES) {
      const convertStore = new MemoryImageStore();
      const forConversion = await parseDocument(bytes, name, { features: CONVERT_FEATURES, renderer: pdfiumRenderer(bytes), drawing: true, images: { sink: convertStore } });
      for (const [target, mode] of [["word", "flow"], ["word", "layout"], ["ppt", "layout"]] as const) {
        h.update(zipParts((await convertDocument(structuredClone(forConversion), target, mode, convertStore)).bytes));
      }
    }
  } catch (e) {
    // A refused input (encrypted, damaged) is an output too: its error is digested and shown.
    error = e instanceof Error ? e.message : String(e);
    h.update(`error: ${error}`);
  }
  return { digest: h.digest("hex"), error };
}

const files = [...inputsUnder(resolve(root, "test/fixtures")), ...inputsUnder(resolve(sharedDir(root), "corpus"))];
const lines: string[] = [];
for (const file of files) {
  const { digest, error } = await digestOf(file);
  const line = `${digest.slice(0, 16)} ${relative(root, file)}${error ? ` (error: ${error.slice(0, 120)})` : ""}`;
  lines.push(line);
  process.stderr.write(`${line}\n`);
}
const total = createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
const text = `${lines.join("\n")}\n${total} all ${files.length} inputs\n`;
if (process.argv[2]) writeFileSync(process.argv[2], text);
else process.stdout.write(text);
