// Unruled tables from text alignment: consecutive rows made of several short chunks whose
// gaps line up form a table region (kept whole between the table's own rules, frames.ts);
// the white bands running down through the region are its column separators
// (separators.ts); a chunk across a separator spans columns. Paragraph text is kept
// out: lines wider than a cell could be (prose) never count as chunks of a table row, and
// a region whose columns read like running text (two-column pages), a numbered listing or
// a list is refused (not-a-table.ts), and a line of the next column that shares a baseline
// with the table's rows is left to its paragraph (gutters.ts).
import type { Ruling, Run } from "../../runs";
import type { BBox } from "../../model";
import { MIN_TABLE_ROWS, type TableDraft } from "./draft";
import { type Chunk, type TextRow, textRows } from "./rows";
import { union } from "../../geometry";
import { assignRows, type RowGroup } from "./aligned-rows";
import { columnGutters, keepToOneColumn, splitAtPageGutters, withoutColumnBeside } from "./gutters";
import { clearBands, findGutters } from "../gutters";
import { authorsSideBySide, notATable } from "./not-a-table";
import { separatorBands } from "./separators";
import { NUMERIC } from "./headers";
import { type Frame, frameOf, ruledFrames } from "./frames";
import { mergeSegments } from "./lattice";
import { wordCount } from "../../scripts";

/** A chunk wider than this share of the page is a line of prose, not a cell. */
const PROSE_WIDTH = 0.3;
/** ...and a chunk of at least this many words. */
const PROSE_WORDS = 5;
/** Rows further apart than this many line heights do not belong to one table. */
const MAX_ROW_GAP = 2.2;
/** Rows of a single chunk tolerated in a row inside a region (wrapped cells, section labels). */
const MAX_SINGLE_RUN = 3;
/** A horizontal rule spanning this share of a region's width bounds it (booktabs-style tables). */
const RULE_SPAN = 0.8;

interface Region {
  rows: TextRow[];
  bbox: BBox;
  /** Lines of running text beside the region, on baselines of their own: the next column's. */
  aside: TextRow[];
}

export function alignedDrafts(runs: Run[], pageWidth: number, rulings: Ruling[]): TableDraft[] {
  if (runs.length < 6) return [];
  const rows = textRows(runs);
  const prose = proseChunks(rows, pageWidth);
  const isCell = (c: Chunk) => !prose.has(c);
  const rules = horizontalRules(rulings);
  const bands = clearBands(runs);
  const gutters = columnGutters(rows.flatMap((r) => r.chunks.filter((c) => !isCell(c)).map((c) => c.bbox)), pageWidth, bands);
  // The page's gutters: bands between lines of running text, and the bands where the page's
  // columns start (findGutters), which a column holding little but tables still has.
  const pageGutters = [...gutters, ...findGutters(runs, bands)];
  // Regions are looked for again in each column of a page whose columns hold tables side by side.
  const frames = ruledFrames(rules, rows, isCell);
  const found = regions(rows, isCell, frames)
    .flatMap((region) => {
      const sides = splitAtPageGutters(region.rows, pageGutters, isCell, region.aside);
      return sides.length > 1 ? sides.flatMap((side) => regions(side, isCell, frames)) : [region];
    })
    .flatMap((region) => atRepeatedHead(region.rows, isCell).map((part) => ({ ...region, rows: part })));
  const drafts: TableDraft[] = [];
  for (const { rows: regionRows, aside } of found) {
    const body = withoutRunningLines(withoutLetterhead(keepToOneColumn(withoutColumnBeside(regionRows, aside, isCell), gutters, isCell), isCell), rows, isCell);
    if (!body.length) continue;
    const kept = [...headUnderTopRule(body, rows, rules, isCell), ...body];
    const region = { rows: kept, bbox: kept.map((r) => r.bbox).reduce(union) };
    const draft = regionDraft(region, isCell, rules);
    if (draft) drafts.push(draft);
  }
  return drafts;
}

/** The head of a document stands further off its table than this many of the table's row pitches. */
const LETTERHEAD_GAP = 1.5;

