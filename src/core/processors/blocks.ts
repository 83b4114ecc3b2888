// Lines -> paragraphs: a new block starts where the vertical gap grows, the font size
// changes, or the line does not overlap the previous one horizontally.
import type { Block, Line } from "../model";
import { ITEM_NUMBER } from "./lists";
import { lineFontSize, lineText } from "./lines";
import { union } from "../geometry";
import { isFormulaPiece } from "./formulas";
import { UNSPACED_SCRIPT } from "../scripts";

/** A gap between lines larger than this share of the line height starts a new paragraph... */
const PARAGRAPH_GAP = 0.7;
/**
 * ...except on a page set with loose leading, whose lines of a paragraph stand at least this
 * many font sizes apart, bottom to bottom (double or one-and-a-half spacing, Chinese at about
 * 1.7, an OCR'd page whose line boxes hug the ink): ordinary leading is 1.1-1.35, and the
 * fixed share above would cut there at every line.
 */
const LOOSE_PITCH = 1.5;
/** There a paragraph ends where the lines stand further apart than the page's own pitch by this many font sizes (6 pt after 12 pt type is 0.5). */
const PARAGRAPH_EXTRA = 0.35;
/** The page's pitch is measured between full lines of its paragraphs: at least this many font sizes wide... */
const MEASURE_MIN_WIDTH = 10;
/** ...one directly under the other, both edges within this share of the font size (a justified paragraph's inner lines)... */
const EDGE_MATCH = 0.5;
/** ...and only from this many such pairs: fewer say nothing about the page. */
const MIN_LEADING_PAIRS = 4;
/** A line opening with a bullet starts a new item, whatever the spacing. */
const ITEM_START = /^\s*[•·◦▪●○■‣⁃]\s/;
/** An item number or letter opening a line ("1.", "a)", "(iv)", not an initial such as "S."), or a reference's number ("[12]"). */
const LIST_MARKER = new RegExp(String.raw`^\s*(${ITEM_NUMBER}|\[\d{1,3}\])\s`);
/** A line ending like this finished its sentence. */
const SENTENCE_END = /[.!?:;。！？：；]$/;
/** Spans smaller than this share of their line's type are labels, not its text. */
const LABEL_SIZE = 0.6;
/** A line indented by more than this many font sizes opens a paragraph. */
const PARAGRAPH_INDENT = 0.8;
/** A line ending this share of the paragraph width short of its right edge ends the paragraph. */
const SHORT_LINE = 0.2;
/** A justified paragraph's lines end within this many font sizes of its right edge. */
const JUSTIFIED_SLACK = 0.5;
/** Font sizes closer than this (points) count as the same size. */
const SAME_SIZE = 0.6;
/** A line of capitals only (at least four letters, no lower case): a heading's words... */
const CAPITALS_LINE = /^(?=(?:[^\p{L}]*\p{Lu}){4})[^\p{Ll}]+$/u;
/** ...when the line in lower case under it is this many times as wide. */
const CAPITALS_HEADING_RATIO = 1.5;
/** A display formula is set in from its column's text by more than this many font sizes. */
const FORMULA_INSET = 3;

/** A line opening with a field's label: a word or two in capitals, or capitalised, and a colon. */
const FIELD_START = /^(\p{Lu}[\p{L}.]*)( \p{Lu}?[\p{L}.]+)?:\s+\S/u;

export function buildBlocks(lines: Line[]): Block[] {
  // Lines arrive top to bottom across the whole page, so columns interleave: each line
  // joins the open paragraph it continues (directly below its last line), else opens one.
  const groups: Line[][] = [];
  const pitch = linePitch(lines);
  // At loose leading the gap between paragraphs may be no wider than between lines: a
  // justified paragraph's short last line tells where it ends too.
  const loose = pitch >= LOOSE_PITCH ? pitch : undefined;
  for (const line of lines) {
    const open = groups.find((g) => continues(g[g.length - 1], line, g, loose));
    if (open) open.push(line);
    else groups.push([line]);
  }
  return groups.map(toBlock);
}

/**
 * The page's usual distance between the lines of a paragraph, from the bottom of one's text
 * to the next's, in font sizes (line boxes' heights vary with the font's metrics or the
 * ink; their pitch does not): the median over full lines set one under the other with both edges matching,
 * which only the inner lines of a paragraph do (its first line is indented or its last one
 * short). 0 when the page has too few of them.
 */
