// One worksheet's cells, streamed from its XML (sheets are the largest parts of an Office
// file): each cell's displayed text (shared strings, inline strings, cached formula
// results, booleans, errors, numbers through their number format) and the merged ranges.
// Reading stops at the workbook's cell budget; the caller says so on the page.
import { scanXml, type Attrs } from "../xml";
import { formatNumber } from "./number-format";
import type { Workbook } from "./workbook";

export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetCells {
  /** Displayed text by row then column (0-based); empty cells are absent. */
  cells: Map<number, Map<number, string>>;
  merges: MergedRange[];
  truncated: boolean;
  count: number;
}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** "BC12" -> [11, 54] (0-based row, column); null for a malformed reference. */
export function cellRef(ref: string): [number, number] | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, col - 1];
}

export function readSheetCells(xml: string, part: string, book: Workbook, budget: number): SheetCells {
  const cells = new Map<number, Map<number, string>>();
  const merges: MergedRange[] = [];
  let count = 0;
  let truncated = false;
  let row = -1;
  let col = -1;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let capture: "v" | "t" | null = null;

  const put = (r: number, c: number, text: string) => {
    if (!text) return;
    if (count >= budget) {
      truncated = true;
      return;
    }
    count++;
    let line = cells.get(r);
    if (!line) cells.set(r, (line = new Map()));
    line.set(c, text);
  };

  scanXml(xml, part, {
    open(name, attrs: Attrs) {
      switch (local(name)) {
        case "row":
          row = attrs.r ? Number(attrs.r) - 1 : row + 1;
          col = -1;
          break;
        case "c": {
          const at = attrs.r ? cellRef(attrs.r) : null;
          if (at) [row, col] = at;
          else col++;
          cell = { type: attrs.t ?? "n", style: Number(attrs.s ?? 0), value: "", inline: "" };
          break;
        }
        case "v":
          if (cell) capture = "v";
          break;
        case "t":
          if (cell) capture = "t";
          break;
        case "mergeCell": {
          const [a, b] = (attrs.ref ?? "").split(":");
          const from = cellRef(a ?? "");
          const to = cellRef(b ?? a ?? "");
          if (from && to) merges.push({ top: Math.min(from[0], to[0]), left: Math.min(from[1], to[1]), bottom: Math.max(from[0], to[0]), right: Math.max(from[1], to[1]) });
          break;
        }
      }
    },
    close(name) {
      const l = local(name);
      if (l === "v" || l === "t") capture = null;
      else if (l === "c" && cell) {
        put(row, col, displayed(cell, book));
        cell = null;
      }
    },
    text(t) {
      if (!cell || !capture) return;
      if (capture === "v") cell.value += t;
      else cell.inline += t;
    },
  });
  return { cells, merges, truncated, count };
}

function displayed(cell: { type: string; style: number; value: string; inline: string }, book: Workbook): string {
  switch (cell.type) {
    case "s":
      return book.sharedStrings[Number(cell.value)] ?? "";
    case "inlineStr":
      return cell.inline;
    case "str":
    case "e":
      return cell.value;
    case "b":
      return cell.value === "1" ? "TRUE" : cell.value === "0" ? "FALSE" : cell.value;
    case "d":
      return cell.value;
    default: {
      if (cell.value === "") return "";
      const n = Number(cell.value);
      return Number.isFinite(n) ? formatNumber(n, book.formats[cell.style], book.date1904) : cell.value;
    }
  }
}
