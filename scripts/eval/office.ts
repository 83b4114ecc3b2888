// Office inputs scored (rows for `npm run eval`):
//   Docling reference outputs (docling-testdata/{docx,pptx,xlsx}, and the native .odt/.ods
//     of docling-testdata/odf-exported-pdf): word-level LCS of our
//     Markdown against Docling's, heading agreement (title / section_header items), and
//     table cells (non-empty cells at the same row and column of the expanded grid, tables
//     paired in order by best overlap). Reference outputs, not truth: a similarity.
//   mammoth expectations (office/mammoth/expected.json): each expected block in order with
//     its type and text, list items, table cells, pictures with their content type (the
//     bytes must reach the image sink), foot/endnote texts; checks passed.
//   Excel-exported CSVs (office/sheetjs/): sheet names and order exact, then each sheet's
//     displayed values (the multiset of non-empty cells; "_" in the Windows-1252 export
//     stands for a character it could not write).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { expandedGrid } from "../../src/core/render/table";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import type { Block, Document, Table } from "../../src/core/model";
import { MemoryImageStore } from "../../src/core/images/store";
import { scoreText, sumText, words, type TextScore } from "./text";
import { scoreHeadings, sumScores, type Heading, type HeadingScore } from "./headings";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };
const renderOptions = { outputFormats: ["markdown" as const], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, table: "markdown" as const }, features };

type Row = [string, string, string];

/** Pictures are extracted only with a sink, as the API's parse does (image understanding off: no model here). */
async function parse(corpus: string, rel: string, store = new MemoryImageStore()): Promise<Document | null> {
  try {
    return await parseDocument(new Uint8Array(readFileSync(join(corpus, rel))), rel, { features: { ...features, enable_image_understanding: false }, images: { sink: store } });
  } catch {
    return null; // counted as nothing found: every score of the file is zero
  }
}

const blocksOf = (doc: Document | null): Block[] => doc?.pages.flatMap((p) => p.blocks.filter((b) => !b.hidden)) ?? [];
const markdownOf = (doc: Document | null) => (doc ? (renderParseResult(doc, renderOptions).outputs.markdown ?? "") : "");

export async function officeRows(corpus: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of ["docx", "pptx", "xlsx"]) rows.push(...(await doclingRows(corpus, kind, kind, [kind])));
  rows.push(...(await doclingRows(corpus, "odt/ods/odp", "odf-exported-pdf", ["odt", "ods", "odp"])));
  rows.push(await mammothRow(corpus));
  rows.push(await sheetjsRow(corpus));
  return rows;
}

// ---------------------------------------------------------------- Docling references

interface DoclingJson {
  texts: { label: string; text: string; level?: number; content_layer?: string }[];
  tables: { data: { grid: { text: string }[][] } }[];
}

async function doclingRows(corpus: string, kind: string, folder: string, extensions: string[]): Promise<Row[]> {
  const dir = join(corpus, "docling-testdata", folder);
  const files = readdirSync(dir).filter((f) => extensions.some((e) => f.endsWith(`.${e}`))).sort();
  const text: TextScore[] = [];
  const headings: HeadingScore[] = [];
  const cells = { matched: 0, expected: 0, found: 0 };
  for (const f of files) {
    const gt = join(dir, "groundtruth", f);
    if (!existsSync(`${gt}.md`)) continue;
    const doc = await parse(corpus, join("docling-testdata", folder, f));
    const reference = readFileSync(`${gt}.md`, "utf8").replace(/<!--.*?-->/g, " ");
    text.push(scoreText(words(reference), words(markdownOf(doc))));
    const json = JSON.parse(readFileSync(`${gt}.json`, "utf8")) as DoclingJson;
    const expected: Heading[] = json.texts.filter((t) => (t.label === "title" || t.label === "section_header") && t.content_layer !== "furniture").map((t) => ({ text: t.text, level: t.label === "title" ? 1 : (t.level ?? 1) + 1 }));
    const found = blocksOf(doc).filter((b) => b.type === "title").map((b) => ({ text: b.text, level: b.titleLevel ?? 1 }));
    if (expected.length) headings.push(scoreHeadings(expected, found));
    const s = scoreTables(json.tables.map((t) => t.data.grid.map((r) => r.map((c) => c.text))), blocksOf(doc).filter((b) => b.table).map((b) => expandedGrid(b.table!)));
    cells.matched += s.matched;
    cells.expected += s.expected;
    cells.found += s.found;
  }
  const n = text.length;
  const out: Row[] = [[`office ${kind}: text vs Docling (${n} files)`, "docparse", sumText(text)]];
  if (headings.length) out.push([`office ${kind}: headings vs Docling`, "docparse", sumScores(headings)]);
  out.push([`office ${kind}: table cells vs Docling`, "docparse", prf(cells.matched, cells.found, cells.expected, "cells")]);
  return out;
}


