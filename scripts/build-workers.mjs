// Bundles the service's helper Workers (the renderer, src/renderer/, and the processor,
// src/processor/) with wrangler, as they would be uploaded, into .out/<name>/: the tests
// run them beside the main Worker as auxiliary Workers (vitest's Miniflare takes
// auxiliary Workers as built scripts only). A few seconds.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { quietEnv, root } from "./dev-env.mjs";

/** Module types of the files a bundle imports, by how their names end (as the Workers' wrangler.toml rules say). */
const MODULE_TYPES = [
  [".wasm", "CompiledWasm"],
  [".traineddata.gz", "Data"],
];

/** Builds a Worker's bundle and answers its modules as Miniflare lists them: the script first, then what it imports. */
export function buildWorker(name) {
  const outDir = workerOutDir(name);
  rmSync(outDir, { recursive: true, force: true });
  const config = resolve(root, `src/${name}/wrangler.toml`);
  execFileSync(resolve(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outDir, "-c", config], { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "inherit"] });
  const imported = readdirSync(outDir).flatMap((f) => {
    const type = MODULE_TYPES.find(([ending]) => f.endsWith(ending))?.[1];
    return type ? [{ type, path: resolve(outDir, f) }] : [];
  });
  return [{ type: "ESModule", path: resolve(outDir, "worker.js") }, ...imported];
}

export const workerOutDir = (name) => resolve(root, ".out", name);

if (import.meta.url === `file://${process.argv[1]}`) for (const name of process.argv.slice(2)) console.log(buildWorker(name).map((m) => m.path).join("\n"));
