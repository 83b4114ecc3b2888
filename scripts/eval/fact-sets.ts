// Corpus sets laid out as pdfs/ + tests.jsonl (olmOCR-format tests), scored with
// ../shared/tools/score-facts for docparse and pdftotext in the same run: one row per test
// type and, where the PDFs are in subfolders, one per subfolder. pdf-parse-bench: 120
// LaTeX-generated pages, 865 tests (math, table, present, order; math is the scorer's
// approximate token match of LaTeX inside the Markdown's math spans); invoices: 10 real
// invoices, 77 tests (fields present, line items' amounts on their rows).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
// @ts-expect-error: the scorer is plain JavaScript without types
import { canonMath, containsRun, extractMathSpans } from "../../../shared/tools/score-facts/lib/latex.mjs";
import { bestGlyphF1 } from "./formula-render";
import { pdfiumRenderer } from "../../src/cli/wasm-from-disk";
import { MemoryImageStore } from "../../src/core/images/store";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };
const renderOptions = { outputFormats: ["markdown" as const], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, table: "html" as const }, features };

interface Report {
  by_type: Record<string, { passed: number; total: number }>;
  by_category: Record<string, { passed: number; total: number }>;
}

export async function factSetRows(corpus: string, setName: string, out: string, scorer: string): Promise<[string, string, string][]> {
  return factSetRowsAt(join(corpus, setName), setName, out, scorer);
}

/** The same for a set laid out anywhere (the project's own fixtures); `setName` heads its rows. */
export async function factSetRowsAt(bench: string, setName: string, out: string, scorer: string, asService = false): Promise<[string, string, string][]> {
  const pdfs = join(bench, "pdfs");
  const folders = readdirSync(pdfs, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const displays = { truth: 0, found: 0, beyond: 0 };
  for (const set of folders.length ? folders : [""]) {
    for (const name of readdirSync(join(pdfs, set)).filter((f) => f.endsWith(".pdf")).sort()) {
      const file = join(pdfs, set, name);
      const md = name.replace(/\.pdf$/, ".md");
      const bytes = new Uint8Array(readFileSync(file));
      // As the service parses: with the page renderer and an image store, so the page's drawing
      // is read and text that must be drawn to be read is.
      const doc = await parseDocument(bytes, name, { features, ...(asService ? { renderer: pdfiumRenderer(bytes), images: { sink: new MemoryImageStore() } } : {}) });
      write(join(out, "docparse", set), md, renderParseResult(doc, renderOptions).outputs.markdown ?? "");
      countDisplays(join(bench, "groundtruth", set, name.replace(/\.pdf$/, ".json")), doc, displays);
      // Plain pdftotext, as the set's SOURCE.md measured it: -layout's column spacing splits its sentences.
      write(join(out, "pdftotext", set), md, execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }));
    }
  }
  const reports = Object.fromEntries(["docparse", "pdftotext"].map((parser) => [parser, score(scorer, bench, join(out, parser))]));
  const rows: [string, string, string][] = [];
  const rate = (r: { passed: number; total: number } | undefined) => (r ? `${((100 * r.passed) / r.total).toFixed(1)}% (${r.passed}/${r.total})` : "n/a");
  const types = ["math", "table", "present", "absent", "order", "format"].filter((t) => reports.docparse?.by_type[t]);
  for (const type of types) {
    for (const parser of ["docparse", "pdftotext"]) rows.push([`${setName} ${type} tests${type === "math" ? " (approximate)" : ""}`, parser, rate(reports[parser]?.by_type[type])]);
  }
  if (types.includes("math")) rows.push(...groupingBraceRows(bench, out, setName), ...renderingRows(bench, out, setName));
  const overall = (r: Report | undefined) => r && Object.entries(r.by_type).filter(([type]) => type !== "baseline").map(([, t]) => t).reduce((a, t) => ({ passed: a.passed + t.passed, total: a.total + t.total }), { passed: 0, total: 0 });
  if (folders.length) for (const parser of ["docparse", "pdftotext"]) rows.push([`${setName} all tests`, parser, rate(overall(reports[parser]))]);
  if (displays.truth) rows.push([`${setName} display formulas as formula blocks (counted page by page)`, "docparse", `${displays.found} of ${displays.truth}; ${displays.beyond} blocks beyond a page's displays`]);
  for (const set of folders) {
    for (const parser of ["docparse", "pdftotext"]) rows.push([`${setName} ${set} pages, all tests`, parser, rate(reports[parser]?.by_category[`tests/${set}`])]);
  }
  return rows;
}

/** A page's display formulas in its ground truth (pdf-parse-bench's JSON), against our formula blocks on it. */
function countDisplays(truthFile: string, doc: Awaited<ReturnType<typeof parseDocument>>, displays: { truth: number; found: number; beyond: number }) {
  if (!existsSync(truthFile)) return;
  const truth = (JSON.parse(readFileSync(truthFile, "utf8")) as { type: string }[]).filter((e) => e.type === "display-formula").length;
  const ours = doc.pages.flatMap((p) => p.blocks).filter((b) => b.type === "formula" && !b.hidden).length;
  displays.truth += truth;
  displays.found += Math.min(truth, ours);
  displays.beyond += Math.max(0, ours - truth);
}