function linePitch(lines: Line[]): number {
  const pitches: number[] = [];
  for (const [i, line] of lines.entries()) {
    const size = textSize(line);
    const height = line.bbox[3] - line.bbox[1];
    if (line.bbox[2] - line.bbox[0] < MEASURE_MIN_WIDTH * size || height <= 0 || size <= 0) continue;
    // Lines come sorted by their tops: the first one further down that shares this line's width lies under it.
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j];
      if (next.bbox[1] > line.bbox[3] + 3 * height) break;
      if (next.bbox[1] < line.bbox[1] + height / 2 || next.bbox[2] <= line.bbox[0] || next.bbox[0] >= line.bbox[2]) continue;
      const edgesMatch = Math.abs(next.bbox[0] - line.bbox[0]) <= EDGE_MATCH * size && Math.abs(next.bbox[2] - line.bbox[2]) <= EDGE_MATCH * size;
      if (edgesMatch && Math.abs(textSize(next) - size) <= SAME_SIZE) pitches.push((textBottom(next) - textBottom(line)) / size);
      break;
    }
  }
  return pitches.length >= MIN_LEADING_PAIRS ? pitches.sort((a, b) => a - b)[pitches.length >> 1] : 0;
}

/**
 * The bottom of a line's text in its own type: a fraction or a subscript set smaller in it
 * hangs lower, and would make the line look further from the next than it is.
 */
function textBottom(line: Line): number {
  const size = textSize(line);
  const own = line.spans.filter((s) => Math.abs(s.fontSize - size) <= SAME_SIZE);
  return own.length ? Math.max(...own.map((s) => s.bbox[3])) : line.bbox[3];
}

/** `loosePitch`: the page's pitch (font sizes) when its leading is loose. */
function continues(prev: Line, line: Line, group: Line[], loosePitch: number | undefined): boolean {
  // Geometry first: it rules out almost every open paragraph, and it is cheap.
  const height = prev.bbox[3] - prev.bbox[1];
  const gap = line.bbox[1] - prev.bbox[3];
  if (gap < -0.5 * height) return false;
  if (loosePitch ? (textBottom(line) - textBottom(prev)) / textSize(prev) > loosePitch + PARAGRAPH_EXTRA : gap > PARAGRAPH_GAP * height) return false;
  const overlap = Math.min(prev.bbox[2], line.bbox[2]) - Math.max(prev.bbox[0], line.bbox[0]);
  if (overlap <= 0) return false;
  const size = textSize(line);
  if (Math.abs(textSize(prev) - size) > SAME_SIZE) return false;
  if (ITEM_START.test(lineText(line))) return false;
  // A line all in bold after a finished sentence is a heading run in at the body size ("Background").
  if (allBold(line) && !allBold(prev) && SENTENCE_END.test(lineText(prev).trim())) return false;
  // So is a line opening with a bold label after a finished sentence ("ACTION: Notice of...").
  if (opensBold(line) && !endsBold(prev) && SENTENCE_END.test(lineText(prev).trim())) return false;
  // Fields one per line ("TO: ...", "FROM: ..."): each is a line of its own, not a paragraph's.
  if (FIELD_START.test(lineText(line)) && FIELD_START.test(lineText(prev))) return false;
  // A display formula stands on lines of its own, set in from the text that follows it.
  if (prev.bbox[0] - line.bbox[0] > FORMULA_INSET * size && group.every(isFormulaPiece)) return false;
  // A heading set in bold at the body size, on lines of its own: the first line in regular
  // type after it starts the body ("5.1 Hyper Parameter Optimization" above its paragraph).
  if (group.every(allBold) && !allBold(line)) return false;
  // So is a short line alone in italic, naming no sentence, over one in roman ("Font selection").
  if (group.length === 1 && allItalic(prev) && !allItalic(line) && italicHeadingLine(prev, line)) return false;
  // A numbered line starts a new item after another item or after a finished sentence
  // (not mid-sentence, where "2." may just be a number wrapped to the line start).
  if (LIST_MARKER.test(lineText(line)) && (LIST_MARKER.test(lineText(group[0])) || SENTENCE_END.test(lineText(prev).trim()))) return false;
  const centred = Math.abs((line.bbox[0] + line.bbox[2]) / 2 - (prev.bbox[0] + prev.bbox[2]) / 2) < size;
  // A short centred line over a line more than twice as wide is a heading over its text ("IV. DATASET").
  const width = (l: Line) => l.bbox[2] - l.bbox[0];
  if (centred && group.length === 1 && width(line) > 2 * width(prev)) return false;
  // So is a shorter line in capitals over one in lower case, centred or not as measured
  // ("REFERENCES" in small capitals, whose estimated width puts its middle off).
  if (group.length === 1 && width(line) > CAPITALS_HEADING_RATIO * width(prev) && CAPITALS_LINE.test(lineText(prev).trim()) && /\p{Ll}/u.test(lineText(line))) return false;
  if (centred && !isJustified(group)) return true;
  // A line broken where the next line's first word would have fitted was broken by hand:
  // after a finished sentence, its paragraph ends there ("of file format." over "The quick...").
  if (SENTENCE_END.test(lineText(prev).trim()) && /^[\p{Lu}\p{N}]/u.test(lineText(line).trim()) && nextWordFitted(prev, line, group, size)) return false;
  const left = Math.min(...group.map(textStart));
  const right = Math.max(...group.map((l) => l.bbox[2]));
  const listItem = ITEM_START.test(lineText(group[0])) || LIST_MARKER.test(lineText(group[0]));
  // Only a paragraph's first line is indented: an indented line after the first opens a
  // new paragraph (list items hang their later lines instead, so they are left alone).
  if (line.bbox[0] - left > PARAGRAPH_INDENT * size && !listItem) return false;
  if (line.bbox[0] - left > 3 * size) return false;
  // A line that stops well short of the paragraph's right edge ended the paragraph, when
  // the next one is indented, or, at loose leading, when the paragraph is justified (its
  // other lines all reach the right edge, so only a last line falls short) and the short
  // line ends a sentence.
  const short = group.length >= 2 && right - prev.bbox[2] > SHORT_LINE * (right - left);
  if (short && line.bbox[0] - left > PARAGRAPH_INDENT * size * 0.5) return false;
  if (short && loosePitch && SENTENCE_END.test(lineText(prev).trim()) && group.slice(0, -1).every((l) => right - l.bbox[2] <= JUSTIFIED_SLACK * size)) return false;
  return true;
}

