// Glyph runs -> lines: runs on the same baseline that follow each other left to right,
// joined with a space where the gap between them is wider than a space would leave.
import { union } from "../geometry";
import type { Run } from "../runs";
import type { BBox, Block, Line, Span } from "../model";
import { MATH_FONT } from "../latex/math-fonts";
import { withComposedAccents } from "./composed-accents";
import { findGutters, isLocalGutter } from "./gutters";
import { isStretchedSpace } from "./stretched-lines";
import { MARKER_ALONE } from "./lists";
import { MONOSPACE_FONT } from "../backends/pdf/fonts";
import { isOcrLayer, typicalWordSpace } from "./ocr-layer";
import { inReadingOrder, UNSPACED_SCRIPT } from "../scripts";

/** Two runs share a line when their baselines differ by less than this share of the smaller font size (lines of neighbouring columns are often offset by a point or two; a raised footnote mark is not on the line). */
const SAME_BASELINE = 0.25;
/** A horizontal gap wider than this share of the font size is a word space... */
export const WORD_GAP = 0.18;
/** ...or this share between words in two faces (a word in a typewriter face in a line of a font with narrow spaces): no word changes face in its middle. */
const FACE_CHANGE_GAP = 0.12;

/**
 * A gap wider than this many font sizes always splits a line (table cells, form fields):
 * even stretched word spaces in justified text stay far below it.
 */
const LINE_SPLIT_GAP = 2.5;
/** A gap over a column gutter splits a line once it is wider than this many font sizes. */
const GUTTER_SPLIT_GAP = 0.5;
/**
 * A gap inside a line at least this many font sizes wide is a tab's ("Subject:" and its
 * value), wider than any stretched word space: the runs either side keep spans of their
 * own, so the layout conversions can set the text after it where it was printed.
 */
export const TAB_GAP = 1;


