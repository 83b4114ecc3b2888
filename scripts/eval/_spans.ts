import { readFileSync } from "node:fs";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
const [file, needle] = process.argv.slice(2);
const doc = await parseDocument(new Uint8Array(readFileSync(file)), "x.pdf", { features: DEFAULT_FEATURES });
for (const p of doc.pages) for (const b of p.blocks) for (const l of b.lines ?? []) if (l.spans.map((s) => s.text).join("").includes(needle)) console.log(l.spans.map((s) => `[${s.text}|${s.fontFamily}|${s.fontSize.toFixed(1)}]`).join(" "));
