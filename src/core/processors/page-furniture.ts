// Furniture a single page gives away by itself, with no second page to repeat it: running
// heads and feet beyond the body text, told by where they stand, their size and their
// wording, and notices set sideways in the side margins ("Downloaded from ... by guest",
// an arXiv identifier). Rows are taken from the page's edge inwards and the first row that
// is not furniture stops the search, so nothing between two pieces of body text is taken.
import type { Block, Page } from "../model";
import { lineFontSize } from "./lines";

/** Share of the page height at the top and at the bottom where heads and feet stand. */
const EDGE_BAND = 0.12;
/** A head or foot line is short... */
const MAX_CHARS = 200;
/** ...one or two lines... */
const MAX_LINES = 2;
/** ...and set no larger than the body text (a larger line at the top is a title). */
const MAX_SIZE_RATIO = 1.1;
/** A head in smaller type than the body is a running head when it stands this many body sizes above the text. */
const SMALL_RATIO = 0.92;
const HEAD_GAP = 1.5;
/** A running head split between the margins leaves this share of its width blank between its pieces. */
const SPLIT_GAP = 0.25;
/** Body text that measures the page: a paragraph of this many characters or more. */
const MIN_BODY_CHARS = 60;

/**
 * What publishers and printers set in the margins and nobody writes in a paragraph's place
 * there: access stamps, licences and copyright, page counts, bare addresses, identifiers,
 * manuscript status, restrictions, a journal's volume and pages.
 */
