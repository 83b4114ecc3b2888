// `tsx scripts/eval/one-set.ts pdf-parse-bench`: one fact set of npm run eval alone, for quick turns on it.
import { resolve } from "node:path";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { factSetRows } from "./fact-sets";

useWasmFromDisk();
const root = resolve(import.meta.dirname, "../..");
const set = process.argv[2] ?? "pdf-parse-bench";
const rows = await factSetRows(resolve(root, "../shared/corpus"), set, resolve(root, ".out/eval", set), resolve(root, "../shared/tools/score-facts/score-facts.mjs"));
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
