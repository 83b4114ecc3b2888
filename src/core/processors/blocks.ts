// Lines -> paragraphs: a new block starts where the vertical gap grows, the font size
// changes, or the line does not overlap the previous one horizontally.
import type { Block, Line } from "../model";
import { lineFontSize, lineText, union } from "./lines";

/** A gap between lines larger than this share of the line height starts a new paragraph. */
const PARAGRAPH_GAP = 0.7;
/** Font sizes closer than this (points) count as the same size. */
const SAME_SIZE = 0.6;

export function buildBlocks(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let current: Line[] = [];
  const flush = () => {
    if (current.length) blocks.push(toBlock(current));
    current = [];
  };
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev && !continues(prev, line)) flush();
    current.push(line);
  }
  flush();
  return blocks;
}

function continues(prev: Line, line: Line): boolean {
  const prevSize = lineFontSize(prev);
  const size = lineFontSize(line);
  if (Math.abs(prevSize - size) > SAME_SIZE) return false;
  const height = prev.bbox[3] - prev.bbox[1];
  const gap = line.bbox[1] - prev.bbox[3];
  if (gap > PARAGRAPH_GAP * height || gap < -0.5 * height) return false;
  const overlap = Math.min(prev.bbox[2], line.bbox[2]) - Math.max(prev.bbox[0], line.bbox[0]);
  return overlap > 0;
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