const FURNITURE_WORDING = [
  /\bdownloaded\s+(from|by)\b|\baccessed\s+(on|from)\b/i,
  /\blicen[cs]ed\s+under\b|\bcreative\s+commons\b|\bCC[ -]BY\b|\bopen\s+access\b/i,
  /©|\(c\)\s*\d{4}|\bcopyright\b|\ball\s+rights\s+reserved\b/i,
  /\bpage\s+\d+\s*(of|\/)\s*\d+\b/i,
  /^(https?:\/\/|www\.)\S+$/i,
  /\bdoi:\s*10\.\d|\bdoi\.org\/10\./i,
  /\barxiv:\s*\d{4}\.\d{4,5}/i,
  /\b(preprint|manuscript)\s+submitted\s+to\b|\baccepted\s+manuscript\b|\bauthor'?s?\s+manuscript\b|\bunder\s+review\b/i,
  /\bconfidential\b|\bfor\s+internal\s+use\b|\bdo\s+not\s+(distribute|copy|cite)\b/i,
  /^printed\b/i,
  /\b(vol\.?|volume)\s*\d+|\b\d+\s*\(\d{4}\)\s*\d+\s*[-–]\s*\d+\b|\bpp\.\s*\d+\s*[-–]\s*\d+\b|\bissue\s+\d+\b/i,
];
export const PAGE_NUMBER = /^(page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(\s*(of|\/)\s*\d{1,4})?$|^[ivxlcdm]{1,6}$/i;
/** A notice has words (numbers up a margin are a chart's axis or line numbers). */
const WORDY = /\p{L}{3,}.*\s.*\p{L}{3,}/u;
/** A line ending in a colon, or a figure's or table's label, leads into what follows it. */
const INTRODUCES = /:$|^(fig(ure)?|table|chart|exhibit|plate|map)\.?\s*[\dIVX]/i;
/** A footnote opens with its mark and its text: never a foot line however it is worded. */
const NOTE_OPENING = /^\s*(\d{1,3}|[*†‡§¶])\s*\p{L}/u;

/** The page's furniture found from the page alone; `bodySize` is the document's body font size. */
export function pageFurniture(page: Page, bodySize: number): Block[] {
  const body = page.blocks.filter((b) => !b.hidden && b.type !== "image" && !sideways(b) && b.text.length >= MIN_BODY_CHARS);
  if (!body.length) return [];
  const left = Math.min(...body.map((b) => b.bbox[0]));
  const right = Math.max(...body.map((b) => b.bbox[2]));
  const found = page.blocks.filter((b) => !b.hidden && sideways(b) && WORDY.test(b.text) && (b.bbox[2] <= left || b.bbox[0] >= right));
  const level = page.blocks.filter((b) => !b.hidden && !sideways(b));
  found.push(...edgeRows(level, page, bodySize, "top"), ...edgeRows(level, page, bodySize, "bottom"));
  return found;
}

/** Text turned a quarter turn: lines taller than they are wide. */
function sideways(b: Block): boolean {
  return !!b.lines?.length && b.lines.every((l) => l.bbox[3] - l.bbox[1] > 2 * (l.bbox[2] - l.bbox[0]));
}

/** The rows of furniture at one edge of the page, taken from the edge inwards. */
function edgeRows(blocks: Block[], page: Page, bodySize: number, edge: "top" | "bottom"): Block[] {
  const rows = rowsOf(blocks);
  if (edge === "bottom") rows.sort((p, q) => q.bottom - p.bottom);
  const found: Block[] = [];
  for (const [i, row] of rows.entries()) {
    const inBand = edge === "top" ? row.bottom <= page.height * EDGE_BAND : row.top >= page.height * (1 - EDGE_BAND);
    const next = rows[i + 1];
    if (!inBand || !next || !row.blocks.every((b) => edgeLine(b, bodySize))) break;
    if (!isFurnitureRow(row, next, bodySize, edge)) break;
    found.push(...row.blocks);
  }
  return found;
}

function isFurnitureRow(row: Row, next: Row, bodySize: number, edge: "top" | "bottom"): boolean {
  const texts = row.blocks.map((b) => b.text.trim());
  if (edge === "bottom" && texts.some((t) => NOTE_OPENING.test(t) && !PAGE_NUMBER.test(t))) return false;
  if (texts.some((t) => FURNITURE_WORDING.some((w) => w.test(t)))) return true;
  // A page number standing on its own, with whatever shares its line.
  if (texts.some((t) => PAGE_NUMBER.test(t))) return true;
  // At the foot, position and size alone cannot tell a foot line from a footnote.
  if (edge === "bottom" || next.top - row.bottom < HEAD_GAP * bodySize) return false;
  // A head split between the margins ("Journal ... | Harbour et al."), or one line in small
  // type over the text (not a label over a picture, nor a line that introduces what follows).
  const small = row.blocks.every((b) => (b.lines?.length ?? 1) === 1 && maxSize(b) <= bodySize * SMALL_RATIO && !INTRODUCES.test(b.text.trim()));
  return splitBetweenMargins(row) || (small && next.blocks.every((b) => b.type === "text" || b.type === "title" || b.type === "list"));
}

/** Pieces of a line flush with its two ends and a wide gap between them. */
function splitBetweenMargins(row: Row): boolean {
  const pieces = [...row.blocks].sort((a, b) => a.bbox[0] - b.bbox[0]);
  if (pieces.length < 2) return false;
  const width = pieces[pieces.length - 1].bbox[2] - pieces[0].bbox[0];
  return pieces.slice(1).some((p, i) => p.bbox[0] - pieces[i].bbox[2] >= SPLIT_GAP * width);
}

/** One or two short lines no larger than the body text. */
function edgeLine(b: Block, bodySize: number): boolean {
  if (b.type !== "text" && b.type !== "title") return false;
  return b.text.length <= MAX_CHARS && (b.lines?.length ?? 1) <= MAX_LINES && maxSize(b) <= bodySize * MAX_SIZE_RATIO;
}

const maxSize = (b: Block) => Math.max(0, ...(b.lines ?? []).map(lineFontSize));

interface Row {
  blocks: Block[];
  top: number;
  bottom: number;
}

/** Blocks side by side on the page (overlapping in height), top to bottom. */
function rowsOf(blocks: Block[]): Row[] {
  const rows: Row[] = [];
  for (const b of [...blocks].sort((p, q) => p.bbox[1] - q.bbox[1])) {
    const row = rows.find((r) => Math.min(r.bottom, b.bbox[3]) - Math.max(r.top, b.bbox[1]) > 0.5 * Math.min(r.bottom - r.top, b.bbox[3] - b.bbox[1]));
    if (row) {
      row.blocks.push(b);
      row.top = Math.min(row.top, b.bbox[1]);
      row.bottom = Math.max(row.bottom, b.bbox[3]);
    } else rows.push({ blocks: [b], top: b.bbox[1], bottom: b.bbox[3] });
  }
  return rows;
}
