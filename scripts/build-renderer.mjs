// Bundles the renderer Worker (src/renderer/) with wrangler, as it would be uploaded, into
// .out/renderer/: the tests run it beside the main Worker as an auxiliary Worker (vitest's
// Miniflare takes auxiliary Workers as built scripts only). About a second.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { quietEnv, root } from "./dev-env.mjs";

export const rendererConfig = resolve(root, "src/renderer/wrangler.toml");
export const rendererOutDir = resolve(root, ".out/renderer");

/** Builds the bundle and answers its modules as Miniflare lists them: the script first, then the WASM it imports. */
export function buildRenderer() {
  rmSync(rendererOutDir, { recursive: true, force: true });
  execFileSync(resolve(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", rendererOutDir, "-c", rendererConfig], { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "inherit"] });
  const wasm = readdirSync(rendererOutDir).filter((f) => f.endsWith(".wasm"));
  return [{ type: "ESModule", path: resolve(rendererOutDir, "worker.js") }, ...wasm.map((f) => ({ type: "CompiledWasm", path: resolve(rendererOutDir, f) }))];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(buildRenderer().map((m) => m.path).join("\n"));