/**
 * Whether `line`'s first word would have fitted at the end of `prev` in the paragraph's
 * measure (its widest line's right edge, or the next line's): its width taken as its share
 * of the line's characters, with a word space before it.
 */
function nextWordFitted(prev: Line, line: Line, group: Line[], size: number): boolean {
  const right = Math.max(line.bbox[2], ...group.map((l) => l.bbox[2]));
  const text = lineText(line).trim();
  const firstWord = text.split(/\s+/)[0];
  const wordWidth = ((line.bbox[2] - line.bbox[0]) * firstWord.length) / Math.max(1, text.length);
  return right - prev.bbox[2] > wordWidth + WORD_SPACE * size;
}
/** A word space, in font sizes, generously (justified lines stretch theirs). */
const WORD_SPACE = 0.5;

/**
 * Where a line's text in its own type starts: a small label hung in the margin before it
 * ("Chapter 1." beside a chapter title) does not make the next line look indented.
 */
function textStart(line: Line): number {
  const size = lineFontSize(line);
  return line.spans.find((s) => s.fontSize >= size * LABEL_SIZE)?.bbox[0] ?? line.bbox[0];
}

/**
 * The size of a line's text type: the largest size among its words. Labels set smaller in a
 * line of text (bold small capitals, "FOR FURTHER INFORMATION CONTACT:") or superscript
 * marks do not make it a line of another paragraph.
 */
function textSize(line: Line): number {
  const sizes = line.spans.filter((s) => /\p{L}\p{L}|\p{N}\p{N}/u.test(s.text)).map((s) => s.fontSize);
  return sizes.length ? Math.max(...sizes) : lineFontSize(line);
}

const words = (s: { text: string }) => /\p{L}{2}/u.test(s.text);
const opensBold = (l: Line) => !!l.spans.find(words)?.bold;
const endsBold = (l: Line) => !!l.spans.findLast(words)?.bold;
const allBold = (l: Line) => l.spans.every((s) => s.bold || !s.text.trim());
const allItalic = (l: Line) => l.spans.some((s) => s.text.trim()) && l.spans.every((s) => s.italic || !s.text.trim());
/** An italic heading's few words, ending no sentence, well short of the line under it. */
const italicHeadingLine = (heading: Line, next: Line) =>
  !/[.:;,!?]["”’)]?$/.test(lineText(heading).trim()) && lineText(heading).trim().split(/\s+/).length <= 8 && heading.bbox[2] - heading.bbox[0] < 0.7 * (next.bbox[2] - next.bbox[0]);

/** A paragraph whose lines share both edges: its lines look centred but are not. */
function isJustified(group: Line[]): boolean {
  if (group.length < 2) return false;
  const lefts = group.map((l) => l.bbox[0]);
  return Math.max(...lefts) - Math.min(...lefts) < 1;
}

/** A text block of the given lines, as they are. */
export function toBlock(lines: Line[]): Block {
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
    // Before a capital the hyphen is the word's own ("Soekarno-Hatta"): kept, and no space.
    else if (/[A-Za-z]-$/.test(out) && /^[A-Z]/.test(t)) out += t;
    // Scripts written without spaces (Chinese, with its full-width commas) join lines without one.
    else if (UNSPACED_SCRIPT.test(out[out.length - 1]) && UNSPACED_SCRIPT.test(t[0])) out += t;
    else out += ` ${t}`;
  }
  return out;
}
