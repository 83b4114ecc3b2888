// The repository's own imports as a graph (module -> the modules it imports, type-only and
// dynamic imports included), its circles, and the layers of src/core: the picture
// docs/architecture.md draws, checked by test/boundary.test.ts. Pure: it reads sources it
// is given, so it runs in workerd (the test) and in Node alike.

/** Each layer of the core, bottom first: a module imports from its own layer or the layers below. */
export const CORE_LAYERS: { name: string; paths: string[] }[] = [
  { name: "model", paths: ["src/core/model.ts", "src/core/runs.ts", "src/core/ports.ts", "src/core/options.ts", "src/core/geometry.ts", "src/core/errors.ts", "src/core/limits.ts", "src/core/bytes.ts", "src/core/scripts.ts", "src/core/latex/"] },
  { name: "engines", paths: ["src/core/zlib.ts", "src/core/images/", "src/core/ocr/", "src/core/raster/"] },
  { name: "backends", paths: ["src/core/backends/"] },
  { name: "processors", paths: ["src/core/processors/"] },
  { name: "pipeline", paths: ["src/core/pipeline/"] },
  { name: "outputs", paths: ["src/core/render/", "src/core/convert/"] },
];

/** The layer above the core: the Workers, tasks, the API and the CLI. */
export const SERVICE_LAYER = "service";

/** The layer of a repository path (`src/core/...`), or SERVICE_LAYER for the rest of src/ and the Workers' folders; undefined outside. */
export function layerOf(path: string): string | undefined {
  for (const layer of CORE_LAYERS) if (layer.paths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p))) return layer.name;
  if (/^(src|durable-objects|queues)\//.test(path) && !path.startsWith("src/core/")) return SERVICE_LAYER;
  return undefined;
}

/** The rank of a layer: higher layers may import lower ones, never the other way. */
export const layerRank = (name: string) => (name === SERVICE_LAYER ? CORE_LAYERS.length : CORE_LAYERS.findIndex((l) => l.name === name));

/**
 * Module specifiers a source imports or re-exports: static, type-only, side-effect and
 * dynamic imports. A static one is a statement at the start of a line (as every module
 * here writes them), whose clause has no "=" or "(" (so code that merely mentions "from"
 * is not taken for one).
 */
export function importSpecifiers(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^(?:import|export)\s[^;=()]*?\bfrom\s*["']([^"'\n]+)["']/gm,
    /^import\s*["']([^"'\n]+)["']/gm,
    /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[1]);
  return [...found];
}

const EXTENSIONS = ["", ".ts", ".mts", ".mjs", ".js", "/index.ts"];

function joinPath(dir: string, spec: string): string {
  const parts = dir ? dir.split("/") : [];
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** The repository file a relative specifier names from `from`, as bundlers resolve it; undefined for packages and unknown files. */
export function resolveImport(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = joinPath(from.slice(0, from.lastIndexOf("/")), spec);
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  // TypeScript's ".js" naming a ".ts" file.
  if (base.endsWith(".js") && files.has(base.slice(0, -3) + ".ts")) return base.slice(0, -3) + ".ts";
  return undefined;
}

/** path -> the repository files it imports. */
export function importGraph(sources: Record<string, string>): Map<string, string[]> {
  const files = new Set(Object.keys(sources));
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(sources)) {
    const targets = importSpecifiers(text).map((s) => resolveImport(path, s, files)).filter((t): t is string => t !== undefined && t !== path);
    graph.set(path, [...new Set(targets)].sort());
  }
  return graph;
}

/** The circles of the graph: each strongly connected set of two or more modules, sorted (Tarjan's algorithm). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const circle: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      circle.push(w);
    } while (w !== v);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Imports that go up the layers: "from -> to (from's layer -> to's layer)". */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from);
    if (fromLayer === undefined) continue;
    for (const to of targets) {
      const toLayer = layerOf(to);
      if (toLayer !== undefined && layerRank(toLayer) > layerRank(fromLayer)) out.push(`${from} -> ${to} (${fromLayer} -> ${toLayer})`);
    }
  }
  return out.sort();
}
