import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { readFile } from "node:fs/promises";
import { resolve, normalize } from "node:path";

const corpusRoot = resolve(import.meta.dirname, "../shared/corpus");

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { SIGNING_SECRET: "test-signing-secret", ADMIN_TOKEN: "test-admin-token" },
        async outboundService(request: Request) {
          const url = new URL(request.url);
          if (url.hostname !== "corpus.test") return new Response("no network in tests", { status: 502 });
          const path = normalize(resolve(corpusRoot, "." + decodeURIComponent(url.pathname)));
          if (!path.startsWith(corpusRoot)) return new Response("outside corpus", { status: 403 });
          try {
            return new Response(await readFile(path));
          } catch {
            return new Response("not found", { status: 404 });
          }
        },
      },
    }),
  ],
  test: { include: ["test/**/*.test.ts"] },
});