/**
 * A region without the document's head lines above its table: lines of one or two cells,
 * set flush left and flush right across the table's width ("Invoice 2026-0415 ... Northwind
 * Supplies Ltd."), no amount among them, standing further off the table's first full row
 * than its rows stand from one another. A group's name over its columns is centred on them,
 * at the table's pitch.
 */
function withoutLetterhead(rows: TextRow[], isCell: (c: Chunk) => boolean): TextRow[] {
  const counts = rows.map((r) => cellChunks(r, isCell).length);
  const full = Math.max(3, Math.ceil(Math.max(...counts) / 2));
  const first = counts.findIndex((n) => n >= full);
  if (first <= 0) return rows;
  const pitch = medianPitch(rows.slice(first));
  if (!pitch || rows[first].baseline - rows[first - 1].baseline <= LETTERHEAD_GAP * pitch) return rows;
  // The table's edges, from its rows; a head line reaches them (or beyond).
  const cells = rows.slice(first).flatMap((r) => cellChunks(r, isCell));
  const x0 = Math.min(...cells.map((c) => c.bbox[0]));
  const x1 = Math.max(...cells.map((c) => c.bbox[2]));
  const flush = (r: TextRow) => {
    const cs = cellChunks(r, isCell);
    const em = cs[0]?.fontSize ?? 0;
    const edges = cs.length >= 1 && cs.length <= 2 && cs[0].bbox[0] <= x0 + em && (cs.length === 1 || cs[cs.length - 1].bbox[2] >= x1 - em);
    // An amount on the line makes it the table's (a section's total), not the document's.
    return edges && !cs.some((c) => NUMERIC.test(c.text));
  };
  return rows.slice(0, first).every(flush) ? rows.slice(first) : rows;
}

/** A page's head or foot stands further off the text than this many of the table's row pitches... */
const RUNNING_LINE_GAP = 2;
/** ...and further than this many times any two of the table's nearest rows stand apart (a contents page's chapter entries stand off their sections alike)... */
const WIDEST_GAP = 1.2;
/** ...this many of them (further down, a table may run on past a heading). */
const NEAR_ROWS = 8;

/**
 * A region without the page's running head or foot: its first row when that is the page's
 * topmost line, or its last when that is the page's bottommost, standing further off the
 * rest than the table's rows stand from one another ("TEX82  WEB OUTPUT  3" over a table of
 * contents), or a heading over it. The page's furniture is judged apart; a table's head row
 * sits at its pitch.
 */
function withoutRunningLines(rows: TextRow[], pageRows: TextRow[], isCell: (c: Chunk) => boolean): TextRow[] {
  let [start, end] = [0, rows.length];
  // The pitch of the rows of several cells: a note or a wrapped cell's line between them sits closer.
  const standsOff = (edge: TextRow, next: TextRow, rest: TextRow[]) => {
    const pitch = medianPitch(rest.filter((r) => cellChunks(r, isCell).length >= 2));
    const gap = Math.abs(edge.baseline - next.baseline);
    const near = edge === rows[0] ? rest.slice(0, NEAR_ROWS) : rest.slice(-NEAR_ROWS);
    const widest = Math.max(...near.slice(1).map((r, i) => r.baseline - near[i].baseline));
    return pitch !== undefined && gap > RUNNING_LINE_GAP * pitch && gap > WIDEST_GAP * widest;
  };
  if (rows.length > MIN_TABLE_ROWS && rows[0] === pageRows[0] && standsOff(rows[0], rows[1], rows.slice(1))) start = 1;
  if (end - start > MIN_TABLE_ROWS && rows[end - 1] === pageRows[pageRows.length - 1] && standsOff(rows[end - 1], rows[end - 2], rows.slice(start, end - 1))) end--;
  return rows.slice(start, end);
}

/**
 * A region cut where its head comes again (a row of three cells or more starting with the
 * words the first row starts with, "Proportion | 1.7 | 1.8 ..."): a second table set under
 * the first, its group's name over it going with it. Each part must be a table of its own.
 */
