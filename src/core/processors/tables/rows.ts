// Text rows of a page region and the chunks inside them: runs on one baseline, split
// wherever the gap between two runs is wider than a word space could be. Chunks are the
// candidate cells of unruled tables and the units the column analysis works with.
import { union } from "../../geometry";
import type { Run } from "../../runs";
import type { BBox } from "../../model";
import { typedSpaces } from "../lines";
import { isStretchedSpace } from "../stretched-lines";

/** Two runs share a row when their baselines differ by less than this share of the smaller font size. */
const SAME_BASELINE = 0.3;
/** A run at most this share of its neighbour's font size may be its super- or subscript... */
const SCRIPT_SIZE = 0.85;
/** ...when its baseline is raised less than this many of the neighbour's font sizes... */
const SCRIPT_RAISE = 0.6;
/** ...or lowered less than this many. */
const SCRIPT_DROP = 0.3;
/** A gap wider than this many font sizes separates two chunks (word spaces, even stretched ones in justified text, stay below). */
export const CHUNK_GAP = 0.9;

export interface Chunk {
  bbox: BBox;
  runs: Run[];
  text: string;
  fontSize: number;
}

export interface TextRow {
  bbox: BBox;
  baseline: number;
  chunks: Chunk[];
}

export function textRows(runs: Run[], chunkGap = CHUNK_GAP): TextRow[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0]);
  const groups: Run[][] = [];
  for (const run of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.some((r) => sameLine(r, run))) last.push(run);
    else groups.push([run]);
  }
  for (const g of groups) g.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return groups.map((g, i) => {
    const main = g.reduce((a, b) => (b.fontSize > a.fontSize ? b : a));
    const chunks: Chunk[] = [];
    for (const run of g) {
      const cur = chunks[chunks.length - 1];
      const em = cur ? Math.max(cur.fontSize, run.fontSize) : run.fontSize;
      // A justified line stretched wide is one chunk: its paragraph's lines run through its gaps.
      if (cur && (run.bbox[0] - cur.bbox[2] <= chunkGap * em || isStretchedSpace(groups, i, cur.runs[cur.runs.length - 1], run))) {
        const gap = run.bbox[0] - cur.bbox[2];
        cur.text += (gap > 0.15 * em && !/\s$/.test(cur.text) ? " ".repeat(typedSpaces(cur.runs[cur.runs.length - 1], run, gap)) : "") + run.text;
        cur.runs.push(run);
        cur.bbox = union(cur.bbox, run.bbox);
        cur.fontSize = Math.max(cur.fontSize, run.fontSize);
      } else chunks.push({ bbox: [...run.bbox], runs: [run], text: run.text, fontSize: run.fontSize });
    }
    for (const c of chunks) c.text = c.text.trim();
    return { bbox: chunks.map((c) => c.bbox).reduce(union), baseline: main.baseline, chunks };
  });
}

/**
 * Two runs on one line: baselines level, or a smaller run raised or lowered inside the
 * other's line box (a superscript such as the 2 of km², a subscript, a footnote mark).
 */
function sameLine(a: Run, b: Run): boolean {
  if (Math.abs(a.baseline - b.baseline) < SAME_BASELINE * Math.min(a.fontSize, b.fontSize)) return true;
  const [small, large] = a.fontSize <= b.fontSize ? [a, b] : [b, a];
  if (small.fontSize > SCRIPT_SIZE * large.fontSize) return false;
  return small.baseline > large.baseline - SCRIPT_RAISE * large.fontSize && small.baseline < large.baseline + SCRIPT_DROP * large.fontSize;
}

/** Which way a group of runs (a cell's, a block's) is turned, when all of it is turned the same way. */
export function turnOf(runs: Run[]): Run["rotated"] {
  const turn = runs[0]?.rotated;
  return turn && runs.every((r) => r.rotated === turn) ? turn : undefined;
}

/**
 * A turned run as it would sit were the text turned upright: text reading up the page has
 * its lines left to right and reads from the bottom, text reading down has its lines right
 * to left and reads from the top. Lines and word gaps are then found as for level text.
 */
export function uprightRun(run: Run, turn: "up" | "down"): Run {
  const [x0, y0, x1, y1] = run.bbox;
  const bbox: BBox = turn === "up" ? [-y1, x0, -y0, x1] : [y0, -x1, y1, -x0];
  return { ...run, bbox, baseline: bbox[3] };
}

export const centre = (b: BBox): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

export const inside = (b: BBox, region: BBox, slack = 0) => {
  const [x, y] = centre(b);
  return x >= region[0] - slack && x <= region[2] + slack && y >= region[1] - slack && y <= region[3] + slack;
};
