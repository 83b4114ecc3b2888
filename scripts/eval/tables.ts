// Table scores for `npm run eval`:
//   ICDAR 2013: cell adjacency relations against the competition's structure files
//     (icdar2013-tables/*-str.xml), as in the ICDAR 2013 table competition. Texts are
//     compared with whitespace and non-ASCII characters removed, case kept. Tables are
//     paired by page and overlap of their boxes; an unpaired table of ours costs
//     precision, an unpaired GT table recall. Quoted per document (P and R averaged over
//     the documents, F1 from the averages) and pooled over all relations.
//   tabula-java: our tables inside tabula's page area against its expected CSVs, as the
//     share of expected non-empty cells found at their grid position (after trimming
//     all-empty edge rows and columns, which are segmentation artefacts) and as adjacency
//     relation F1.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import type { BBox, Document, Table } from "../../src/core/model";
import type { FeatureConfig } from "../../src/core/options";

/** A table laid out on its grid: every position covered by a cell holds that cell's id and text. */
interface GridCell {
  id: number;
  text: string;
}
type Grid = (GridCell | undefined)[][];

interface Relation {
  key: string;
}

export interface TableScore {
  /** The document's file name (for per-document listings). */
  name?: string;
  correct: number;
  produced: number;
  expected: number;
  tablesFound: number;
  tablesExpected: number;
}

const norm = (s: string) => s.normalize("NFKD").replace(/\s+/g, "").replace(/[^\x21-\x7e]/g, "");

/** Our table (HTML-style rows, spans) on a grid. */
export function gridOfTable(t: Table): Grid {
  const grid: Grid = [];
  let id = 0;
  t.rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of row) {
      while (grid[r][c] !== undefined) c++;
      const g = { id: id++, text: cell.text };
      for (let dr = 0; dr < cell.rowSpan; dr++) for (let dc = 0; dc < cell.colSpan; dc++) (grid[r + dr] ??= [])[c + dc] = g;
      c += cell.colSpan;
    }
  });
  return grid;
}

/** Adjacency relations: each non-empty cell with its nearest non-empty neighbour right and below. */
export function relations(grid: Grid): string[] {
  const out = new Set<string>();
  const rows = grid.length;
  const cols = Math.max(0, ...grid.map((r) => r.length));
  const at = (r: number, c: number) => {
    const g = grid[r]?.[c];
    return g && norm(g.text) ? g : undefined;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = at(r, c);
      if (!a) continue;
      for (let c2 = c + 1; c2 < cols; c2++) {
        const b = at(r, c2);
        if (!b || b.id === a.id) continue;
        out.add(`${norm(a.text)}\u0000${norm(b.text)}\u0000h`);
        break;
      }
      for (let r2 = r + 1; r2 < rows; r2++) {
        const b = at(r2, c);
        if (!b || b.id === a.id) continue;
        out.add(`${norm(a.text)}\u0000${norm(b.text)}\u0000v`);
        break;
      }
    }
  }
  return [...out];
}

function countCommon(a: string[], b: string[]): number {
  const left = new Map<string, number>();
  for (const k of a) left.set(k, (left.get(k) ?? 0) + 1);
  let n = 0;
  for (const k of b) {
    const m = left.get(k) ?? 0;
    if (m > 0) {
      n++;
      left.set(k, m - 1);
    }
  }
  return n;
}

interface GtTable {
  page: number;
  bbox: BBox;
  grid: Grid;
}

/** Tables of a competition structure file; boxes turned to a top-left origin with the page heights. */
function readGt(xml: string, pageHeight: (page: number) => number): GtTable[] {
  const tables: GtTable[] = [];
  let id = 0;
  for (const tm of xml.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/g)) {
    const grid: Grid = [];
    let page = 0;
    let bbox: BBox | undefined;
    for (const rm of tm[1].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const attr = (s: string, name: string) => Number(new RegExp(`${name}=['"](-?\\d+)['"]`).exec(s)?.[1] ?? 0);
      page = attr(rm[1], "page") - 1;
      const dRow = attr(rm[1], "row-increment");
      const dCol = attr(rm[1], "col-increment");
      const h = pageHeight(page);
      for (const cm of rm[2].matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
        const sr = attr(cm[1], "start-row") + dRow + 1;
        const sc = attr(cm[1], "start-col") + dCol + 1;
        const er = (/end-row/.test(cm[1]) ? attr(cm[1], "end-row") + dRow + 1 : sr);
        const ec = (/end-col/.test(cm[1]) ? attr(cm[1], "end-col") + dCol + 1 : sc);
        const text = /<content>([\s\S]*?)<\/content>/.exec(cm[2])?.[1] ?? "";
        const g = { id: id++, text: decodeXml(text) };
        for (let r = sr; r <= er; r++) for (let c = sc; c <= ec; c++) (grid[r] ??= [])[c] = g;
        const bb = /<bounding-box\b([^>]*)>/.exec(cm[2]);
        if (bb) {
          // Attribute order and quotes differ between the EU and US files.
          const [x1, x2, y1, y2] = ["x1", "x2", "y1", "y2"].map((n) => Number(new RegExp(`${n}=['"](-?[\\d.]+)['"]`).exec(bb[1])?.[1] ?? NaN));
          const b: BBox = [x1, h - y2, x2, h - y1];
          // A cell box with a mistyped coordinate (us-018 has x1='26ß') says nothing of where
          // the table is; taken in, it would make the table's whole box NaN and leave it unpaired.
          if (b.some(Number.isNaN)) continue;
          bbox = bbox ? [Math.min(bbox[0], b[0]), Math.min(bbox[1], b[1]), Math.max(bbox[2], b[2]), Math.max(bbox[3], b[3])] : b;
        }
      }
    }
    for (let r = 0; r < grid.length; r++) grid[r] ??= [];
    tables.push({ page, bbox: bbox ?? [0, 0, 0, 0], grid });
  }
  return tables;
}

