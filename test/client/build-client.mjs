// The client as a user's bundler would ship it: client/index.ts bundled by esbuild into one
// ES module for the browser-or-Worker platform ("neutral": no Node built-ins resolved), in a
// temporary folder. Answers the module and the files that went into it, so a test can
// check that nothing of the server (src/) was bundled: the client takes only types from it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "../..");

export async function buildClient() {
  const outfile = join(mkdtempSync(join(tmpdir(), "docparse-client-")), "client.mjs");
  const result = await build({
    entryPoints: [resolve(root, "client/index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    outfile,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root,
  });
  const inputs = Object.keys(result.metafile.inputs);
  return { module: await import(outfile), inputs };
}