function atRepeatedHead(rows: TextRow[], isCell: (c: Chunk) => boolean): TextRow[][] {
  const lead = (r: TextRow) => cellChunks(r, isCell)[0]?.text.trim() ?? "";
  const name = lead(rows[0]);
  if (!/\p{L}{2,}/u.test(name) || NUMERIC.test(name)) return [rows];
  const widest = Math.max(...rows.map((r) => cellChunks(r, isCell).length));
  // (A head over several columns: a record per block repeats its two-column names, "Case ID | ...", in one table.)
  const again = rows.findIndex((r, i) => i > 0 && lead(r) === name && cellChunks(r, isCell).length >= 3);
  if (again < 0) return [rows];
  let cut = again;
  const groupNames = (r: TextRow) => {
    const cs = cellChunks(r, isCell);
    return cs.length < widest / 2 && !cs.some((c) => NUMERIC.test(c.text));
  };
  while (cut > 1 && groupNames(rows[cut - 1])) cut--;
  const parts = [rows.slice(0, cut), rows.slice(cut)];
  if (!parts.every((p) => p.filter((r) => cellChunks(r, isCell).length >= 2).length >= MIN_TABLE_ROWS)) return [rows];
  return [parts[0], ...atRepeatedHead(parts[1], isCell)];
}

/** The page's horizontal rules, each drawn as one line however many strokes drew it. */
function horizontalRules(rulings: Ruling[]): Ruling[] {
  const lines = mergeSegments(rulings.filter((r) => r.y0 === r.y1).map((r) => ({ pos: r.y0, a: r.x0, b: r.x1 })));
  return lines.map((s) => ({ x0: s.a, y0: s.pos, x1: s.b, y1: s.pos }));
}

/** Lines of a paragraph lie this many of their heights apart or closer. */
const PARAGRAPH_PITCH = 1.6;
/** Two lines of a paragraph share their left edge (or, justified, their right edge) to this many points. */
const SAME_EDGE = 1;

/**
 * Chunks that are lines of running text, never cells: wide and of many words. A long
 * name leading a row of figures (an invoice's item), or one figure clear of the page's
 * text (a contents entry's page), is a cell all the same, unless a line above or below it
 * is wide and wordy too and starts or ends where it does (a paragraph beside the other
 * column's table).
 */
function proseChunks(rows: TextRow[], pageWidth: number): Set<Chunk> {
  const wordy = (c: Chunk) => c.bbox[2] - c.bbox[0] > PROSE_WIDTH * pageWidth && wordCount(c.text) >= PROSE_WORDS && !repeatsWords(c.text);
  const out = new Set<Chunk>();
  const lines = rows.flatMap((r) => r.chunks.filter(wordy));
  // A figure under the lines of running text of another column is that column's (a drawing's label).
  const underText = (f: Chunk) => lines.some((l) => l.bbox[0] < f.bbox[2] && l.bbox[2] > f.bbox[0]);
  rows.forEach((row, i) =>
    row.chunks.forEach((c, k) => {
      if (!wordy(c)) return;
      const after = row.chunks.slice(k + 1);
      const neighbours = [rows[i - 1], rows[i + 1]];
      const leadsFigures = after.length >= 2 && !after.some(wordy) && !inParagraph(c, neighbours, wordy);
      // Before one figure alone: a contents entry's page, standing clear of any text column.
      const leadsFigure = after.length === 1 && NUMERIC.test(after[0].text) && !underText(after[0]) && !inParagraph(c, neighbours, wordy);
      if (!leadsFigures && !leadsFigure) out.add(c);
    }),
  );
  return out;
}

/** Prose seldom says the same word twice in a line; column headings repeated over each group of a table do ("Weight Controls Weight Controls ..."). */
function repeatsWords(text: string): boolean {
  const words = text.toLowerCase().split(/\s+/);
  return new Set(words).size <= words.length / 2;
}

function inParagraph(line: Chunk, neighbours: (TextRow | undefined)[], wordy: (c: Chunk) => boolean): boolean {
  const height = line.bbox[3] - line.bbox[1];
  return neighbours.some((row) =>
    row?.chunks.some((c) => wordy(c) && Math.abs(c.bbox[1] - line.bbox[1]) <= PARAGRAPH_PITCH * height && (Math.abs(c.bbox[0] - line.bbox[0]) <= SAME_EDGE || Math.abs(c.bbox[2] - line.bbox[2]) <= SAME_EDGE)),
  );
}

