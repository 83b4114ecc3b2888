// Source code set in a monospaced face (a listing, a terminal session): its lines and their
// indentation are its meaning, so such a block keeps every line as printed, indented by as
// many spaces as it was set in from the listing's left edge, and becomes a `code` block
// (fenced in Markdown, a monospaced paragraph with line breaks in Word). Listings the
// paragraph step cut in two (a closing brace read as a new paragraph) are joined again, and
// listings it set side by side (code beside its line numbers or its comments) row by row.
import type { Block, Line } from "../model";
import { MONOSPACE_FONT } from "../backends/pdf/fonts";
import { union } from "../geometry";

/** A listing has at least this many lines: one monospaced line is a file name or a command in prose. */
const MIN_LINES = 2;
/** Share of a block's characters that are brackets, operators and the like, at least, in code. */
const CODE_SYMBOLS = 0.08;
/** Lines this long (characters) or longer tell a listing's column pitch. */
const MIN_PITCH_CHARS = 4;
/** Listings side by side share at least this share of the shorter one's height. */
const SHARED_HEIGHT = 0.5;
/** Two listing blocks this close (line pitches) are one listing. */
const JOIN_GAP = 1.5;

export function markCode(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    if (!isListing(block)) {
      out.push(block);
      continue;
    }
    const prev = out[out.length - 1];
    if (prev?.type === "code" && continues(prev, block)) {
      prev.lines = [...prev.lines!, ...block.lines!];
      prev.bbox = union(prev.bbox, block.bbox);
      prev.text = codeText(prev.lines);
      continue;
    }
    out.push({ ...block, type: "code", text: codeText(block.lines!) });
  }
  return besideEachOther(out);
}

/**
 * Listings side by side on the same rows are one listing read row by row: code on the left,
 * its comments in a column of their own on the right (the paragraph step cut them apart at
 * the white band between).
 */
function besideEachOther(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    // A single monospaced line beside a listing (its first row, cut off on its own) joins it too.
    const partner = joinable(block) ? out.find((o) => joinable(o) && (o.type === "code" || block.type === "code") && sideBySide(o, block)) : undefined;
    if (!partner) {
      out.push(block);
      continue;
    }
    partner.lines = rowByRow([...partner.lines!, ...block.lines!]);
    partner.bbox = union(partner.bbox, block.bbox);
    partner.type = "code";
    partner.text = codeText(partner.lines);
  }
  return out;
}

const joinable = (b: Block) => b.type === "code" || (b.type === "text" && !b.hidden && b.lines?.length === 1 && monospaced(b.lines));

/** Two listings share most of their height, and no line of one runs into a line of the other on its row. */
function sideBySide(a: Block, b: Block): boolean {
  const shared = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  if (shared < SHARED_HEIGHT * Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])) return false;
  const sameRow = (x: Line, y: Line) => Math.min(x.bbox[3], y.bbox[3]) - Math.max(x.bbox[1], y.bbox[1]) > 0;
  const collide = (x: Line, y: Line) => x.bbox[0] < y.bbox[2] - 1 && y.bbox[0] < x.bbox[2] - 1;
  return !a.lines!.some((x) => b.lines!.some((y) => sameRow(x, y) && collide(x, y)));
}

/** Lines on one baseline joined left to right, the gap between them kept as spaces, top to bottom. */
function rowByRow(lines: Line[]): Line[] {
  const glyph = glyphWidth(lines);
  const middle = (l: Line) => (l.bbox[1] + l.bbox[3]) / 2;
  const rows: Line[][] = [];
  for (const line of [...lines].sort((a, b) => middle(a) - middle(b))) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(middle(row[0]) - middle(line)) < (line.bbox[3] - line.bbox[1]) / 2) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => {
    const [first, ...rest] = row.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const spans = [...first.spans];
    let end = first.bbox[2];
    for (const line of rest) {
      const gap = glyph ? Math.max(1, Math.round((line.bbox[0] - end) / glyph)) : 1;
      spans.push(...line.spans.map((s, k) => (k === 0 ? { ...s, text: " ".repeat(gap) + s.text.trimStart() } : s)));
      end = line.bbox[2];
    }
    return { bbox: row.map((l) => l.bbox).reduce(union), spans };
  });
}

function isListing(block: Block): boolean {
  const lines = block.lines ?? [];
  if (block.type !== "text" || block.hidden || lines.length < MIN_LINES) return false;
  if (!monospaced(lines)) return false;
  // A page typed in Courier (a transcript, a letter) is prose: code is dense in brackets and
  // operators, or indents lines after its first.
  const text = block.text.replace(/\s/g, "");
  const symbols = text.replace(/[^{}[\]()<>=;:/\\|#$_*+&!~^%"']/g, "").length;
  return symbols >= CODE_SYMBOLS * text.length || indentsLaterLines(lines);
}

const monospaced = (lines: Line[]) => lines.every((l) => l.spans.every((s) => MONOSPACE_FONT.test(s.fontFamily) || !s.text.trim()));

/** Some line after the first is set in from the leftmost line by two glyphs or more. */
function indentsLaterLines(lines: Line[]): boolean {
  const glyph = glyphWidth(lines);
  const left = Math.min(...lines.map((l) => l.bbox[0]));
  return glyph > 0 && lines.slice(1).some((l) => l.bbox[0] - left >= 2 * glyph);
}

/** The next block starts within a line pitch and a half below the listing, overlapping it across. */
function continues(listing: Block, next: Block): boolean {
  const pitch = (listing.bbox[3] - listing.bbox[1]) / listing.lines!.length;
  const gap = next.bbox[1] - listing.bbox[3];
  return gap >= -1 && gap <= JOIN_GAP * pitch && next.bbox[0] < listing.bbox[2] && next.bbox[2] > listing.bbox[0];
}

/** The listing's lines, each indented by as many glyphs as it was set in from the leftmost. */
function codeText(lines: Line[]): string {
  const glyph = glyphWidth(lines);
  const left = Math.min(...lines.map((l) => l.bbox[0]));
  return lines.map((l) => " ".repeat(glyph ? Math.max(0, Math.round((l.bbox[0] - left) / glyph)) : 0) + l.spans.map((s) => s.text).join("").trimEnd()).join("\n");
}

/**
 * The listing's column pitch (points): the widest advance per character among its lines.
 * Every glyph of a monospaced face has one advance, but a listing may set its characters on
 * a grid a little wider than its glyphs, or its spaces narrower: the widest line per
 * character is the one least thrown off.
 */
function glyphWidth(lines: Line[]): number {
  const pitches = lines.flatMap((l) => {
    const chars = [...l.spans.map((s) => s.text).join("").trim()].length;
    return chars >= MIN_PITCH_CHARS ? [(l.bbox[2] - l.bbox[0]) / chars] : [];
  });
  return pitches.length ? Math.max(...pitches) : 0;
}
