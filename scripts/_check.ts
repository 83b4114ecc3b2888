import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { importGraph, importCircles, upwardImports, importSpecifiers } from "../test/helpers/import-graph";
const sources: Record<string, string> = {};
const walk = (d: string) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) { if (!["node_modules", "generated", "public"].includes(e.name)) walk(p); } else if (/\.(ts|mts|mjs)$/.test(e.name)) sources[p] = readFileSync(p, "utf8"); } };
process.chdir("/work/main");
for (const r of ["src", "test", "scripts", "durable-objects", "queues", "client"]) walk(r);
if (process.argv[2] === "verify") {
  for (const [p, t] of Object.entries(sources)) {
    const a = new Set(importSpecifiers(t)); const b = new Set(ts.preProcessFile(t, true, true).importedFiles.map((i) => i.fileName));
    const miss = [...b].filter((x) => !a.has(x)); const extra = [...a].filter((x) => !b.has(x));
    if (miss.length || extra.length) console.log(p, "missing", miss, "extra", extra);
  }
}
const g = importGraph(sources);
for (const c of importCircles(g)) console.log("circle:", c.join(" "));
for (const u of upwardImports(g)) console.log("up:", u);
