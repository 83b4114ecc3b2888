// `tsx scripts/eval/one-set.ts pdf-parse-bench`: one fact set of npm run eval alone, for quick turns on it
// (`real-world`, `real-world-2`, `real-world-3`, `real-docs`, `real-docs-2`, `real-docs-3`, `real-docs-4` and `real-docs-5` are the project's own sets in test/fixtures).
import { resolve } from "node:path";
import { useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { factSetRows, factSetRowsAt } from "./fact-sets";
import { realWorldRows } from "./real-world";

useWasmFromDisk();
const root = resolve(import.meta.dirname, "../..");
const set = process.argv[2] ?? "pdf-parse-bench";
const scorer = resolve(root, "../shared/tools/score-facts/score-facts.mjs");
const out = resolve(root, ".out/eval", set);
const fixtures = resolve(root, "test/fixtures", set);
const rows = set.startsWith("real-world")
  ? await realWorldRows(fixtures, out, scorer, set)
  : set.startsWith("real-docs")
    ? await factSetRowsAt(fixtures, set, out, scorer, true)
    : await factSetRows(resolve(root, "../shared/corpus"), set, out, scorer);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
