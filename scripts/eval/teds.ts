// TEDS (tree-edit-distance similarity, as PubTabNet and OmniDocBench score table structure)
// for `npm run eval`: our tables on pdf-parse-bench's pages against the LaTeX tabulars the
// pages were compiled from (latex-tabular.ts).
//   TEDS = 1 - EditDistance(ours, truth) / max(|ours|, |truth|) over HTML-like trees of
//   table, tr and td nodes. Inserting or deleting a node costs 1; a td for a td costs 1 when
//   their spans differ, else the normalised Levenshtein distance of their texts. TEDS-S
//   ignores the texts. Header cells count as td, so header detection is not scored twice.
//   Texts are compared with whitespace collapsed and Unicode compatibility forms folded
//   (NFKC: the PDF's math italic 𝜃 is the θ of the LaTeX), case kept.
// Tables are paired page by page, greedily by highest TEDS; a truth table left without a
// partner scores 0, a table of ours left over is counted but not scored.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import type { FeatureConfig } from "../../src/core/options";
import { documentTables } from "./tables";
import { tabularRows } from "./latex-tabular";

/** A cell as both sides give it: rows list only the cells that start in them, as in HTML. */
export interface SpanCell {
  text: string;
  colSpan: number;
  rowSpan: number;
}

interface TreeNode {
  tag: "table" | "tr" | "td";
  cell?: SpanCell;
  children: TreeNode[];
}

const normText = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim();

export function tableTree(rows: SpanCell[][]): TreeNode {
  const td = (c: SpanCell): TreeNode => ({ tag: "td", cell: { text: normText(c.text), colSpan: c.colSpan, rowSpan: c.rowSpan }, children: [] });
  return { tag: "table", children: rows.map((r) => ({ tag: "tr", children: r.map(td) })) };
}

/** Levenshtein distance over code points, divided by the longer length. */
function normalisedLevenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (!x.length && !y.length) return 0;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length] / Math.max(x.length, y.length);
}

function renameCost(a: TreeNode, b: TreeNode, structureOnly: boolean): number {
  if (a.tag !== b.tag) return 1;
  if (a.tag !== "td") return 0;
  if (a.cell!.colSpan !== b.cell!.colSpan || a.cell!.rowSpan !== b.cell!.rowSpan) return 1;
  if (structureOnly || a.cell!.text === b.cell!.text) return 0;
  return normalisedLevenshtein(a.cell!.text, b.cell!.text);
}

/** Nodes in postorder, each with the postorder index of its leftmost leaf, and the keyroots (Zhang–Shasha). */
function postorder(root: TreeNode): { nodes: TreeNode[]; leftmost: number[]; keyroots: number[] } {
  const nodes: TreeNode[] = [];
  const leftmost: number[] = [];
  const walk = (n: TreeNode): number => {
    let first = -1;
    for (const c of n.children) {
      const l = walk(c);
      if (first < 0) first = l;
    }
    nodes.push(n);
    leftmost.push(first < 0 ? nodes.length - 1 : first);
    return leftmost[nodes.length - 1];
  };
  walk(root);
  // A keyroot is the highest node with a given leftmost leaf: the root and every node with a left sibling.
  const seen = new Set<number>();
  const keyroots: number[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) if (!seen.has(leftmost[i])) seen.add(leftmost[i]), keyroots.push(i);
  return { nodes, leftmost, keyroots: keyroots.reverse() };
}

/** Zhang–Shasha tree edit distance, unit insert and delete costs. */
export function treeEditDistance(a: TreeNode, b: TreeNode, structureOnly = false): number {
  const A = postorder(a);
  const B = postorder(b);
  const n = A.nodes.length;
  const m = B.nodes.length;
  const tree = new Float64Array(n * m);
  const renames = new Float64Array(n * m).fill(-1);
  const rename = (i: number, j: number) => (renames[i * m + j] >= 0 ? renames[i * m + j] : (renames[i * m + j] = renameCost(A.nodes[i], B.nodes[j], structureOnly)));
  const forest = new Float64Array((n + 1) * (m + 1));
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const li = A.leftmost[i];
      const lj = B.leftmost[j];
      const w = j - lj + 2; // row width of the forest table: forests of B's nodes lj..j, plus the empty one
      forest[0] = 0;
      for (let x = 1; x <= i - li + 1; x++) forest[x * w] = forest[(x - 1) * w] + 1;
      for (let y = 1; y <= j - lj + 1; y++) forest[y] = forest[y - 1] + 1;
      for (let x = 1; x <= i - li + 1; x++) {
        const di = li + x - 1;
        for (let y = 1; y <= j - lj + 1; y++) {
          const dj = lj + y - 1;
          const edit = Math.min(forest[(x - 1) * w + y] + 1, forest[x * w + y - 1] + 1);
          if (A.leftmost[di] === li && B.leftmost[dj] === lj) {
            // Both forests are whole trees: their distance is a tree distance, kept for later keyroots.
            forest[x * w + y] = Math.min(edit, forest[(x - 1) * w + y - 1] + rename(di, dj));
            tree[di * m + dj] = forest[x * w + y];
          } else {
            forest[x * w + y] = Math.min(edit, forest[(A.leftmost[di] - li) * w + B.leftmost[dj] - lj] + tree[di * m + dj]);
          }
        }
      }
    }
  }
  return tree[(n - 1) * m + (m - 1)];
}

