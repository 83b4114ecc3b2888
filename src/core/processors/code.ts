// Source code set in a monospaced face (a listing, a terminal session): its lines and their
// indentation are its meaning, so such a block keeps every line as printed, indented by as
// many spaces as it was set in from the listing's left edge, and becomes a `code` block
// (fenced in Markdown, a monospaced paragraph with line breaks in Word). Listings the
// paragraph step cut in two (a closing brace read as a new paragraph) are joined again.
import type { Block, Line } from "../model";
import { MONOSPACE_FONT } from "../backends/pdf/fonts";
import { union } from "./lines";

/** A listing has at least this many lines: one monospaced line is a file name or a command in prose. */
const MIN_LINES = 2;
/** Share of a block's characters that are brackets, operators and the like, at least, in code. */
const CODE_SYMBOLS = 0.08;
/** Lines this long (characters) or longer tell a listing's column pitch. */
const MIN_PITCH_CHARS = 4;
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
  return out;
}

function isListing(block: Block): boolean {
  const lines = block.lines ?? [];
  if (block.type !== "text" || block.hidden || lines.length < MIN_LINES) return false;
  if (!lines.every((l) => l.spans.every((s) => MONOSPACE_FONT.test(s.fontFamily) || !s.text.trim()))) return false;
  // A page typed in Courier (a transcript, a letter) is prose: code is dense in brackets and
  // operators, or indents lines after its first.
  const text = block.text.replace(/\s/g, "");
  const symbols = text.replace(/[^{}[\]()<>=;:/\\|#$_*+&!~^%"']/g, "").length;
  return symbols >= CODE_SYMBOLS * text.length || indentsLaterLines(lines);
}

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