const decodeXml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

function overlapArea(a: BBox, b: BBox): number {
  return Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
}

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

interface OurTable {
  page: number;
  bbox: BBox;
  table: Table;
}

export function documentTables(doc: Document): OurTable[] {
  return doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === "table" && b.table && !b.hidden).map((b) => ({ page: p.index, bbox: b.bbox, table: b.table! })));
}

/** Pairs each GT table with the table of ours on its page that overlaps it most (each used once). */
function scoreDocument(gt: GtTable[], ours: OurTable[]): TableScore {
  const used = new Set<number>();
  const s: TableScore = { correct: 0, produced: 0, expected: 0, tablesFound: 0, tablesExpected: gt.length };
  const ourRelations = ours.map((t) => relations(gridOfTable(t.table)));
  for (const g of gt) {
    const expected = relations(g.grid);
    s.expected += expected.length;
    let best = -1;
    let bestOverlap = 0;
    ours.forEach((t, i) => {
      if (used.has(i) || t.page !== g.page) return;
      const o = overlapArea(t.bbox, g.bbox) / Math.max(1, Math.min(area(t.bbox), area(g.bbox)));
      if (o > bestOverlap) [best, bestOverlap] = [i, o];
    });
    if (best < 0 || bestOverlap < 0.1) continue;
    used.add(best);
    s.tablesFound++;
    s.correct += countCommon(expected, ourRelations[best]);
  }
  s.produced = ourRelations.reduce((n, r) => n + r.length, 0);
  return s;
}

export async function scoreIcdar(corpus: string, features: FeatureConfig): Promise<{ docs: TableScore[] }> {
  const docs: TableScore[] = [];
  for (const set of ["eu", "us"]) {
    const dir = join(corpus, "icdar2013-tables", set);
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".pdf")).sort()) {
      const doc = await parseDocument(new Uint8Array(readFileSync(join(dir, f))), f, { features });
      const gt = readGt(readFileSync(join(dir, f.replace(/\.pdf$/, "-str.xml")), "utf8"), (p) => doc.pages[p]?.height ?? 0);
      docs.push({ name: f, ...scoreDocument(gt, documentTables(doc)) });
    }
  }
  return { docs };
}

const pct = (n: number) => `${(100 * n).toFixed(1)}%`;
const ratio = (a: number, b: number) => (b ? a / b : 0);
const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

export function sumIcdar(docs: TableScore[]): string {
  const p = docs.reduce((n, d) => n + ratio(d.correct, d.produced), 0) / docs.length;
  const r = docs.reduce((n, d) => n + ratio(d.correct, d.expected), 0) / docs.length;
  const t = docs.reduce((a, d) => ({ c: a.c + d.correct, p: a.p + d.produced, e: a.e + d.expected, f: a.f + d.tablesFound, x: a.x + d.tablesExpected }), { c: 0, p: 0, e: 0, f: 0, x: 0 });
  const pp = ratio(t.c, t.p);
  const pr = ratio(t.c, t.e);
  return `per-doc P ${pct(p)} R ${pct(r)} F1 ${pct(f1(p, r))}; pooled P ${pct(pp)} R ${pct(pr)} F1 ${pct(f1(pp, pr))}; ${t.f}/${t.x} tables paired`;
}

/** Tabula's extractions: page (1-based) and area [top, left, bottom, right]; null = whole page. */
const TABULA: { name: string; page: number; areas: ([number, number, number, number] | null)[] }[] = [
  { name: "AnimalSounds", page: 1, areas: [null] },
  { name: "MultiColumn", page: 1, areas: [[0, 0, 10000, 306], [0, 306, 10000, 10000]] },
  { name: "Publication_of_award_of_Bids_for_Transport_Sector__August_2016", page: 1, areas: [[56.925, 24.255, 549.945, 786.555]] },
  { name: "argentina_diputados_voting_record", page: 1, areas: [[269.875, 12.75, 790.5, 561]] },
  { name: "frx_2012_disclosure", page: 1, areas: [[53, 49, 735, 550]] },
  { name: "indictb1h_14", page: 1, areas: [[205, 120, 622.82, 459.9]] },
  { name: "schools", page: 1, areas: [[53.74, 16.97, 548.74, 762.3]] },
  { name: "spanning_cells", page: 1, areas: [null] },
  { name: "spreadsheet_no_bounding_frame", page: 1, areas: [[150.56, 58.9, 654.7, 536.12]] },
  { name: "twotables", page: 1, areas: [null] },
  { name: "us-020", page: 2, areas: [[103, 35, 641, 560]] },
];

