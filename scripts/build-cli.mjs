// Builds the command line (src/cli.ts) into dist/docparse.mjs, and writes dist/cli.mjs, the
// package's `docparse` bin, that starts it (run at the end of `postinstall` and by
// `npm run build`): one ES module that Node starts without compiling TypeScript at each
// run, as `tsx src/cli.ts` did.
//
// The bin is a few lines apart from the bundle so that it can turn on Node's on-disk
// compile cache before the 5 MB bundle is loaded: V8 then reads the bundle's bytecode from
// the cache instead of compiling it at every start (a third of `docparse --version`'s time).
//
// Everything it imports is bundled, the generated modules of src/core included (pdf.js's
// worker, the CMaps, Tesseract's and PDFium's loaders), so it has nothing to resolve at
// start. What the CLI reads from disk at run time (the WebAssembly, Tesseract's models, and
// from node_modules PP-OCR's networks and ONNX Runtime's WASM) it finds from the repository's
// folder: src/cli/root.ts is told here that the bundle lies one level under it.
import { build } from "esbuild";
import { chmodSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

// The modules that carry the WebAssembly and the models inside the Worker's bundle, imported
// lazily only when nothing was provided: the CLI provides them from disk before any parse
// (src/cli/wasm-from-disk.ts), so they are left out, not bundled (should one ever be
// reached, the import fails loudly, as it does under tsx).
const workerOnly = {
  name: "worker-only",
  setup(b) {
    b.onResolve({ filter: /^\.\/(wasm-bundled|assets-bundled)$/ }, (args) => ({ path: args.path, external: true }));
  },
};
const outfile = resolve(root, "dist/docparse.mjs");
const bin = resolve(root, "dist/cli.mjs");

await build({
  entryPoints: [resolve(root, "src/cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  banner: {
    js: [
      // The bundled CommonJS packages call require() for Node's built-ins, which an ES module lacks.
      `import { createRequire as __docparseCreateRequire } from "node:module";`,
      "const require = __docparseCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  define: { DOCPARSE_ROOT_FROM_BUNDLE: JSON.stringify("..") },
  plugins: [workerOnly],
  legalComments: "none",
  logLevel: "warning",
});
writeFileSync(
  bin,
  `#!/usr/bin/env node
// The docparse bin, written by scripts/build-cli.mjs: it runs ./docparse.mjs, the bundled CLI.
// It runs under whichever node is first on PATH: an older one would fail deep in pdf.js.
if (Number(process.versions.node.split(".")[0]) < 22) {
  process.stderr.write("docparse needs Node.js 22 or later (this is " + process.version + ")\\n");
  process.exit(1);
}
// Node's on-disk compile cache (NODE_DISABLE_COMPILE_CACHE=1 turns it off); worker threads
// inherit the environment, and with it the cache's folder.
const { enableCompileCache } = await import("node:module");
const cache = enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;
await import("./docparse.mjs");
`,
);
chmodSync(bin, 0o755);
console.log("build-cli: dist/docparse.mjs, started by dist/cli.mjs (the docparse bin)");
