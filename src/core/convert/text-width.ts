// How wide a text is when set in one of the Office families the converters write, measured
// on the metric-compatible fonts LibreOffice renders them with (font-widths.ts). The layout
// converters compare it with the width the PDF printed, to fit a substitute font.
import type { Line, Span } from "../model";
import { TAB_GAP } from "../processors/lines";
import { EXTRA_CHARS, FIRST_CHAR, FONT_WIDTHS } from "./font-widths";
import { officeFont } from "./fonts";

/** Every Courier glyph is 0.6 em wide. */
const MONOSPACE_EM = 0.6;
const MONOSPACE_FAMILIES = new Set(["Courier New"]);

/** The text's advance width in ems (multiply by the font size for points); undefined for a family without measurements. */
export function textWidthEm(text: string, family: string, bold: boolean, italic: boolean): number | undefined {
  if (MONOSPACE_FAMILIES.has(family)) return [...text].length * MONOSPACE_EM;
  const table = FONT_WIDTHS[family]?.[(bold ? 1 : 0) + (italic ? 2 : 0)];
  if (!table) return undefined;
  // Characters outside the table (CJK, rare signs) count as an average lowercase letter.
  const fallback = averageLowercase(table);
  let total = 0;
  for (const ch of text) total += table[widthIndex(ch) ?? -1] ?? fallback;
  return total / 1000;
}

const ASCII_COUNT = 127 - FIRST_CHAR;
const EXTRA_INDEX = new Map([...EXTRA_CHARS].map((ch, i) => [ch, ASCII_COUNT + i]));

/** Where a character's width sits in the tables (printable ASCII, then EXTRA_CHARS); undefined when they do not have it. */
function widthIndex(ch: string): number | undefined {
  const code = ch.codePointAt(0) ?? 0;
  return code >= FIRST_CHAR && code < 127 ? code - FIRST_CHAR : EXTRA_INDEX.get(ch);
}

/** Whether every character of the text has a measured width (none is guessed). */
export const measuredText = (text: string) => [...text].every((ch) => widthIndex(ch) !== undefined);

const averages = new WeakMap<number[], number>();
function averageLowercase(table: number[]): number {
  let avg = averages.get(table);
  if (avg === undefined) {
    const letters = table.slice("a".charCodeAt(0) - FIRST_CHAR, "z".charCodeAt(0) - FIRST_CHAR + 1);
    avg = letters.reduce((a, b) => a + b, 0) / letters.length;
    averages.set(table, avg);
  }
  return avg;
}

/**
 * The spaces a line's text gets before span `i` beyond those it has: as many more as fill
 * the gap the PDF printed there, in the substitute's spaces, when it is a tab's (TAB_GAP
 * font sizes or wider); none for a word space. The layout modes set "Subject:   Profile"
 * with the value where it was printed.
 */
export function gapSpaces(spans: Span[], i: number): number {
  const [prev, next] = [spans[i - 1], spans[i]];
  if (!prev || next.bbox[0] < prev.bbox[2] + TAB_GAP * Math.min(prev.fontSize, next.fontSize)) return 0;
  const space = textWidthEm(" ", officeFont(prev.fontFamily), prev.bold, prev.italic);
  // The spaces the text already has there (one; a typewriter face's as many as it typed).
  const has = /\s*$/.exec(prev.text)![0].length + /^\s*/.exec(next.text)![0].length;
  return space ? Math.max(0, Math.round((next.bbox[0] - prev.bbox[2]) / (space * prev.fontSize)) - has) : 0;
}

/** Lines shorter than this (non-space characters) say too little about a font's width. */
const MIN_LINE_CHARS = 8;

/** PDF width over substitute width of one line, and the substitute's mean advance per character (points). */
export function measureLine(line: Line): { ratio: number; perChar: number } | undefined {
  const text = line.spans.map((s) => s.text).join("").trim();
  if (text.replace(/\s/g, "").length < MIN_LINE_CHARS) return undefined;
  const natural = naturalWidth(line);
  const printed = line.bbox[2] - line.bbox[0];
  if (!natural || natural.width <= 0 || printed <= 0 || natural.gaps < 1) return undefined;
  return { ratio: printed / natural.width, perChar: natural.width / natural.gaps };
}

/**
 * A line's width (points) set in the substitute families without letter spacing, and the
 * number of gaps spacing widens (after every character but the line's last, which is not seen).
 * `writtenSize` maps a PDF size to the size the converter writes (rounded to its unit).
 */
export function naturalWidth(line: Line, writtenSize: (points: number) => number = (points) => points): { width: number; gaps: number } | undefined {
  let width = 0;
  let chars = 0;
  for (const [i, span] of line.spans.entries()) {
    // The line's outer spaces are not printed ink: leave them out.
    const own = i === 0 ? span.text.trimStart() : i === line.spans.length - 1 ? span.text.trimEnd() : span.text;
    const t = " ".repeat(gapSpaces(line.spans, i)) + own;
    const em = textWidthEm(t, officeFont(span.fontFamily), span.bold, span.italic);
    if (em === undefined) return undefined;
    width += em * writtenSize(span.fontSize);
    chars += [...t].length;
  }
  return { width, gaps: chars - 1 };
}
