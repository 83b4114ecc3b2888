// A table draft -> a table block: rows and columns that hold no text are dropped, each
// cell's runs become its text (lines in reading order, hyphenation mended), header rows
// are marked, and the rows are written the way HTML lays them out.
import type { Run } from "../../runs";
import type { Block, Table, TableCell } from "../../model";
import { buildLines } from "../lines";
import { joinLines } from "../blocks";
import type { CellDraft, TableDraft } from "./draft";
import { headerRowCount } from "./headers";
import { textRows, turnOf, uprightRun } from "./rows";
import { union } from "../../geometry";

/** Dot leaders (". . . ." or "......") lead the eye across a cell; they are not its content. */
const LEADER = /\s*(\.\s?){4,}\s*/g;

export function cellText(runs: Run[]): string {
  return cellLines(runs).text;
}

/**
 * A cell's text, where in it the PDF's lines ended (offsets of the spaces that join them),
 * for converters that keep the printed lines, and which way it is turned, if it is.
 */
export function cellLines(runs: Run[]): { text: string; breaks: number[]; turn?: Run["rotated"] } {
  if (!runs.length) return { text: "", breaks: [] };
  const turn = turnOf(runs);
  const rows = textRows(turn ? runs.map((r) => uprightRun(r, turn)) : runs, Infinity).map((r) => r.chunks.map((c) => c.text).join(" "));
  const text = joinLines(rows).replace(LEADER, " ").trim();
  // Where each line's text ends in the joined text; a line whose hyphen was mended joins without a break.
  const breaks: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const at = joinLines(rows.slice(0, i)).replace(LEADER, " ").trim().length;
    if (text[at] === " ") breaks.push(at);
  }
  return { text, breaks, turn };
}

export function toTableBlock(draft: TableDraft): Block | null {
  const printed = new Map(draft.cells.map((c) => [c, cellLines(c.runs)]));
  const texts = new Map<CellDraft, string>(draft.cells.map((c) => [c, printed.get(c)!.text]));
  const filled = draft.cells.filter((c) => texts.get(c));
  const keepRow = new Set(filled.map((c) => c.r0));
  const keepCol = new Set(filled.map((c) => c.c0));
  const rowMap = prefixCounts(draft.rowCount, keepRow);
  const colMap = prefixCounts(draft.colCount, keepCol);
  const rowCount = keepRow.size;
  const colCount = keepCol.size;
  if (rowCount < 2 || colCount < 2) return null;
  const cells = draft.cells
    .map((c) => ({ r0: rowMap[c.r0], r1: rowMap[c.r1], c0: colMap[c.c0], c1: colMap[c.c1], bbox: c.bbox, runs: c.runs, text: texts.get(c) ?? "", draft: c as CellDraft | undefined }))
    .filter((c) => c.r1 > c.r0 && c.c1 > c.c0);
  // Positions no cell covers (text-aligned tables leave them) become empty cells.
  const covered = Array.from({ length: rowCount }, () => new Array<boolean>(colCount).fill(false));
  for (const c of cells) for (let r = c.r0; r < c.r1; r++) for (let k = c.c0; k < c.c1; k++) covered[r][k] = true;
  for (let r = 0; r < rowCount; r++) for (let k = 0; k < colCount; k++) if (!covered[r][k]) cells.push({ r0: r, r1: r + 1, c0: k, c1: k + 1, bbox: draft.bbox, runs: [], text: "", draft: undefined });
  let headerRows = draft.headerRows > 0 ? rowMap[draft.headerRows] : headerRowCount(cells, rowCount);
  // A heading set over several rows ("Gauge" beside a group's name and the hours under it)
  // makes the rows it spans heading rows too.
  for (let deeper = headerRows; headerRows > 0; headerRows = deeper) {
    deeper = Math.max(headerRows, ...cells.filter((c) => c.r0 < headerRows && c.text).map((c) => c.r1));
    if (deeper === headerRows || deeper > rowCount / 2) break;
  }
  const rows: TableCell[][] = Array.from({ length: rowCount }, () => []);
  for (const c of cells.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0)) {
    const cell: TableCell = { text: c.text, rowSpan: c.r1 - c.r0, colSpan: c.c1 - c.c0 };
    const lines = c.draft && printed.get(c.draft);
    if (lines?.breaks.length) cell.lineBreaks = lines.breaks;
    if (lines?.turn) cell.rotated = lines.turn;
    if (c.r0 < headerRows) cell.header = true;
    if (c.runs.length) cell.bbox = c.runs.map((x) => x.bbox).reduce(union);
    rows[c.r0].push(cell);
  }
  const table: Table = { rows, columnCount: colCount, ruled: draft.ruled };
  if (draft.borders) {
    table.columnBorders = keptBorders(draft.borders.xs, keepCol);
    table.rowBorders = keptBorders(draft.borders.ys, keepRow);
  }
  const runs = draft.cells.flatMap((c) => c.runs);
  const lines = buildLines(runs);
  return {
    type: "table",
    bbox: runs.length ? union(draft.bbox, runs.map((x) => x.bbox).reduce(union)) : draft.bbox,
    text: rows.map((r) => r.map((c) => c.text).join("\t")).join("\n"),
    lines,
    table,
    layer: "body",
    source: "text-layer",
  };
}

/** The borders around the kept tracks: a dropped (empty) track's room goes to the kept one before it. */
function keptBorders(bounds: number[], keep: Set<number>): number[] {
  const kept = [...keep].sort((a, b) => a - b);
  return [bounds[0], ...kept.slice(1).map((k) => bounds[k]), bounds[bounds.length - 1]];
}

/** For each index i in [0, n], how many kept indices lie below i. */
function prefixCounts(n: number, keep: Set<number>): number[] {
  const out = [0];
  for (let i = 0; i < n; i++) out.push(out[i] + (keep.has(i) ? 1 : 0));
  return out;
}
