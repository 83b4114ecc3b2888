// The parsing core is pure TypeScript: no Cloudflare, Hono or Node imports, so it runs in
// workerd, in Node (the CLI) and in tests alike. The repository's imports run one way: no
// circles, and the core's layers (docs/architecture.md) import only downwards.
import { describe, expect, it } from "vitest";
import { ERRORS } from "../src/api/errors";
import { CORE_LAYERS, importCircles, importGraph, importSpecifiers, layerOf, SERVICE_LAYER, upwardImports } from "./helpers/import-graph";

const coreSources = import.meta.glob("../src/core/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
/** Every module of the repository (generated files and vendored copies aside), by its path from the root. */
const repositorySources = Object.fromEntries(
  Object.entries(
    import.meta.glob(["../src/**/*.{ts,mts,mjs}", "../durable-objects/**/*.ts", "../queues/**/*.ts", "../scripts/**/*.{ts,mts,mjs}", "../client/**/*.ts", "../test/**/*.{ts,mjs}", "!**/generated/**", "!**/vendor/**"], { query: "?raw", import: "default", eager: true }) as Record<string, string>,
  ).map(([path, text]) => [path.replace(/^\.\.\//, ""), text]),
);
const architectureDoc = import.meta.glob("../docs/architecture.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
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

describe("one direction through the code", () => {
  const graph = importGraph(repositorySources);

  it("sees the repository's modules and their imports", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect([...graph.values()].reduce((n, targets) => n + targets.length, 0)).toBeGreaterThan(1000);
  });

  it("has no import circles, type-only and dynamic imports included", () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("places every module of the core in a layer", () => {
    expect([...graph.keys()].filter((path) => path.startsWith("src/core/") && layerOf(path) === undefined)).toEqual([]);
  });

  it("imports only downwards through the layers (model, engines, backends, processors, pipeline, outputs, service)", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("keeps the backends from the processors and the pipeline", () => {
    const reachUp = [...graph].flatMap(([from, targets]) => (from.startsWith("src/core/backends/") ? targets.filter((t) => /^src\/core\/(processors|pipeline)\//.test(t)).map((t) => `${from} -> ${t}`) : []));
    expect(reachUp).toEqual([]);
  });
});

describe("the import graph's reading", () => {
  it("finds static, type-only, re-exported, side-effect and dynamic imports, across lines", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      "import {\n  c,\n  type D,\n} from './c';",
      'export { e } from "./e";',
      'import "./f";',
      'const g = await import("./g");',
      "// import { h } from \"./commented\" is no import, nor is code that says from \"x\"",
      'const from = "./not-an-import";',
    ].join("\n");
    expect(importSpecifiers(text).sort()).toEqual(["./a", "./b", "./c", "./e", "./f", "./g"]);
  });

  it("finds a circle, a type-only one too, and an import up the layers", () => {
    const graph = importGraph({
      "src/core/backends/pdf/x.ts": 'import { y } from "../../processors/y";',
      "src/core/processors/y.ts": 'import type { X } from "../backends/pdf/x";',
      "src/core/model.ts": "export type BBox = number[];",
    });
    expect(importCircles(graph)).toEqual([["src/core/backends/pdf/x.ts", "src/core/processors/y.ts"]]);
    expect(upwardImports(graph)).toEqual(["src/core/backends/pdf/x.ts -> src/core/processors/y.ts (backends -> processors)"]);
  });
});

describe("docs/architecture.md", () => {
  it("opens with the layers as the code has them, top first, each with its folders and files", () => {
    const text = Object.values(architectureDoc)[0] ?? "";
    const rows = [...text.matchAll(/^\| \*\*(\w+)\*\* \|([^|]*)\|/gm)].map((m) => ({ name: m[1], where: m[2] }));
    expect(rows.map((r) => r.name)).toEqual([SERVICE_LAYER, ...CORE_LAYERS.map((l) => l.name).reverse()]);
    for (const layer of CORE_LAYERS) {
      const where = rows.find((r) => r.name === layer.name)?.where ?? "";
      for (const path of layer.paths) expect(where, layer.name).toContain(path.replace(/^src\/core\/(?=.)/, "").replace(/^(.*\/)?([^/]+\/?)$/, "$2"));
    }
  });
});

describe("docs/errors.md", () => {
  it("documents every error code with its HTTP status and name", () => {
    const text = Object.values(errorsDoc)[0] ?? "";
    for (const [name, e] of Object.entries(ERRORS)) expect(text, name).toContain(`| ${e.code} | ${e.status} | ${name} |`);
  });
});