export function buildLines(runs: Run[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0]);
  let rows: Run[][] = [];
  for (const run of sorted) {
    // Only the last few rows can share a baseline with this run (runs come sorted by baseline).
    // A run in much smaller type joins only a row it touches: a raised note mark next to
    // another column's line is that line's script, not a word of the row it happens to match.
    // Of the rows it may join, the one whose baseline is nearest: a neighbouring column's
    // row a point or two higher must not take a word of this one.
    const candidates = rows.slice(-3).filter((r) => Math.abs(r[0].baseline - run.baseline) < SAME_BASELINE * Math.min(r[0].fontSize, run.fontSize) && (similarSize(run, r[0]) || nextTo([run], r) || markerOf(run, r)) && !lineNumberBeside([run], r) && !lineNumberBeside(r, [run]));
    const row = candidates.sort((a, b) => Math.abs(a[0].baseline - run.baseline) - Math.abs(b[0].baseline - run.baseline))[0];
    if (row) row.push(run);
    else rows.push([run]);
  }
  rows = attachScripts(rows);
  const gutters = findGutters(runs);
  // A gutter is wider than the page's word spaces. An OCR layer boxes its words tight round
  // their ink, so its spaces are twice those of type (a typewriter's, more), and on the
  // grid of a typewriter or by chance they line up in rivers.
  const gutterGap = isOcrLayer(runs) ? Math.max(GUTTER_SPLIT_GAP, WIDE_SPACE * typicalWordSpace(rows)) : GUTTER_SPLIT_GAP;
  // A gap over a gutter splits row `i`; so does any very wide gap, unless the row is a justified line stretched wide.
  const splits = (prev: Run, run: Run, i: number) => {
    const gap = run.bbox[0] - prev.bbox[2];
    const em = Math.max(prev.fontSize, run.fontSize);
    if (gap > gutterGap * em && gutters.some(([g0, g1]) => prev.bbox[2] <= g1 && run.bbox[0] >= g0)) return true;
    return gap > LINE_SPLIT_GAP * em && !isStretchedSpace(rows, i, prev, run);
  };
  for (const row of rows) accentsBeforeTheirLetters(row.sort((a, b) => a.bbox[0] - b.bbox[0]));
  const lines: Line[] = [];
  for (const [i, row] of rows.entries()) {
    let current: Run[] = [];
    for (const run of row) {
      const prev = current[current.length - 1];
      // A list's marker hung out in the margin ("[12]", "3.", "•") stays with its item's
      // text: the white band under a column of such markers is no gutter between columns.
      const hungMarker = current.length === 1 && MARKER_ALONE.test(prev.text.trim());
      // A heading's number and its words a quad apart ("1.2  Typesetting listings") are one
      // line, whatever gutter a column of margin marks beside them suggests.
      const numberedHeading = current.length === 1 && headingNumberOf(prev, run) && run.bbox[0] - prev.bbox[2] <= HEADING_NUMBER_GAP * Math.max(prev.fontSize, run.fontSize);
      // A field's label ("SUBJECT:", "Invoice no.:") and its value tabbed far right of it are one
      // line (asked only of a gap that would split it: the label's text is joined to be read).
      const labelled = () => fieldLabel(current) && !gutters.some(([g0, g1]) => prev.bbox[2] <= g1 && run.bbox[0] >= g0) && run.bbox[0] - prev.bbox[2] <= LABEL_GAP * Math.max(prev.fontSize, run.fontSize);
      const em = prev && Math.max(prev.fontSize, run.fontSize);
      const localGutter = () => isLocalGutter(rows, i, prev.bbox[2], run.bbox[0], em);
      // A sentence carried on over a blank to fill in ("I live here since ____ and I have ...",
      // "I, ____, declare that ..."): no gutter of the page or of the rows around is there.
      const filledIn = () => continuesSentence(current, run) && !gutters.some(([g0, g1]) => prev.bbox[2] <= g1 && run.bbox[0] >= g0) && !localGutter() && !columnBeside(rows, i, run);
      if (prev && !(hungMarker && run.bbox[0] - prev.bbox[2] <= LINE_SPLIT_GAP * em) && !numberedHeading && (splits(prev, run, i) || (run.bbox[0] - prev.bbox[2] > gutterGap * em && localGutter())) && !labelled() && !filledIn()) {
        lines.push(toLine(current));
        current = [];
      }
      current.push(run);
    }
    if (current.length) lines.push(toLine(current));
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/**
 * The runs so far of a line end a sentence's first part and `run` carries it on: the text
 * stops short of any stop or colon, and goes on in lower case or with its punctuation, in
 * the same type (a form's sentence broken by the blank to fill in).
 */
function continuesSentence(current: Run[], run: Run): boolean {
  const before = current.map((r) => r.text).join(" ").trim();
  const after = run.text.trim();
  // Words go on (a lone word right of a gap is a running foot's page, "xii", or a cell).
  if (!/\p{L}/u.test(before) || /[.!?:;]$/.test(before) || !(/^[,;)]/.test(after) || (/^\p{Ll}/u.test(after) && /\s\S/.test(after)))) return false;
  return Math.abs(current[current.length - 1].fontSize - run.fontSize) <= 0.6 && current[current.length - 1].bold === run.bold;
}

/** Rows either side of a line looked at for a column beside it (a neighbouring column's rows interleave by baseline). */
const COLUMN_REACH = 4;

/** Rows near row `at` have text starting where `run` starts: a column's left edge, not a sentence carried on past a blank. */
function columnBeside(rows: Run[][], at: number, run: Run): boolean {
  let aligned = 0;
  for (let i = Math.max(0, at - COLUMN_REACH); i <= Math.min(rows.length - 1, at + COLUMN_REACH); i++) {
    if (i !== at && rows[i].some((r) => Math.abs(r.bbox[0] - run.bbox[0]) <= 2)) aligned++;
  }
  return aligned >= 1;
}