function write(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
}

function score(scorer: string, bench: string, mdDir: string): Report | undefined {
  const report = `${mdDir}.report.json`;
  spawnSync(process.execPath, [scorer, "--tests", join(bench, "tests.jsonl"), "--pdf-root", join(bench, "pdfs"), "--md", mdDir, "--json-out", report], { encoding: "utf8" });
  try {
    return JSON.parse(readFileSync(report, "utf8")) as Report;
  } catch {
    return undefined;
  }
}

/**
 * The rendering check of the math tests (formula-render.ts): each ground-truth formula
 * against the best of the page's math spans, typeset and compared glyph by glyph. Mean
 * score, and the share rendered exactly alike.
 */
function renderingRows(bench: string, out: string, setName: string): [string, string, string][] {
  const tests = readFileSync(join(bench, "tests.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id: string; pdf: string; type: string; math?: string });
  const rows: [string, string, string][] = [];
  for (const parser of ["docparse", "pdftotext"]) {
    const scores: number[] = [];
    const byTest: Record<string, number | null> = {};
    let unreadable = 0;
    for (const t of tests.filter((t) => t.type === "math" && t.math)) {
      const spans = extractMathSpans(readFileSync(join(out, parser, t.pdf.replace(/\.pdf$/, ".md")), "utf8")) as string[];
      const score = bestGlyphF1(t.math!, spans);
      byTest[t.id] = score ?? null;
      if (score === undefined) unreadable++;
      else scores.push(score);
    }
    writeFileSync(join(out, `${parser}.rendering.json`), JSON.stringify(byTest, null, 1));
    const mean = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
    const exact = scores.filter((s) => s === 1).length;
    rows.push([`${setName} math, rendering check (mean glyph F1; exact)`, parser, `${(100 * mean).toFixed(1)}%; ${exact}/${scores.length} exact${unreadable ? ` (${unreadable} truths MathJax cannot read)` : ""}`]);
  }
  return rows;
}

/** Commands whose first argument is followed by a second. */
const TWO_ARGUMENTS = new Set(["\\frac", "\\binom", "\\overset", "\\underset", "\\stackrel", "\\cfrac"]);

/**
 * The scorer's canonical tokens without the braces that only group ({\frac{a}{b}} and
 * {\textstyle x=1} are \frac{a}{b} and x=1 on the page): a brace opens an argument after
 * ^ or _, after a command, after a radical's [index], or as a two-argument command's second.
 */
export function withoutGroupingBraces(tokens: string[]): string[] {
  const out: string[] = [];
  // For each open brace: whether it is kept, and whether it is the first of two arguments.
  const open: { kept: boolean; firstOfTwo: boolean }[] = [];
  let afterFirstOfTwo = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === "{") {
      const prev = out[out.length - 1];
      const argument = afterFirstOfTwo || prev === "^" || prev === "_" || prev === "]" || (prev !== undefined && /^\\[A-Za-z]+$/.test(prev));
      open.push({ kept: argument, firstOfTwo: prev !== undefined && TWO_ARGUMENTS.has(prev) });
      afterFirstOfTwo = false;
      if (argument) out.push(t);
      continue;
    }
    afterFirstOfTwo = false;
    if (t === "}") {
      const group = open.pop();
      if (group?.kept ?? true) out.push(t);
      afterFirstOfTwo = !!group?.firstOfTwo;
      continue;
    }
    out.push(t);
  }
  return out;
}

/**
 * The scorer's math tests again, with grouping braces left out on both sides: the
 * scorer's token match counts {\frac{a}{b}} (Wikipedia's way of writing a fraction, which
 * these truths keep) as a different formula from \frac{a}{b}, which renders the same.
 */
function groupingBraceRows(bench: string, out: string, setName: string): [string, string, string][] {
  const tests = readFileSync(join(bench, "tests.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { pdf: string; type: string; math?: string }).filter((t) => t.type === "math" && t.math);
  const canon = (latex: string) => withoutGroupingBraces(canonMath(latex) as string[]);
  return ["docparse", "pdftotext"].map((parser) => {
    let passed = 0;
    for (const t of tests) {
      const spans = (extractMathSpans(readFileSync(join(out, parser, t.pdf.replace(/\.pdf$/, ".md")), "utf8")) as string[]).map(canon);
      const want = canon(t.math!);
      if (spans.some((s) => containsRun(s, want))) passed++;
    }
    return [`${setName} math tests, grouping braces ignored (approximate)`, parser, `${((100 * passed) / tests.length).toFixed(1)}% (${passed}/${tests.length})`];
  });
}
