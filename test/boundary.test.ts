// The parsing core is pure TypeScript: no Cloudflare, Hono or Node imports, so it runs in
// workerd, in Node (the CLI) and in tests alike.
import { describe, expect, it } from "vitest";
import { ERRORS } from "../src/api/errors";

const coreSources = import.meta.glob("../src/core/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const errorsDoc = import.meta.glob("../docs/errors.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("architecture boundary", () => {
  it("sees the core's sources", () => {
    expect(Object.keys(coreSources).length).toBeGreaterThan(10);
  });
  for (const [file, text] of Object.entries(coreSources)) {
    it(`${file.replace("../", "")} imports no runtime-specific module`, () => {
      const imports = [...text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
      const forbidden = imports.filter((s) => /^(cloudflare:|node:|hono)/.test(s) || ["fs", "path", "crypto", "buffer"].includes(s));
      expect(forbidden).toEqual([]);
    });
  }
});

describe("docs/errors.md", () => {
  it("documents every error code with its HTTP status and name", () => {
    const text = Object.values(errorsDoc)[0] ?? "";
    for (const [name, e] of Object.entries(ERRORS)) expect(text, name).toContain(`| ${e.code} | ${e.status} | ${name} |`);
  });
});