const size = (t: TreeNode): number => 1 + t.children.reduce((s, c) => s + size(c), 0);

/**
 * TEDS of two tables (1 = identical); `structureOnly` gives TEDS-S. Held at 0 and above: very
 * differently shaped trees (one long row against one long column) can cost more edits than nodes.
 */
export function teds(ours: SpanCell[][], truth: SpanCell[][], structureOnly = false): number {
  const a = tableTree(ours);
  const b = tableTree(truth);
  return Math.max(0, 1 - treeEditDistance(a, b, structureOnly) / Math.max(size(a), size(b)));
}

interface TruthScore {
  folder: string;
  complexity: string;
  teds: number;
  tedsS: number;
  paired: boolean;
}

/** Pairs truth and our tables of one page greedily, highest TEDS first (each used once). */
export function pairTables(ours: SpanCell[][][], truth: SpanCell[][][]): { teds: number; tedsS: number; paired: boolean }[] {
  const pairs = truth.flatMap((t, i) => ours.map((o, j) => ({ i, j, teds: teds(o, t), tedsS: teds(o, t, true) })));
  pairs.sort((x, y) => y.teds - x.teds || y.tedsS - x.tedsS);
  const out = truth.map(() => ({ teds: 0, tedsS: 0, paired: false }));
  const usedOurs = new Set<number>();
  for (const p of pairs) {
    if (out[p.i].paired || usedOurs.has(p.j)) continue;
    out[p.i] = { teds: p.teds, tedsS: p.tedsS, paired: true };
    usedOurs.add(p.j);
  }
  return out;
}

/** Rows for `npm run eval`: TEDS and TEDS-S on pdf-parse-bench, overall, per page set and per the truth's complexity. */
export async function tedsRows(corpus: string, features: FeatureConfig): Promise<[string, string, string][]> {
  const bench = join(corpus, "pdf-parse-bench");
  const scores: TruthScore[] = [];
  const leftOver = new Map<string, number>();
  const folders = readdirSync(join(bench, "groundtruth")).sort();
  for (const folder of folders) {
    for (const f of readdirSync(join(bench, "groundtruth", folder)).filter((n) => n.endsWith(".json")).sort()) {
      const pdf = join(bench, "pdfs", folder, f.replace(/\.json$/, ".pdf"));
      if (!existsSync(pdf)) continue;
      const elements = JSON.parse(readFileSync(join(bench, "groundtruth", folder, f), "utf8")) as { type: string; data: string; complexity?: string }[];
      const truth = elements.filter((e) => e.type === "table");
      const doc = await parseDocument(new Uint8Array(readFileSync(pdf)), f, { features });
      // The pages are single pages, so every table of ours is on the truth's page.
      const ours = documentTables(doc).map((t) => t.table.rows);
      const paired = pairTables(ours, truth.map((t) => tabularRows(t.data)));
      paired.forEach((p, k) => scores.push({ folder, complexity: truth[k].complexity ?? "unknown", ...p }));
      leftOver.set(folder, (leftOver.get(folder) ?? 0) + ours.length - paired.filter((p) => p.paired).length);
    }
  }
  const sum = (s: TruthScore[], extra?: number) => {
    const mean = (k: "teds" | "tedsS") => (s.reduce((n, x) => n + x[k], 0) / s.length).toFixed(3);
    const over = extra === undefined ? "" : `; ${extra} table${extra === 1 ? "" : "s"} of ours left over`;
    if (!s.length) return `no truth tables${over}`;
    return `TEDS ${mean("teds")}, TEDS-S ${mean("tedsS")}; ${s.filter((x) => x.paired).length}/${s.length} truth tables paired${over}`;
  };
  const all = [...leftOver.values()].reduce((a, b) => a + b, 0);
  const rows: [string, string, string][] = [[`pdf-parse-bench tables TEDS, all pages`, "docparse", sum(scores, all)]];
  for (const folder of folders) rows.push([`pdf-parse-bench tables TEDS, ${folder} pages`, "docparse", sum(scores.filter((s) => s.folder === folder), leftOver.get(folder) ?? 0)]);
  for (const c of [...new Set(scores.map((s) => s.complexity))].sort()) {
    rows.push([`pdf-parse-bench tables TEDS, ${c} tables`, "docparse", sum(scores.filter((s) => s.complexity === c))]);
  }
  return rows;
}