export interface CsvScore {
  name: string;
  cellsMatched: number;
  cellsExpected: number;
  correct: number;
  produced: number;
  expected: number;
}

/** RFC-4180-ish CSV: quoted fields may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

/** A grid of texts as tabula writes it: a spanning cell's text in its top-left position only. */
function textGrid(t: Table): string[][] {
  const grid = gridOfTable(t);
  const seen = new Set<number>();
  return grid.map((row) => Array.from({ length: Math.max(0, ...grid.map((r) => r.length)) }, (_, c) => {
    const g = row[c];
    if (!g || seen.has(g.id)) return "";
    seen.add(g.id);
    return g.text;
  }));
}

/**
 * The rows of a table that tabula's area takes: its area may start below a table's header
 * (the expected CSV then has no header row), so rows whose text lies wholly above or below
 * the area are left out. Rows without any cell box stay.
 */
function rowsWithin(t: Table, top: number, bottom: number): Table {
  const outside = (row: Table["rows"][number]) => {
    const boxes = row.flatMap((c) => (c.bbox ? [c.bbox] : []));
    return boxes.length > 0 && boxes.every((b) => (b[1] + b[3]) / 2 < top || (b[1] + b[3]) / 2 > bottom);
  };
  // A row only counts as outside when no cell from a kept row spans down into it.
  const rows = t.rows.filter((r, i) => !outside(r) || t.rows.slice(0, i).some((above, k) => above.some((c) => k + c.rowSpan > i)));
  return { ...t, rows };
}

/** Drops all-empty rows and all-empty leading/trailing columns. */
function trim(grid: string[][]): string[][] {
  const rows = grid.filter((r) => r.some((c) => c.trim()));
  const width = Math.max(0, ...rows.map((r) => r.length));
  let first = 0;
  let last = width - 1;
  while (first <= last && rows.every((r) => !(r[first] ?? "").trim())) first++;
  while (last >= first && rows.every((r) => !(r[last] ?? "").trim())) last--;
  return rows.map((r) => Array.from({ length: last - first + 1 }, (_, i) => r[first + i] ?? ""));
}

const toGrid = (rows: string[][]): Grid => {
  let id = 0;
  return rows.map((r) => r.map((text) => ({ id: id++, text })));
};

export async function scoreTabula(corpus: string, features: FeatureConfig): Promise<CsvScore[]> {
  const out: CsvScore[] = [];
  for (const { name, page, areas } of TABULA) {
    const dir = join(corpus, "tabula-java");
    const doc = await parseDocument(new Uint8Array(readFileSync(join(dir, `${name}.pdf`))), name, { features, pageRange: [page - 1, page] });
    const tables = documentTables(doc).filter((t) => t.page === page - 1);
    const ours: string[][] = [];
    for (const a of areas) {
      const inside = tables.filter((t) => {
        if (!a) return true;
        const cx = (t.bbox[0] + t.bbox[2]) / 2;
        const cy = (t.bbox[1] + t.bbox[3]) / 2;
        return cx >= a[1] && cx <= a[3] && cy >= a[0] && cy <= a[2];
      });
      inside.sort((x, y) => x.bbox[1] - y.bbox[1] || x.bbox[0] - y.bbox[0]);
      for (const t of inside) ours.push(...trim(textGrid(a ? rowsWithin(t.table, a[0], a[2]) : t.table)));
    }
    const expected = trim(parseCsv(readFileSync(join(dir, `${name}.csv`), "utf8")));
    let matched = 0;
    let total = 0;
    expected.forEach((row, r) => row.forEach((cell, c) => {
      if (!norm(cell)) return;
      total++;
      if (norm(ours[r]?.[c] ?? "") === norm(cell)) matched++;
    }));
    const exp = relations(toGrid(expected));
    const got = relations(toGrid(ours));
    out.push({ name, cellsMatched: matched, cellsExpected: total, correct: countCommon(exp, got), produced: got.length, expected: exp.length });
  }
  return out;
}

export function sumTabula(scores: CsvScore[]): string {
  const cells = scores.reduce((n, s) => n + ratio(s.cellsMatched, s.cellsExpected), 0) / scores.length;
  const p = scores.reduce((n, s) => n + ratio(s.correct, s.produced), 0) / scores.length;
  const r = scores.reduce((n, s) => n + ratio(s.correct, s.expected), 0) / scores.length;
  const exact = scores.filter((s) => s.cellsMatched === s.cellsExpected).length;
  return `cells at their position ${pct(cells)} (per CSV, averaged); relations P ${pct(p)} R ${pct(r)} F1 ${pct(f1(p, r))}; ${exact}/${scores.length} CSVs exact`;
}
