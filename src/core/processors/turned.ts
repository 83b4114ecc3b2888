// Latin text turned a quarter turn outside tables (a side heading, a label up a margin): its
// lines are found as for level text once it is turned upright, and neighbouring lines of
// one size make a paragraph. Lines keep their page boxes, tall and narrow, which is how
// converters know to set them turned (geometry.ts isVertical).
import type { Run } from "../runs";
import type { Block, Line } from "../model";
import { joinLines } from "./blocks";
import { union } from "../geometry";
import { textRows, uprightRun, type TextRow } from "./tables/rows";

/** Lines further apart than this many font sizes belong to different paragraphs. */
const PARAGRAPH_GAP = 1;
/** Lines whose sizes differ by more than this share are different paragraphs (a heading beside its text). */
const SIZE_CHANGE = 0.15;

export function buildTurnedBlocks(runs: Run[]): Block[] {
  const blocks: Block[] = [];
  for (const turn of ["up", "down"] as const) {
    const page = new Map<Run, Run>();
    const upright = runs.filter((r) => r.rotated === turn).map((r) => {
      const u = uprightRun(r, turn);
      page.set(u, r);
      return u;
    });
    // Upright, rows come in reading order: left to right for text reading up the page.
    let group: { rows: TextRow[]; lines: Line[] } | undefined;
    for (const row of textRows(upright, Infinity)) {
      const line = pageLine(row.chunks.flatMap((c) => c.runs).map((u) => page.get(u)!));
      const prev = group?.rows[group.rows.length - 1];
      const size = sizeOf(row);
      const joins = prev && row.bbox[1] - prev.bbox[3] < PARAGRAPH_GAP * size && Math.abs(sizeOf(prev) - size) <= SIZE_CHANGE * size;
      if (group && joins) {
        group.rows.push(row);
        group.lines.push(line);
      } else {
        if (group) blocks.push(textBlock(group));
        group = { rows: [row], lines: [line] };
      }
    }
    if (group) blocks.push(textBlock(group));
  }
  return blocks;
}

const sizeOf = (row: TextRow) => Math.max(...row.chunks.map((c) => c.fontSize));

/** A line of turned runs (in reading order) with its page box. */
function pageLine(runs: Run[]): Line {
  return {
    bbox: runs.map((r) => r.bbox).reduce(union),
    spans: runs.map((r) => ({ text: r.text, bbox: r.bbox, fontFamily: r.fontFamily, fontSize: r.fontSize, bold: r.bold, italic: r.italic, ...(r.link ? { link: r.link } : {}), ...(r.color ? { color: r.color } : {}) })),
  };
}

function textBlock({ rows, lines }: { rows: TextRow[]; lines: Line[] }): Block {
  return {
    type: "text",
    bbox: lines.map((l) => l.bbox).reduce(union),
    text: joinLines(rows.map((r) => r.chunks.map((c) => c.text).join(" "))),
    lines,
    layer: "body",
    source: "text-layer",
  };
}