const cellNorm = (s: string) => s.replace(/\s+/g, " ").trim();

function sameCells(a: string[][], b: string[][]): number {
  let n = 0;
  a.forEach((row, r) => row.forEach((text, c) => {
    if (cellNorm(text ?? "") && cellNorm(text ?? "") === cellNorm(b[r]?.[c] ?? "")) n++;
  }));
  return n;
}
const filled = (g: string[][]) => g.reduce((n, row) => n + row.filter((t) => cellNorm(t ?? "")).length, 0);

/** Expected tables paired in order with the later found table sharing most cells. */
function scoreTables(expected: string[][][], found: string[][][]) {
  let matched = 0;
  let from = 0;
  for (const e of expected) {
    let best = -1;
    let bestScore = 0;
    for (let k = from; k < found.length; k++) {
      const s = sameCells(e, found[k]);
      if (s > bestScore) [best, bestScore] = [k, s];
    }
    if (best >= 0) {
      matched += bestScore;
      from = best + 1;
    }
  }
  return { matched, expected: expected.reduce((n, g) => n + filled(g), 0), found: found.reduce((n, g) => n + filled(g), 0) };
}

function prf(matched: number, found: number, expected: number, unit: string): string {
  const p = found ? matched / found : 0;
  const r = expected ? matched / expected : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  return `P ${(100 * p).toFixed(1)}% R ${(100 * r).toFixed(1)}% F1 ${(100 * f1).toFixed(1)}% (${matched} of ${expected} ${unit})`;
}

// ---------------------------------------------------------------- mammoth expectations

interface MammothBlock {
  type: "paragraph" | "list" | "table" | "image";
  text?: string;
  content_type?: string;
  items?: string[];
  ordered?: boolean;
  rows?: string[][];
}

async function mammothRow(corpus: string): Promise<Row> {
  const expected = JSON.parse(readFileSync(join(corpus, "office/mammoth/expected.json"), "utf8")) as Record<string, { blocks: MammothBlock[]; footnotes?: string[]; endnotes?: string[] }>;
  let passed = 0;
  let total = 0;
  const failed: string[] = [];
  const norm = (s: string) => s.replace(/\s+/g, " ").trim();
  for (const [file, spec] of Object.entries(expected)) {
    const store = new MemoryImageStore();
    const doc = await parse(corpus, join("office/mammoth", file), store);
    const blocks = blocksOf(doc).filter((b) => b.layer === "body");
    const notes = blocksOf(doc).filter((b) => b.type === "footnote").map((b) => norm(b.text));
    let at = 0;
    const check = (ok: boolean, what: string) => {
      total++;
      if (ok) passed++;
      else failed.push(`${file}: ${what}`);
    };
    for (const e of spec.blocks) {
      if (e.type === "paragraph") {
        const i = blocks.findIndex((b, k) => k >= at && (b.type === "text" || b.type === "title") && norm(b.text) === norm(e.text ?? ""));
        check(i >= 0, `paragraph "${e.text}"`);
        if (i >= 0) at = i + 1;
      } else if (e.type === "list") {
        for (const item of e.items ?? []) {
          const i = blocks.findIndex((b, k) => k >= at && b.type === "list" && norm(b.text) === norm(item) && b.list?.ordered === e.ordered);
          check(i >= 0, `list item "${item}"`);
          if (i >= 0) at = i + 1;
        }
      } else if (e.type === "table") {
        const i = blocks.findIndex((b, k) => k >= at && b.type === "table");
        const grid = i >= 0 ? expandedGrid(blocks[i].table!) : [];
        (e.rows ?? []).forEach((row, r) => row.forEach((cell, c) => check(norm(grid[r]?.[c] ?? "") === norm(cell), `cell ${r},${c}`)));
        if (i >= 0) at = i + 1;
      } else if (e.type === "image") {
        const i = blocks.findIndex((b, k) => k >= at && b.type === "image");
        const stored = i >= 0 ? store.images.get(blocks[i].image?.ref ?? "") : undefined;
        check(!!stored?.bytes.length && (!e.content_type || (stored.mime === e.content_type && blocks[i].image?.mime === e.content_type)), "image");
        if (i >= 0) at = i + 1;
      }
    }
    for (const list of [spec.footnotes ?? [], spec.endnotes ?? []]) {
      list.forEach((note, i) => check(notes.some((t) => t === `[${i + 1}] ${norm(note)}`), `note "${note}"`));
    }
  }
  const pct = total ? ((100 * passed) / total).toFixed(1) : "0.0";
  return [`office mammoth expectations (${Object.keys(expected).length} docx)`, "docparse", `${pct}% (${passed}/${total} checks)${failed.length ? `; failing: ${failed.slice(0, 3).join("; ")}` : ""}`];
}

