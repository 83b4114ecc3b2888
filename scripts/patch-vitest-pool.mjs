// Patches the Workers vitest pool (run by `postinstall`, test tooling only; the Worker ships
// nothing of it). The pool answers a test file's `fetchWarmModules` request with every
// cached module of its import graph inlined in one WebSocket message, and workerd takes at
// most 1 MiB per message: the main Worker's graph is past that, and a fresh clone's API test
// workers died at start. Answering "no warm snapshot" makes vitest's runner fetch each module
// on its own (its documented fallback), each message a module.
//
// Patched, not forked: the patch names the exact upstream text it replaces and the install
// fails loudly when that text is not there exactly once.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

// The package exports neither its package.json nor this file: found where npm installs it.
const file = resolve(import.meta.dirname, "../node_modules/@cloudflare/vitest-plugin/dist/pool/index.mjs");
const FROM = `\t\t\t\tif (d$1 && typeof d$1 === "object" && "t" in d$1 && d$1.t === "q" && "m" in d$1 && (d$1.m === "fetch" || d$1.m === "fetchWarmModules")`;
const TO = `\t\t\t\tif (d$1 && typeof d$1 === "object" && d$1.t === "q" && d$1.m === "fetchWarmModules" && typeof d$1.i === "string") return this.socket.send(structuredSerializableStringify({ t: "s", i: d$1.i, r: null })); // docparse: no warm snapshot (one message over workerd's 1 MiB)\n` + FROM;
const source = readFileSync(file, "utf8");
if (source.includes("docparse: no warm snapshot")) process.exit(0);
const count = source.split(FROM).length - 1;
if (count !== 1) throw new Error(`patch-vitest-pool: expected the text to patch exactly once in ${file}, found it ${count} times: the pool changed, review scripts/patch-vitest-pool.mjs`);
writeFileSync(file, source.replace(FROM, () => TO));
console.log("patch-vitest-pool: the Workers test pool fetches modules one by one");
