// The frame a table's horizontal rules draw: a top rule, a rule under the head, a bottom
// rule, all of one width. Inside it a table may leave wide blank gaps (between a head and
// its first block, between a "Male" block and a "Female" block) that would end a table
// found from alignment alone; the rules say the rows still belong together.
import type { Ruling } from "../../runs";
import type { Chunk, TextRow } from "./rows";

/** Two rules are of one frame when their ends lie this close (points). */
const SAME_END = 2;

export interface Frame {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/**
 * Stretches between horizontal rules of one width whose every stretch holds a row of two
 * or more cells and nothing but cells within the rules' width: a table's head and body. A
 * stretch with no such row (a caption between two tables ruled alike) ends the frame, as
 * does text reaching past the rules or running text under them.
 */
export function ruledFrames(rules: Ruling[], rows: TextRow[], isCell: (c: Chunk) => boolean): Frame[] {
  const horizontal = rules.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0);
  const frames: Frame[] = [];
  const used = new Set<Ruling>();
  for (const top of horizontal) {
    if (used.has(top)) continue;
    let bottom = top;
    for (const next of horizontal) {
      if (next.y0 <= bottom.y0 || !sameEnds(next, top)) continue;
      if (!holdsTableRows(rows, top.x0, top.x1, bottom.y0, next.y0, isCell)) break;
      used.add(next);
      bottom = next;
    }
    if (bottom !== top) frames.push({ x0: top.x0, x1: top.x1, top: top.y0, bottom: bottom.y0 });
  }
  return frames;
}

const sameEnds = (a: Ruling, b: Ruling) => Math.abs(a.x0 - b.x0) <= SAME_END && Math.abs(a.x1 - b.x1) <= SAME_END;

function holdsTableRows(rows: TextRow[], x0: number, x1: number, top: number, bottom: number, isCell: (c: Chunk) => boolean): boolean {
  const between = rows.filter((r) => r.bbox[1] > top && r.bbox[3] < bottom);
  const overlapping = between.flatMap((r) => r.chunks).filter((c) => c.bbox[2] > x0 && c.bbox[0] < x1);
  if (overlapping.some((c) => c.bbox[0] < x0 - SAME_END || c.bbox[2] > x1 + SAME_END)) return false;
  // A line of running text alone on its row is a section's label ("Highest degree earned by
  // 2003"); two such lines one under the other are a paragraph, which no table holds.
  const labels = between.map((r) => r.chunks.some((c) => !isCell(c)) && r.chunks.length === 1);
  if (between.some((r, i) => r.chunks.some((c) => !isCell(c)) && (!labels[i] || labels[i - 1]))) return false;
  return between.some((r) => r.chunks.filter((c) => isCell(c) && c.bbox[0] >= x0 - SAME_END && c.bbox[2] <= x1 + SAME_END).length >= 2);
}

/** The frame holding both rows, if any. */
export function frameOf(frames: Frame[], a: TextRow, b: TextRow): Frame | undefined {
  const inside = (f: Frame, r: TextRow) => r.bbox[1] > f.top && r.bbox[3] < f.bottom && r.chunks.some((c) => c.bbox[0] >= f.x0 - SAME_END && c.bbox[2] <= f.x1 + SAME_END);
  return frames.find((f) => inside(f, a) && inside(f, b));
}