// ---------------------------------------------------------------- SheetJS / Excel exports

function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    } else if (ch === "\n") row.push(cell), rows.push(row), (row = []), (cell = "");
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

async function sheetjsRow(corpus: string): Promise<Row> {
  const base = join(corpus, "office/sheetjs");
  const baselines = join(base, "excel2011-baselines");
  let namesOk = 0;
  let books = 0;
  let matched = 0;
  let expectedCells = 0;
  let foundCells = 0;
  const books1252 = readdirSync(baselines).filter((f) => f.endsWith(".sheetnames")).map((f) => f.replace(/\.sheetnames$/, ""));
  const sheetsOf = (book: string): { sheet: number; cells: string[] }[] =>
    readdirSync(baselines)
      .filter((f) => f.startsWith(`${book}.`) && f.endsWith(".csv"))
      .map((f) => ({ sheet: Number(f.slice(book.length + 1, -4)), cells: parseCsv(new TextDecoder("windows-1252").decode(readFileSync(join(baselines, f)))).flat() }));
  const compare = (doc: Document | null, sheet: number, expected: string[]) => {
    const ours = (doc?.pages[sheet]?.blocks ?? []).filter((b) => b.table).flatMap((b) => b.table!.rows.flat().map((c) => c.text)).filter((t) => t !== "");
    const want = expected.filter((t) => t !== "");
    const pool = [...ours];
    for (const w of want) {
      const pattern = new RegExp(`^${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/_/g, "[^\\x00-\\xff]")}$`, "u");
      const i = pool.findIndex((o) => o === w || pattern.test(o));
      if (i >= 0) {
        matched++;
        pool.splice(i, 1);
      }
    }
    expectedCells += want.length;
    foundCells += ours.length;
  };
  for (const book of books1252) {
    const doc = await parse(corpus, join("office/sheetjs", book));
    const names = readFileSync(join(baselines, `${book}.sheetnames`), "utf8").split(/\r?\n/).filter(Boolean);
    books++;
    if (JSON.stringify(doc?.pages.map((p) => p.blocks[0]?.text)) === JSON.stringify(names)) namesOk++;
    for (const { sheet, cells } of sheetsOf(book)) compare(doc, sheet, cells);
  }
  const attendance = await parse(corpus, "office/sheetjs/Attendance.xlsx");
  compare(attendance, 0, parseCsv(readFileSync(join(base, "Attendance.csv"), "utf8")).flat());
  return [`office SheetJS Excel exports (${books + 1} workbooks)`, "docparse", `sheet names ${namesOk}/${books}; cells ${prf(matched, foundCells, expectedCells, "cells")}`];
}
