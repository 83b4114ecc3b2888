// Copies pdf.js's browser build into the playground's static assets (run by `postinstall`,
// so it always matches the installed pdfjs-dist): src/playground/public/playground/static/vendor/pdfjs/
// (git-ignored). The playground draws PDF pages in the browser with it; served by Workers
// Static Assets (`[assets]` in wrangler.toml), so pdf.js never grows the Worker's bundle, and
// from our own origin, so the page needs no network beyond the service.
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve("pdfjs-dist/package.json"));
const out = resolve(import.meta.dirname, "../src/playground/public/playground/static/vendor/pdfjs");

/** The modern build (the playground targets current browsers), its CMaps, standard fonts and image decoders. */
const FILES = ["build/pdf.min.mjs", "build/pdf.worker.min.mjs", "cmaps", "standard_fonts", "wasm", "LICENSE"];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of FILES) cpSync(join(distDir, file), join(out, file.replace(/^build\//, "")), { recursive: true });
const { version } = JSON.parse(readFileSync(join(distDir, "package.json"), "utf8"));
console.log(`playground: pdf.js ${version} (browser build) copied to ${out}`);