/** A field's label: a word or three ending in a colon, opening its line... */
const FIELD_LABEL = /^[\p{L}][\p{L}\p{N}.'’\- ]{0,24}:$/u;
const MAX_LABEL_WORDS = 3;
/** ...and its value at most this many font sizes right of it (a form's tab stop). */
const LABEL_GAP = 8;

/** The runs so far of a line are a field's label alone. */
function fieldLabel(current: Run[]): boolean {
  const text = current.map((r) => r.text).join(" ").replace(/\s+/g, " ").trim();
  return FIELD_LABEL.test(text) && text.split(" ").length <= MAX_LABEL_WORDS;
}

/** On an OCR layer a gutter is wider than this many of the page's typical word spaces. */
const WIDE_SPACE = 2.2;
/** A row of small type is a superscript or subscript of the row beside it... */
const SCRIPT_SIZE = 0.85;
/** ...when it is short: marks and exponents, not a line of footnote text. */
const SCRIPT_MAX_CHARS = 12;
/** A run of accent marks alone (spacing or combining): the accent of a letter below it. */
const ACCENT_ONLY = /^[\s¯˙¨ˆ˜´`ˇ˘\u0300-\u036f\u20d7]+$/;
/** Rows either side searched for a script's host (other columns' rows interleave by baseline). */
const SCRIPT_HOST_REACH = 3;

/**
 * Rows set in small type that sit inside the vertical band of a neighbouring row of
 * larger type (footnote marks, exponents, chemical indices) join that row.
 */
function attachScripts(rows: Run[][]): Run[][] {
  const size = (r: Run[]) => Math.max(...r.map((x) => x.fontSize));
  const top = (r: Run[]) => Math.min(...r.map((x) => x.bbox[1]));
  const bottom = (r: Run[]) => Math.max(...r.map((x) => x.bbox[3]));
  const out: Run[][] = [];
  rows.forEach((row, i) => {
    // The host is a neighbouring row, though a row of the next column may sort in between.
    const hosts = [...rows.slice(i + 1, i + 1 + SCRIPT_HOST_REACH), ...out.slice(-SCRIPT_HOST_REACH).reverse()].filter((h) => h !== row);
    const unattached: Run[] = [];
    // A row of short stretches (a line's two exponents, note marks in two columns) finds a
    // host for each; a row with a long stretch is a line of small print, whole.
    const parts = stretches(row);
    const short = (part: Run[]) => part.reduce((n, r) => n + r.text.length, 0) <= SCRIPT_MAX_CHARS;
    for (const part of parts.every(short) ? parts : [row]) {
      // Of the rows it touches, the one it overlaps most: a fraction's denominator grazes the line below.
      const overlap = (h: Run[]) => Math.min(bottom(part), bottom(h)) - Math.max(top(part), top(h));
      // Accents set over a letter (TeX's \bar, \dot in a line of text) are rows of their own in any size.
      const accents = part.every((r) => ACCENT_ONLY.test(r.text));
      const host = short(part) ? hosts.filter((h) => (accents || size(part) < SCRIPT_SIZE * size(h)) && overlap(h) > 0 && nextTo(part, h) && !h.every((r) => ACCENT_ONLY.test(r.text)) && !lineNumberBeside(part, h)).sort((a, b) => overlap(b) - overlap(a))[0] : undefined;
      if (host) host.push(...part);
      else unattached.push(...part);
    }
    if (unattached.length) out.push(unattached);
  });
  return out;
}

/** An accent raised over a capital starts this share of the font size or less right of its letter. */
const RAISED_ACCENT_OFFSET = 0.5;

/**
 * TeX raises the accent of a capital (\v{S}, \'E) on a baseline of its own, and its run
 * starts a hair right of the letter's run: read it before that run, where it composes with
 * the letter under it (Š), not after the whole word. A math font's accents stay: the
 * formula reader places them by position.
 */
function accentsBeforeTheirLetters(row: Run[]): void {
  for (let i = 1; i < row.length; i++) {
    const [letter, accent] = [row[i - 1], row[i]];
    const over = accent.bbox[0] - letter.bbox[0];
    if (ACCENT_ONLY.test(accent.text) && !ACCENT_ONLY.test(letter.text) && !isMathFont(letter) && over >= 0 && over < RAISED_ACCENT_OFFSET * letter.fontSize) [row[i - 1], row[i]] = [accent, letter];
  }
}

const isMathFont = (run: { fontFamily: string }) => MATH_FONT.test(run.fontFamily.replace(/\s+/g, ""));

/** A run that starts a word (two letters or more): an accent over a lone letter is a formula's (\tilde{S}), read by the formula reader. */
const WORD_START = /^\p{L}\p{M}*\p{L}/u;
/** An accent stands over the letter after it when its middle lies from this share of the type size before that letter's start... */
const ACCENT_BEFORE_REACH = 0.15;
/** ...to this share after it (over the letter's first strokes, not the next word's first letter across a space). */
const ACCENT_OVER_REACH = 0.8;

/**
 * An accent drawn as a glyph of its own over the letter that follows it, in another font
 * (TeX's stress marks over Cyrillic vowels: the accent from the roman font, "живл ´яти"),
 * joins that letter's run, so no word space parts them and it composes with the letter
 * (живля́ти). A math font's accents, and an accent over a letter standing alone (a formula's
 * variable, whatever its font), stay: the formula reader places them by position.
 */
function withAccentsOnLetters(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const accent = out[out.length - 1];
    if (accent && standsOver(accent, run)) out[out.length - 1] = { ...run, text: accent.text.trim() + run.text, bbox: union(accent.bbox, run.bbox) };
    else out.push(run);
  }
  return out;
}

/** Whether `accent` is an accent alone, in a text font, over the first letter of `letter`, a run that starts a word. */
function standsOver(accent: Run, letter: Run): boolean {
  const middle = (accent.bbox[0] + accent.bbox[2]) / 2;
  const over = middle >= letter.bbox[0] - ACCENT_BEFORE_REACH * letter.fontSize && middle <= letter.bbox[0] + ACCENT_OVER_REACH * letter.fontSize;
  return over && ACCENT_ONLY.test(accent.text) && accent.text.trim() !== "" && WORD_START.test(letter.text) && !isMathFont(accent) && !isMathFont(letter);
}

/**
 * A row's runs in stretches, left to right: a gap wider than the row's type size ends one.
 * Words of a line of small print stay one long stretch; two exponents apart on one line are two.
 */
function stretches(row: Run[]): Run[][] {
  const sorted = [...row].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const em = Math.max(...row.map((r) => r.fontSize));
  const out: Run[][] = [];
  let end = -Infinity;
  for (const run of sorted) {
    if (run.bbox[0] - end > em || !out.length) out.push([run]);
    else out[out.length - 1].push(run);
    end = Math.max(end, run.bbox[2]);
  }
  return out;
}

/**
 * A list marker set in a smaller face (a Symbol bullet beside 12 pt text) and the text it
 * marks: one is a marker alone, the other starts after it within a line-splitting gap.
 */
function markerOf(run: Run, row: Run[]): boolean {
  const start = Math.min(...row.map((r) => r.bbox[0]));
  const em = Math.max(run.fontSize, ...row.map((r) => r.fontSize));
  if (MARKER_ALONE.test(run.text.trim())) return run.bbox[2] <= start + 1 && start - run.bbox[2] <= LINE_SPLIT_GAP * em;
  const marker = row.length === 1 && MARKER_ALONE.test(row[0].text.trim()) ? row[0] : undefined;
  return marker !== undefined && run.bbox[0] >= marker.bbox[2] - 1 && run.bbox[0] - marker.bbox[2] <= LINE_SPLIT_GAP * em;
}

/** A section's number: 2, 1.2, 3.4.1. */
const SECTION_NUMBER = /^\d{1,2}(\.\d{1,2}){0,3}\.?$/;
/** A heading's number stands at most this many font sizes before its words. */
const HEADING_NUMBER_GAP = 2;

/** `number` is a section's number before the words of its heading: both bold and in one size. */
function headingNumberOf(number: Run, words: Run): boolean {
  return SECTION_NUMBER.test(number.text.trim()) && /^\p{L}/u.test(words.text.trim()) && number.bold && words.bold && Math.abs(number.fontSize - words.fontSize) <= 0.5;
}

/** A line number is a bare number, with the letter some editions add ("3R")... */
const BARE_NUMBER = /^\d{1,4}[A-Za-z]?$/;
/** ...set far smaller than the text it numbers... */
const LINE_NUMBER_SIZE = 0.6;
/**
 * ...a space or more from that text, on its baseline or raised to its top (lineno's numbers
 * in the gutter between two columns, set close against the left column's lines): a note's
 * mark or an exponent touches its word. Such a number is left a line of its own, for the
 * line-number step to judge with the column of numbers it belongs to.
 */
function lineNumberBeside(part: Run[], host: Run[]): boolean {
  if (part.length !== 1 || !BARE_NUMBER.test(part[0].text.trim())) return false;
  const n = part[0];
  const hostSize = Math.max(...host.map((h) => h.fontSize));
  if (n.fontSize > LINE_NUMBER_SIZE * hostSize) return false;
  const gap = Math.min(...host.map((h) => Math.max(n.bbox[0] - h.bbox[2], h.bbox[0] - n.bbox[2])));
  return gap >= WORD_GAP * hostSize;
}

const similarSize = (a: Run, b: Run) => Math.min(a.fontSize, b.fontSize) >= SCRIPT_SIZE * Math.max(a.fontSize, b.fontSize);

/** Horizontally touching: a script sits right after (or before) a run of its host. */
function nextTo(script: Run[], host: Run[]): boolean {
  return script.some((s) => host.some((h) => s.bbox[0] - h.bbox[2] < h.fontSize && h.bbox[0] - s.bbox[2] < h.fontSize));
}

function toLine(leftToRight: Run[]): Line {
  // A line written right to left (Arabic, Hebrew) is read from its right end, what it quotes
  // in Latin letters left to right (scripts.ts).
  const ordered = inReadingOrder(leftToRight);
  const rtl = ordered.rtl;
  const runs = rtl ? ordered.runs : withAccentsOnLetters(ordered.runs);
  const spans: Span[] = [];
  const scriptOf = scriptPlacement(runs);
  for (const [i, run] of runs.entries()) {
    const prev = runs[i - 1];
    let text = run.text;
    if (prev) {
      // Neighbours in reading order stand either way round in a line that mixes directions.
      const gap = Math.max(run.bbox[0] - prev.bbox[2], prev.bbox[0] - run.bbox[2]);
      const faceChange = changesFaceBetweenWords(prev, run);
      const needsSpace = gap > (faceChange ? FACE_CHANGE_GAP : WORD_GAP) * Math.min(prev.fontSize, run.fontSize) && !/\s$/.test(prev.text) && !/^\s/.test(text);
      const cjkJoin = UNSPACED_SCRIPT.test(prev.text.slice(-1)) && UNSPACED_SCRIPT.test(text[0]);
      if (needsSpace && !cjkJoin) text = " ".repeat(typedSpaces(prev, run, gap)) + text;
    }
    const last = spans[spans.length - 1];
    // Runs in one style join one span, unless stacked (a fraction's numerator over its denominator in a line of text, side by side or not: P over 1 − P).
    const stacked = last && (run.bbox[1] >= last.bbox[3] - 1 || run.bbox[3] <= last.bbox[1] + 1);
    // A list's marker set off by a tab keeps a span of its own: layout conversions tab after it.
    const tabbedMarker = spans.length === 1 && i === 1 && !rtl && MARKER_ALONE.test(last.text.trim()) && run.bbox[0] - last.bbox[2] > GUTTER_SPLIT_GAP * Math.max(last.fontSize, run.fontSize);
    const tabbed = last && !rtl && run.bbox[0] - last.bbox[2] >= TAB_GAP * Math.min(last.fontSize, run.fontSize);
    if (last && !stacked && !tabbedMarker && !tabbed && last.fontFamily === run.fontFamily && last.fontSize === run.fontSize && last.bold === run.bold && last.italic === run.italic && last.link === run.link && last.color === run.color && last.formField === run.formField) {
      last.text += text;
      last.bbox = union(last.bbox, run.bbox);
    } else {
      const script = scriptOf(run);
      spans.push({ text, bbox: run.bbox, fontFamily: run.fontFamily, fontSize: run.fontSize, bold: run.bold, italic: run.italic, ...(run.link ? { link: run.link } : {}), ...(run.color ? { color: run.color } : {}), ...(script ? { script } : {}), ...(run.formField ? { formField: true } : {}) });
    }
  }
  // Accents set over letters as glyphs of their own compose with them; a math font's accents are the formula reader's to place.
  for (const s of spans) if (!isMathFont(s)) s.text = withComposedAccents(s.text);
  return { bbox: spans.map((s) => s.bbox).reduce(union), spans };
}

/**
 * Spaces a gap between two runs holds: one, except in a typewriter face, where a page
 * typed with spaces (a court transcript's ":  No. 07-1315", aligned comments in code) keeps
 * as many as the gap is glyphs wide, so the text and its layout conversions line up as printed.
 */
/** Share of a glyph a gap must exceed a whole number of glyphs by to hold one space more. */
const TYPED_SPACE_ROUNDING = 0.3;

export function typedSpaces(prev: Run, run: Run, gap: number): number {
  if (prev.fontFamily !== run.fontFamily || prev.fontSize !== run.fontSize || !MONOSPACE_FONT.test(run.fontFamily)) return 1;
  const glyphs = [...prev.text].length;
  const glyphWidth = (prev.bbox[2] - prev.bbox[0]) / glyphs;
  // A gap a glyph and a half wide is still one space: a listing may space its tokens wider than its glyphs.
  return glyphWidth > 0 ? Math.max(1, Math.floor(gap / glyphWidth + TYPED_SPACE_ROUNDING)) : 1;
}

/** A script's baseline is off the line's by at least this share of the line's type size: raised for a superscript... */
const SUPER_RISE = 0.15;
/** ...lowered for a subscript. */
const SUB_DROP = 0.1;

/**
 * Which runs of a line are superscripts or subscripts (footnote marks, ordinals, exponents,
 * chemical indices): smaller than the line's main type and raised or lowered from its
 * baseline. The main type is the size most of the line's letters are set in.
 */
function scriptPlacement(runs: Run[]): (run: Run) => Span["script"] {
  const letters = new Map<number, number>();
  for (const r of runs) letters.set(r.fontSize, (letters.get(r.fontSize) ?? 0) + r.text.trim().length);
  const main = [...letters].sort((a, b) => b[1] - a[1])[0]?.[0];
  const baselines = runs.filter((r) => r.fontSize === main).map((r) => r.baseline).sort((a, b) => a - b);
  const baseline = baselines[Math.floor(baselines.length / 2)];
  if (main === undefined || baseline === undefined) return () => undefined;
  return (run) => {
    if (run.fontSize >= SCRIPT_SIZE * main) return undefined;
    if (run.baseline < baseline - SUPER_RISE * main) return "super";
    if (run.baseline > baseline + SUB_DROP * main) return "sub";
    return undefined;
  };
}

export const lineText = (line: Line) => line.spans.map((s) => s.text).join("");

/** The values filled into form fields in a block, line by line. */
export const formValues = (block: Block): string[] => block.lines?.flatMap((l) => l.spans.filter((s) => s.formField).map((s) => s.text.trim())) ?? [];

/** Lines are asked for their size many times while blocks form: computed once per line. */
const fontSizes = new WeakMap<Line, number>();

/** The font size that covers most characters of a line. */
export function lineFontSize(line: Line): number {
  let size = fontSizes.get(line);
  if (size === undefined) {
    const weight = new Map<number, number>();
    for (const s of line.spans) weight.set(s.fontSize, (weight.get(s.fontSize) ?? 0) + s.text.length);
    size = 0;
    let best = -1;
    for (const [fontSize, chars] of weight) if (chars > best) [size, best] = [fontSize, chars];
    fontSizes.set(line, size);
  }
  return size;
}

/** A block's type size: the largest of its lines' (0 for a block without lines). */
export const blockFontSize = (b: Block): number => Math.max(0, ...(b.lines ?? []).map(lineFontSize));

/** Sizes to the half point, as type is set. */
export const halfPoint = (size: number) => Math.round(size * 2) / 2;

/** A font's face: its name (which comes without a subset's tag) without a TeX font's design size ("CMSS10"). */
export const fontFace = (family: string) => family.replace(/\d+$/, "").toLowerCase();

/**
 * Two runs of words in two faces at one size, side by side: "Felder" then "year" in a
 * typewriter face. (A mark raised after a word, mathematics, punctuation are not words.)
 */
function changesFaceBetweenWords(prev: Run, run: Run): boolean {
  if (fontFace(prev.fontFamily) === fontFace(run.fontFamily) || MATH_FONT.test(prev.fontFamily) || MATH_FONT.test(run.fontFamily)) return false;
  const sameSize = Math.abs(prev.fontSize - run.fontSize) <= 0.1 * Math.max(prev.fontSize, run.fontSize);
  return sameSize && /\p{L}{2}$/u.test(prev.text) && /^\p{L}{2}/u.test(run.text);
}
