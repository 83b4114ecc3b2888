// Prints the tables docparse finds in one PDF (`npx tsx scripts/eval/dump-tables.ts file.pdf [page]`):
// page, box and rows with spans, for looking at a document the scores point to.
import { readFileSync } from "node:fs";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";

// Scanned pages are read by OCR, and pdf.js decodes fax and JBIG2 pictures, in WebAssembly Node loads from disk.
useWasmFromDisk();

const [file, page] = process.argv.slice(2);
const doc = await parseDocument(new Uint8Array(readFileSync(file)), file, {
  features: { ...DEFAULT_FEATURES },
  ...(page ? { pageRange: [Number(page), Number(page) + 1] as [number, number] } : {}),
});
for (const p of doc.pages) {
  for (const b of p.blocks.filter((x) => x.type === "table" && !x.hidden)) {
    console.log(`--- page ${p.index} bbox ${b.bbox.map((n) => n.toFixed(0)).join(",")} cols ${b.table!.columnCount}`);
    for (const row of b.table!.rows) console.log(row.map((c) => `${c.header ? "*" : ""}${c.text.replace(/\n/g, "/")}${c.colSpan > 1 ? `[c${c.colSpan}]` : ""}${c.rowSpan > 1 ? `[r${c.rowSpan}]` : ""}`).join(" | "));
  }
}
