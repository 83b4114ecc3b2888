import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { readFile } from "node:fs/promises";
import { resolve, normalize } from "node:path";
import { sharedDir } from "./scripts/shared-dir.mjs";
import { buildWorker, workerOutDir } from "./scripts/build-workers.mjs";

/** Hosts whose requests the tests' outbound service answers from disk (tests have no network). */
const SERVED: Record<string, string> = {
  "corpus.test": resolve(sharedDir(import.meta.dirname), "corpus"),
  "fixtures.test": resolve(import.meta.dirname, "test/fixtures"),
};

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { SIGNING_SECRET: "test-signing-secret", ADMIN_TOKEN: "test-admin-token" },
        // The renderer and processor Workers beside the one under test, as deployed: their
        // bundles, their R2 bucket (the same one), reached by RPC.
        workers: [
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
            serviceBindings: { RENDERER: { name: "docparse-renderer", entrypoint: "Renderer" } },
          },
        ],
        async outboundService(request: Request) {
          const url = new URL(request.url);
          // http://corpus.test/__redirect?to=URL answers a redirect, for the file_url hop checks.
          if (url.pathname === "/__redirect") return new Response(null, { status: 302, headers: { location: url.searchParams.get("to") ?? "/" } });
          const root = SERVED[url.hostname];
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
  test: { include: ["test/**/*.test.ts"], testTimeout: 60_000 },
});
