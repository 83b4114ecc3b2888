// Lines -> paragraphs: a new block starts where the vertical gap grows, the font size
// changes, or the line does not overlap the previous one horizontally.
import type { Block, Line } from "../model";
import { lineFontSize, lineText, union } from "./lines";

/** A gap between lines larger than this share of the line height starts a new paragraph. */
const PARAGRAPH_GAP = 0.7;
/** A line opening with a bullet starts a new item, whatever the spacing. */
const ITEM_START = /^\s*[•·◦▪●○■‣⁃]\s/;
/** Font sizes closer than this (points) count as the same size. */
const SAME_SIZE = 0.6;

export function buildBlocks(lines: Line[]): Block[] {
  // Lines arrive top to bottom across the whole page, so columns interleave: each line
  // joins the open paragraph it continues (directly below its last line), else opens one.
  const groups: Line[][] = [];
  for (const line of lines) {
    const open = groups.find((g) => continues(g[g.length - 1], line, g));
    if (open) open.push(line);
    else groups.push([line]);
  }
  return groups.map(toBlock);
}

function continues(prev: Line, line: Line, group: Line[]): boolean {
  const prevSize = lineFontSize(prev);
  const size = lineFontSize(line);
  if (Math.abs(prevSize - size) > SAME_SIZE) return false;
  const height = prev.bbox[3] - prev.bbox[1];
  const gap = line.bbox[1] - prev.bbox[3];
  if (gap > PARAGRAPH_GAP * height || gap < -0.5 * height) return false;
  const overlap = Math.min(prev.bbox[2], line.bbox[2]) - Math.max(prev.bbox[0], line.bbox[0]);
  if (overlap <= 0) return false;
  if (ITEM_START.test(lineText(line))) return false;
  // A line that starts well right of the paragraph's left edge is not its next line
  // (unless the paragraph is centred); a first-line indent only happens on the first line.
  const left = Math.min(...group.map((l) => l.bbox[0]));
  return line.bbox[0] - left < 3 * size || Math.abs((line.bbox[0] + line.bbox[2]) / 2 - (prev.bbox[0] + prev.bbox[2]) / 2) < size;
}

function toBlock(lines: Line[]): Block {
  return {
    type: "text",
    bbox: lines.map((l) => l.bbox).reduce(union),
    text: joinLines(lines.map(lineText)),
    lines,
    layer: "body",
    source: "text-layer",
  };
}

/** Joins lines into a paragraph, mending words hyphenated at a line end. */
export function joinLines(texts: string[]): string {
  let out = "";
  for (const raw of texts) {
    const t = raw.trim();
    if (!out) out = t;
    else if (/[A-Za-z]-$/.test(out) && /^[a-z]/.test(t)) out = out.slice(0, -1) + t;
    else if (/[\u3000-\u9fff]$/.test(out) && /^[\u3000-\u9fff]/.test(t)) out += t;
    else out += ` ${t}`;
  }
  return out;
}