/** A table's head between a rule drawn over it and its first row of several cells is looked for no further up than this many line heights. */
const MAX_HEAD_LINES = 4;

/**
 * Rows of single cells between a rule drawn over the table and its first row of several
 * cells: a ruled (booktabs) table's head, where \multirow sets a column's name on a row
 * of its own and a group's name stands alone over its columns. The search for rows of
 * several cells starts below them. Only the chunks under the rule count, and running text
 * there means the rule is not the table's.
 */
function headUnderTopRule(body: TextRow[], rows: TextRow[], rules: Ruling[], isCell: (c: Chunk) => boolean): TextRow[] {
  const cells = body.flatMap((r) => cellChunks(r, isCell));
  const x0 = Math.min(...cells.map((c) => c.bbox[0]));
  const x1 = Math.max(...cells.map((c) => c.bbox[2]));
  const first = body[0];
  const pitch = Math.max(...first.chunks.map((c) => c.bbox[3] - c.bbox[1]));
  const rule = rules
    .filter((r) => r.y0 < first.bbox[1] && r.y0 > first.bbox[1] - MAX_HEAD_LINES * pitch && Math.min(r.x1, x1) - Math.max(r.x0, x0) >= RULE_SPAN * (x1 - x0))
    .sort((a, b) => b.y0 - a.y0)[0];
  if (!rule) return [];
  const under = (c: Chunk) => c.bbox[0] >= Math.min(rule.x0, x0) - 1 && c.bbox[2] <= Math.max(rule.x1, x1) + 1;
  const head = rows
    .filter((r) => r.bbox[1] > rule.y0 && r.baseline < first.baseline && r !== first)
    .map((r) => ({ ...r, chunks: r.chunks.filter(under) }))
    .filter((r) => r.chunks.length);
  if (head.some((r) => r.chunks.some((c) => !isCell(c)))) return [];
  return head.map((r) => ({ ...r, bbox: r.chunks.map((c) => c.bbox).reduce(union) }));
}

/** Runs of consecutive rows holding two or more cell-like chunks, with short interruptions. */
function regions(rows: TextRow[], isCell: (c: Chunk) => boolean, frames: Frame[]): Region[] {
  const out: Region[] = [];
  let cur: TextRow[] = [];
  let aside: TextRow[] = [];
  let singles = 0;
  const flush = () => {
    // Trailing rows of one chunk are the text after the table, unless they run on the last
    // row's cells: closer under it than a line pitch, inside a column after the first.
    let end = cur.length;
    while (end && cellChunks(cur[end - 1], isCell).length < 2) end--;
    const left = Math.min(...cur.slice(0, end).flatMap((r) => cellChunks(r, isCell).map((c) => c.bbox[0])));
    while (end && end < cur.length && runsOnRow(cur[end], cur[end - 1], left, isCell)) end++;
    cur = cur.slice(0, end);
    if (cur.filter((r) => cellChunks(r, isCell).length >= 2).length >= MIN_TABLE_ROWS) out.push({ rows: cur, bbox: cur.map((r) => r.bbox).reduce(union), aside });
    cur = [];
    aside = [];
    singles = 0;
  };
  for (const row of rows) {
    const cells = cellChunks(row, isCell);
    // Running text wholly beside the region is the next column's, on a baseline of its own: it neither joins nor ends the region.
    if (!cells.length && cur.length && row.chunks.every((c) => beside(c, cur, isCell))) {
      aside.push(row);
      continue;
    }
    const prev = cur[cur.length - 1];
    const lineHeight = prev ? Math.max(...prev.chunks.map((c) => c.bbox[3] - c.bbox[1])) : 0;
    // A wide gap ends the table, unless the table's own rules frame the rows on both sides of it.
    if (prev && row.bbox[1] - prev.bbox[3] > MAX_ROW_GAP * lineHeight && !frameOf(frames, prev, row)) flush();
    // A note is set at the table's row pitch on both sides; a paragraph between two tables
    // stands further off. Inside the table's rules a section's label may stand off too.
    else if (prev && isNote(prev, isCell) && !atRowPitch(cur, row) && !frameOf(frames, prev, row)) flush();
    // Two lines of running text across the table's columns are a paragraph of the page: a
    // table's note is one line, and a wrapped cell keeps to its column.
    else if (prev && [prev, row].every((r) => isNote(r, isCell) && acrossColumns(r.chunks[0], cur, isCell)) && !frameOf(frames, prev, row)) flush();
    if (cells.length >= 2) {
      cur.push(row);
      singles = 0;
    } else if (cur.length && (cells.length === 1 || (isNote(row, isCell) && (atRowPitch(cur, row) || frameOf(frames, prev, row)) && atLeftEdge(row, cur, isCell))) && singles < MAX_SINGLE_RUN) {
      cur.push(row);
      singles++;
    } else {
      flush();
    }
  }
  flush();
  return out;
}

