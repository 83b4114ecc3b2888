// How a block's text is aligned, when the parser did not say: read from where its lines
// start and end. Word and PowerPoint re-wrap text with substitute fonts, so a centred
// title must be *centred*, not merely placed where its text happened to start.
import type { Block, Line, Page } from "../model";
import { MARKER_ALONE } from "../processors/lists";
import { measureLine } from "./text-width";

export type Align = NonNullable<Block["align"]>;

/** Edges closer than this (points) are the same edge. */
const EDGE_TOLERANCE = 2;
/** A single line is centred when its middle is this close (share of the page width) to the page's middle... */
const CENTRE_SHARE = 0.02;
/** ...and it starts at least this far (points) right of the page's text edge, so a full-width line is not "centred". */
const MIN_CENTRE_INDENT = 24;
/** A first line indented by at least this much (points) is a paragraph indent, not jitter. */
const MIN_FIRST_LINE_INDENT = 4;
/** Indents larger than this (points) are a layout accident (a line from another column), not a typographic indent. */
const MAX_FIRST_LINE_INDENT = 72;

const spread = (values: number[]) => (values.length ? Math.max(...values) - Math.min(...values) : 0);

const read = new WeakMap<Block, Align>();

/** The block's alignment, read once a block: converters ask for it for the box, the paragraph and the fit, and the reading measures every line. */
export function blockAlign(block: Block, page: Page): Align {
  let align = read.get(block);
  if (!align) read.set(block, (align = readAlign(block, page)));
  return align;
}

function readAlign(block: Block, page: Page): Align {
  if (block.align) return block.align;
  const lines = block.lines ?? [];
  if (!lines.length) return "left";
  const lefts = lines.map((l) => l.bbox[0]);
  const rights = lines.map((l) => l.bbox[2]);
  const middles = lines.map((l) => (l.bbox[0] + l.bbox[2]) / 2);
  if (lines.length === 1) {
    const textLeft = Math.min(...page.blocks.filter((b) => !b.hidden).map((b) => b.bbox[0]));
    const centred = Math.abs(middles[0] - page.width / 2) < page.width * CENTRE_SHARE && lefts[0] - textLeft >= MIN_CENTRE_INDENT;
    return centred ? "center" : "left";
  }
  // Centred: lines of different lengths share their middle (checked first: centred lines of similar length also share a left edge).
  if (spread(lefts) >= EDGE_TOLERANCE && spread(middles) < EDGE_TOLERANCE * 2) return "center";
  // Lines sharing their left edge (the first may be indented): left or justified.
  if (spread(lefts.slice(1)) < EDGE_TOLERANCE) {
    // Justified: every line but the last ends at the same right edge (needs two such lines to
    // tell from ragged text), and the last line no further right (a longer last line ends ragged text).
    const fullLines = rights.slice(0, -1);
    const lastWithin = rights[rights.length - 1] <= Math.max(...fullLines) + EDGE_TOLERANCE;
    return fullLines.length >= 2 && spread(fullLines) < EDGE_TOLERANCE && lastWithin && !setUnstretched(lines) ? "justify" : "left";
  }
  if (spread(rights) < EDGE_TOLERANCE) return "right";
  return "left";
}

/** Lines whose width over their natural width differs from the last line's by less than this share are set at the font's own spacing. */
const STRETCH_TOLERANCE = 0.01;

/**
 * Whether ragged lines merely happen to end together: justified lines are stretched by their
 * spaces, so they are wider, against their natural width in one font, than the paragraph's
 * last line; lines all as wide as the last one's spacing makes them are set flush left.
 * (A justified reading would stretch them to a box the layout modes make a little wider.)
 */
function setUnstretched(lines: Line[]): boolean {
  const lastLine = lines[lines.length - 1];
  const last = measureLine(lastLine);
  // A last line as long as the others may be stretched too: it shows no natural width.
  if (!last || lastLine.bbox[2] > Math.min(...lines.slice(0, -1).map((l) => l.bbox[2])) - EDGE_TOLERANCE) return false;
  return lines.slice(0, -1).every((line) => {
    const m = measureLine(line);
    return m !== undefined && Math.abs(m.ratio / last.ratio - 1) < STRETCH_TOLERANCE;
  });
}

/** A gap after a list's marker at least this many font sizes wide is a tab, not a space. */
const MARKER_TAB_EM = 0.5;

/**
 * How far a list item's text stands right of its marker (points), when the PDF set the
 * marker off with a tab ("1." then the text at the item's indent); 0 otherwise. Layout
 * conversions write a tab there and hang the paragraph by as much, so the text starts where
 * it was printed.
 */
export function markerHang(block: Block): number {
  const lines = block.lines ?? [];
  const [marker, text] = lines[0]?.spans ?? [];
  if (!marker || !text || !MARKER_ALONE.test(marker.text.trim())) return 0;
  if (text.bbox[0] - marker.bbox[2] < MARKER_TAB_EM * marker.fontSize) return 0;
  // The item's other lines must start under its text: a marker set in as a first-line
  // indent, the text running on flush left below it, does not hang.
  if (lines.slice(1).some((l) => Math.abs(l.bbox[0] - text.bbox[0]) > EDGE_TOLERANCE)) return 0;
  return text.bbox[0] - marker.bbox[0];
}

/** The first line's indent against the rest of the block (points; negative hangs), when it is a real indent. */
export function firstLineIndent(block: Block): number {
  const lines = block.lines ?? [];
  if (block.align === "center" || block.align === "right") return 0;
  // A marker tabbed off its text hangs by as much, on one line or several.
  const hang = markerHang(block);
  if (hang) return -hang;
  if (lines.length < 2) return 0;
  // Only lines that share a left edge have an indent: centred lines (an address under a
  // letterhead) start where their length puts them.
  const middles = lines.map((l) => (l.bbox[0] + l.bbox[2]) / 2);
  if (spread(lines.slice(1).map((l) => l.bbox[0])) >= EDGE_TOLERANCE || spread(middles) < EDGE_TOLERANCE * 2) return 0;
  const indent = lines[0].bbox[0] - Math.min(...lines.slice(1).map((l) => l.bbox[0]));
  return Math.abs(indent) >= MIN_FIRST_LINE_INDENT && Math.abs(indent) <= MAX_FIRST_LINE_INDENT ? indent : 0;
}
