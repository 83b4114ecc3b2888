// Tables of a sheet: the filled cells fall into islands separated by empty rows and
// columns (cells touching side by side, or through a merged range, are one island); each
// island's bounding box becomes one table, with merged ranges as spanning cells.
import type { Table, TableCell } from "../../../model";
import type { MergedRange, SheetCells } from "./sheet";

/** Columns per row in Excel (XFD): keys r * COLS + c are unique. */
const COLS = 16384;
/** Grid positions one table may span, and merged area considered in all: a sparse island or a
 *  sheet-wide merge must not turn a few cells into millions of empty ones. */
export const MAX_TABLE_GRID = 1_000_000;

interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function sheetTables(sheet: SheetCells): Table[] {
  const filled = new Set<number>();
  for (const [r, line] of sheet.cells) for (const c of line.keys()) filled.add(r * COLS + c);
  // A merged range whose anchor holds a value fills its whole area.
  let mergedArea = 0;
  const merges = sheet.merges.filter((m) => {
    if (!sheet.cells.get(m.top)?.has(m.left)) return false;
    mergedArea += (m.bottom - m.top + 1) * (m.right - m.left + 1);
    return mergedArea <= MAX_TABLE_GRID;
  });
  for (const m of merges) for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) filled.add(r * COLS + c);

  const seen = new Set<number>();
  let boxes: Box[] = [];
  for (const start of filled) {
    if (seen.has(start)) continue;
    const box = { top: Infinity, left: Infinity, bottom: -1, right: -1 };
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const key = stack.pop()!;
      const r = Math.floor(key / COLS);
      const c = key % COLS;
      box.top = Math.min(box.top, r);
      box.bottom = Math.max(box.bottom, r);
      box.left = Math.min(box.left, c);
      box.right = Math.max(box.right, c);
      for (const n of [key - COLS, key + COLS, c > 0 ? key - 1 : -1, c < COLS - 1 ? key + 1 : -1]) {
        if (n >= 0 && filled.has(n) && !seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    boxes.push(box);
  }
  boxes = mergeOverlapping(boxes);
  boxes.sort((a, b) => a.top - b.top || a.left - b.left);
  return boxes.map((b) => tableOf(clip(b), sheet, merges));
}

/** Islands whose boxes overlap (an L-shaped island around another) are read as one table. */
function mergeOverlapping(boxes: Box[]): Box[] {
  let changed = true;
  while (changed) {
    changed = false;
    outer: for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom) {
          boxes[i] = { top: Math.min(a.top, b.top), left: Math.min(a.left, b.left), bottom: Math.max(a.bottom, b.bottom), right: Math.max(a.right, b.right) };
          boxes.splice(j, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  return boxes;
}

/** Keeps the first rows of a box that would span more than MAX_TABLE_GRID positions. */
function clip(b: Box): Box {
  const width = b.right - b.left + 1;
  const maxRows = Math.max(1, Math.floor(MAX_TABLE_GRID / width));
  return b.bottom - b.top + 1 > maxRows ? { ...b, bottom: b.top + maxRows - 1, right: width > MAX_TABLE_GRID ? b.left + MAX_TABLE_GRID - 1 : b.right } : b;
}

function tableOf(box: Box, sheet: SheetCells, merges: MergedRange[]): Table {
  const inBox = merges.filter((m) => m.top >= box.top && m.left >= box.left && m.bottom <= box.bottom && m.right <= box.right);
  const covered = new Set<number>();
  const anchors = new Map<number, MergedRange>();
  for (const m of inBox) {
    anchors.set(m.top * COLS + m.left, m);
    for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) if (r !== m.top || c !== m.left) covered.add(r * COLS + c);
  }
  const rows: TableCell[][] = [];
  for (let r = box.top; r <= box.bottom; r++) {
    const row: TableCell[] = [];
    for (let c = box.left; c <= box.right; c++) {
      const key = r * COLS + c;
      if (covered.has(key)) continue;
      const m = anchors.get(key);
      row.push({ text: sheet.cells.get(r)?.get(c) ?? "", rowSpan: m ? m.bottom - m.top + 1 : 1, colSpan: m ? m.right - m.left + 1 : 1 });
    }
    rows.push(row);
  }
  return { rows, columnCount: box.right - box.left + 1 };
}