const cellChunks = (row: TextRow, isCell: (c: Chunk) => boolean) => row.chunks.filter(isCell);

/** Rows of a region that may have a chunk under a line of running text beside it (the next column's lines caught on the table's baselines). */
const STRAY_ROWS = 0.2;

/** A note's baseline lies at most this many of the table's row pitches (the median) below the row above it. */
const NOTE_PITCH = 1.3;

/** Whether `row` follows the last of `rows` no further down than the rows' own pitch. */
function atRowPitch(rows: TextRow[], row: TextRow): boolean {
  const pitch = medianPitch(rows);
  return pitch !== undefined && row.baseline - rows[rows.length - 1].baseline <= NOTE_PITCH * pitch;
}

/** The median distance between consecutive rows' baselines, when there are two rows or more. */
function medianPitch(rows: TextRow[]): number | undefined {
  const pitches = rows.slice(1).map((r, i) => r.baseline - rows[i].baseline).sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)];
}

/** A chunk reaching over the gap between two cells of one of the rows so far. */
function acrossColumns(chunk: Chunk, rows: TextRow[], isCell: (c: Chunk) => boolean): boolean {
  return rows.some((r) => {
    const cells = cellChunks(r, isCell);
    return cells.slice(1).some((c, i) => chunk.bbox[0] < cells[i].bbox[2] && chunk.bbox[2] > c.bbox[0]);
  });
}

/** A note starts where the table's first column does (the other column's paragraph, beside the table, does not). */
function atLeftEdge(row: TextRow, rows: TextRow[], isCell: (c: Chunk) => boolean): boolean {
  const left = Math.min(...rows.flatMap((r) => cellChunks(r, isCell).map((c) => c.bbox[0])));
  return Math.abs(row.chunks[0].bbox[0] - left) <= row.chunks[0].fontSize;
}

/** A row of one line of text and nothing else: between a table's rows, a note on the item above (an invoice's "delivered in a glass container"). */
const isNote = (row: TextRow, isCell: (c: Chunk) => boolean) => row.chunks.length === 1 && !isCell(row.chunks[0]);

/**
 * A chunk beside the cells of the rows of several cells so far: clear of them all, but for
 * a stray short line of the next column caught on a table row's baseline ("References").
 */
function beside(chunk: Chunk, rows: TextRow[], isCell: (c: Chunk) => boolean): boolean {
  const multi = rows.map((r) => cellChunks(r, isCell)).filter((cs) => cs.length >= 2);
  const over = (c: Chunk) => c.bbox[0] < chunk.bbox[2] && c.bbox[2] > chunk.bbox[0];
  // A region not yet a table (fewer rows than one needs) has no stray line to allow for.
  const strays = multi.length >= MIN_TABLE_ROWS ? Math.max(1, Math.floor(STRAY_ROWS * multi.length)) : 0;
  return multi.length > 0 && multi.filter((cs) => cs.some(over)).length <= strays;
}

/** A row of one chunk continues the row above when its baseline is less than this many font sizes lower: closer than any line pitch (a name set between its description's two lines)... */
const RUN_ON_PITCH = 0.85;
/** ...and starts at least this many font sizes right of the table's left edge. */
const RUN_ON_INDENT = 2;

function runsOnRow(row: TextRow, above: TextRow, left: number, isCell: (c: Chunk) => boolean): boolean {
  const [chunk] = cellChunks(row, isCell);
  if (!chunk) return false;
  return row.baseline - above.baseline < RUN_ON_PITCH * chunk.fontSize && chunk.bbox[0] - left >= RUN_ON_INDENT * chunk.fontSize;
}

/** Column separators of a region (white bands down through it), then its cells. */
function regionDraft(region: Pick<Region, "rows" | "bbox">, isCell: (c: Chunk) => boolean, rules: Ruling[]): TableDraft | null {
  const multi = region.rows.filter((r) => cellChunks(r, isCell).length >= 2);
  if (multi.length < MIN_TABLE_ROWS) return null;
  // The table's horizontal extent: where the chunks of its multi-chunk rows lie.
  const x0 = Math.min(...multi.flatMap((r) => cellChunks(r, isCell).map((c) => c.bbox[0])));
  const x1 = Math.max(...multi.flatMap((r) => cellChunks(r, isCell).map((c) => c.bbox[2])));
  const within = (c: Chunk, r: TextRow) => (isCell(c) || isNote(r, isCell)) && c.bbox[0] >= x0 - 1 && c.bbox[2] <= x1 + 1;
  const rows = region.rows
    .map((r) => ({ ...r, chunks: r.chunks.filter((c) => within(c, r)) }))
    .filter((r) => r.chunks.length)
    .map((r) => ({ ...r, bbox: r.chunks.map((c) => c.bbox).reduce(union) }));
  const separators = separatorBands(multi.map((r) => r.chunks.filter((c) => within(c, r))), x0, x1);
  if (separators.length < 1) return null;
  const bounds = [x0, ...separators.map(([a, b]) => (a + b) / 2), x1];
  const colCount = bounds.length - 1;
  if (notATable(rows, bounds)) return null;
  const headerRule = ruleBelowHeader(rows, rules, x0, x1);
  const groups: RowGroup[] = assignRows(rows, bounds, headerRule);
  if (groups.filter((g) => g.cells.filter((c) => c.runs.length).length >= 2).length < 2) return null;
  const cells = groups.flatMap((g, r) => g.cells.map((c) => ({ r0: r, r1: r + 1, c0: c.c0, c1: c.c1, bbox: c.bbox, runs: c.runs })));
  const bbox = rows.map((r) => r.chunks.map((c) => c.bbox).reduce(union)).reduce(union);
  const headerRows = headerRule === undefined ? 0 : groups.filter((g) => g.bbox[3] <= headerRule).length;
  return { bbox, rowCount: groups.length, colCount, cells, ruled: false, headerRows, ...(authorsSideBySide(rows, bounds) ? { textColumns: true } : {}) };
}

/** The y of a rule under the header: the first full-width rule between the region's first and later rows. */
function ruleBelowHeader(rows: TextRow[], rules: Ruling[], x0: number, x1: number): number | undefined {
  const wide = rules.filter((r) => Math.min(r.x1, x1) - Math.max(r.x0, x0) >= RULE_SPAN * (x1 - x0));
  const top = rows[0].bbox[1];
  const bottom = rows[rows.length - 1].bbox[3];
  const inner = wide.map((r) => r.y0).filter((y) => y > top + 1 && y < bottom - 1).sort((a, b) => a - b);
  const y = inner[0];
  if (y === undefined) return undefined;
  const above = rows.filter((r) => r.bbox[3] <= y).length;
  if (above < 1 || above > rows.length / 2) return undefined;
  // Rules between blocks that repeat their row names (a record per block) close no header.
  const names = (rs: TextRow[]) => rs.map((r) => r.chunks[0].text);
  const below = new Set(names(rows.slice(above)));
  return names(rows.slice(0, above)).some((n) => below.has(n)) ? undefined : y;
}
