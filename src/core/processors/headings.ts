// Titles: short blocks set larger than the body text (or bold and standing alone). With
// level recognition, distinct title sizes are ranked into levels (largest = 1) and
// section numbering ("2.3.1") deepens the level; without it every title is level 1.
import type { Block, Page, Span } from "../model";
import { blockFontSize, fontFace, halfPoint } from "./lines";
import { wordCount } from "../scripts";
import { byMostCharacters } from "./most-characters";
import { MONOSPACE_FONT } from "../backends/pdf/fonts";

/** A title is at least this much larger than the body size. */
const TITLE_SIZE_RATIO = 1.12;
/** Titles are short. */
const MAX_TITLE_CHARS = 160;
const MAX_TITLE_LINES = 3;
/** Sizes closer than this (points) are one heading level. */
const SIZE_BUCKET = 0.8;

const NUMBERING = /^((\d+)(\.\d+)*)\.?\s+\S/;
/** Section numbering in front of a capitalised heading: arabic ("2", "2.1") or roman ("IV"), with a dot or not. */
const CAPS_NUMBERING = /^((\d+)(\.\d+)*|[IVX]{1,5}|[A-H])\.?\s+\S/;
/** A capitalised heading has a word or two, not just an abbreviation. */
const MIN_CAPS_LETTERS = 4;
/** Capitalised headings are set at least about the body size (captions and table cells are smaller). */
const CAPS_MIN_SIZE_RATIO = 0.95;
/** A date on a line of its own (under a paper's title, on a letter) is set large but heads nothing. */
const DATE_LINE = /^\s*((\d{1,2}\.?\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(\s+\d{1,2})?,?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})\s*$/i;
/** A document set mostly in bold cannot mark headings by weight. */
const BOLD_BODY_SHARE = 0.5;
/** Neighbours on the same line this short (page numbers, table cells) unmask a bold line as a TOC entry or a cell. */
const NEIGHBOUR_MAX_CHARS = 30;

/** Another short block on the same line band: a TOC entry's page number, a table row's cells (not a line of the next column). */
function hasShortNeighbour(b: Block, blocks: Block[]): boolean {
  const height = b.bbox[3] - b.bbox[1];
  const prose = proseOf(blocks);
  return blocks.some((o) => {
    if (o === b || o.hidden || o.text.length > NEIGHBOUR_MAX_CHARS) return false;
    const overlap = Math.min(o.bbox[3], b.bbox[3]) - Math.max(o.bbox[1], b.bbox[1]);
    return overlap > 0.5 * Math.min(height, o.bbox[3] - o.bbox[1]) && (o.bbox[0] >= b.bbox[2] || o.bbox[2] <= b.bbox[0]) && !inOtherColumn(b, o, prose) && !inMarginBeside(o, prose);
  });
}

/**
 * A note in words out in the side margin, beyond every paragraph of the page (a marginal
 * note beside a heading), is no cell of its row; a number there is a contents entry's page.
 */
function inMarginBeside(o: Block, prose: Block[]): boolean {
  if (!prose.length || !/\p{L}{3,}/u.test(o.text) || /^[ivxlc]+$/i.test(o.text.trim())) return false;
  return o.bbox[0] >= Math.max(...prose.map((p) => p.bbox[2])) - FLUSH || o.bbox[2] <= Math.min(...prose.map((p) => p.bbox[0])) + FLUSH;
}

/**
 * A line set in bold: every word, but a command or a file name in a monospaced face, which
 * has no bold of its own ("2.2. The \setfonts command").
 */
function setInBold(b: Block): boolean {
  const spans = (b.lines ?? []).flatMap((l) => l.spans);
  if (spans.every((s) => s.bold)) return true;
  if (!spans.every((s) => s.bold || MONOSPACE_FONT.test(s.fontFamily))) return false;
  // Bold words, not a bold label before its monospaced value ("Website: http://...").
  const words = spans.filter((s) => s.bold && !MONOSPACE_FONT.test(s.fontFamily) && /\p{L}/u.test(s.text));
  return words.length > 0 && !/:\s*$/.test(words[words.length - 1].text);
}

/** Paragraphs this long measure a page's columns. */
const COLUMN_PROSE_CHARS = 120;
const proseOf = (blocks: Block[]) => blocks.filter((p) => !p.hidden && p.type === "text" && p.text.length >= COLUMN_PROSE_CHARS);
/** Lines flush with a column start within this many points. */
const FLUSH = 2;

/**
 * Two lines in different columns of the page: each within the width of paragraphs of its own
 * column (flush with them or centred over them), those columns side by side (the heading of
 * one column beside a short line, or a heading, of the other is not a table row).
 */
function inOtherColumn(b: Block, o: Block, prose: Block[]): boolean {
  // The narrowest paragraph around it: a full-width abstract spans both columns.
  const width = (p: Block) => p.bbox[2] - p.bbox[0];
  const columnOf = (x: Block) => prose.filter((p) => x.bbox[0] >= p.bbox[0] - FLUSH && x.bbox[2] <= p.bbox[2] + FLUSH).sort((p, q) => width(p) - width(q))[0];
  const [mine, theirs] = [columnOf(b), columnOf(o)];
  return !!mine && !!theirs && (mine.bbox[2] <= theirs.bbox[0] || theirs.bbox[2] <= mine.bbox[0]);
}

/** Share of the characters set in bold, or in italic. */
const boldShare = (pages: Page[]) => styleShare(pages, (s) => s.bold);
const italicShare = (pages: Page[]) => styleShare(pages, (s) => s.italic);

function styleShare(pages: Page[], styled: (s: Span) => boolean): number {
  let count = 0;
  let all = 0;
  for (const s of spansOf(pages)) {
    all += s.text.length;
    if (styled(s)) count += s.text.length;
  }
  return all ? count / all : 0;
}

/**
 * Mathematics set large is not a heading: a relation or a big operator, or letters that
 * are all alone (a fraction's "d" over its "t" in a formula the formula reader could not read).
 */
const looksLikeMathematics = (text: string) => (/[=<>≤≥≈≡∑∏∫√]/.test(text) && (text.match(/\p{L}{4,}/gu) ?? []).length < 2) || !/\p{L}{2,}/u.test(text);

/** A sentence ends with its stop, maybe inside a closing quotation mark (a question is a heading's form too: "Why apply?")... */
const SENTENCE_END = /[.!…]["”’»)]?$/;
/** ...and a quotation is wrapped in its marks. */
const QUOTATION = /^["“„«‘][\s\S]*["”»’]$/;
/** A one-line sentence this long is prose; a short one with a stop may be a heading ("1. Introduction."). */
const MIN_SENTENCE_WORDS = 10;
/** A quotation this long is a pull quote. */
const MIN_QUOTE_WORDS = 6;

/**
 * Prose set large or bold (a pull quote, a magazine's standfirst, a note in bold): it reads
 * as a sentence, wrapped over lines and ended by its stop, or as a quotation. Headings name
 * a section; they are not sentences.
 */
function isSentence(b: Block): boolean {
  const text = b.text.trim();
  const words = wordCount(text);
  if (QUOTATION.test(text) && words >= MIN_QUOTE_WORDS) return true;
  return SENTENCE_END.test(text) && ((b.lines?.length ?? 1) >= 2 || words >= MIN_SENTENCE_WORDS);
}

/** `body`: the document's body font size (bodyFontSize). */
export function markHeadings(pages: Page[], levels: boolean, body: number): void {
  const bodyIsBold = boldShare(pages) > BOLD_BODY_SHARE;
  const bodyIsItalic = italicShare(pages) > BOLD_BODY_SHARE;
  const bodyFace = bodyFontFace(pages);
  const titles: Block[] = [];
  for (const page of pages) {
    for (const b of page.blocks) {
      if (b.hidden || b.type !== "text" || !b.lines?.length) continue;
      const size = blockFontSize(b);
      const short = b.text.length <= MAX_TITLE_CHARS && b.lines.length <= MAX_TITLE_LINES && /\p{L}/u.test(b.text) && !looksLikeMathematics(b.text) && !isSentence(b);
      const bold = setInBold(b) && !bodyIsBold;
      const standalone = !hasShortNeighbour(b, page.blocks);
      const boldHeading = bold && standalone && b.lines.length <= 2 && !/[.:;,]$/.test(b.text);
      if (short && !DATE_LINE.test(b.text) && (size >= body * TITLE_SIZE_RATIO || boldHeading || capsHeading(b, body, standalone, page.blocks) || italicHeading(b, body, standalone, page.blocks, bodyIsItalic) || otherFaceHeading(b, body, bodyFace, standalone, page.blocks))) {
        b.type = "title";
        titles.push(b);
      }
    }
  }
  if (!levels) {
    for (const t of titles) t.titleLevel = 1;
    return;
  }
  const sizes = [...new Set(titles.map(blockFontSize))].sort((a, b) => b - a);
  const buckets: number[] = [];
  for (const s of sizes) if (!buckets.length || buckets[buckets.length - 1] - s > SIZE_BUCKET) buckets.push(s);
  for (const t of titles) {
    const size = blockFontSize(t);
    let level = buckets.findIndex((b) => b - size <= SIZE_BUCKET) + 1 || 1;
    const numbering = NUMBERING.exec(t.text);
    if (numbering) level = Math.max(level, numbering[1].split(".").length);
    t.titleLevel = Math.min(level, 6);
  }
}

/**
 * A line in capitals at about body size, numbered ("II. RELATED WORK", "3 RESULTS") or in
 * small capitals ("REFERENCES"): how many journals set section headings, which neither size
 * nor weight reveal.
 */
function capsHeading(b: Block, body: number, standalone: boolean, blocks: Block[]): boolean {
  if (!standalone || b.lines!.length !== 1) return false;
  // Capitals: cased letters, none in lower case (scripts without case, Hangul or Han, say nothing).
  const capitals = (b.text.match(/\p{Lu}/gu) ?? []).length;
  if (capitals < MIN_CAPS_LETTERS || /\p{Ll}/u.test(b.text) || /[.:;,]$/.test(b.text)) return false;
  // Small caps: the capitals that open each word are full size, so the largest span counts.
  const sizes = b.lines![0].spans.map((s) => s.fontSize);
  if (Math.max(...sizes) < body * CAPS_MIN_SIZE_RATIO) return false;
  // Numbered, or unnumbered in true small capitals ("REFERENCES": full-size initials over
  // smaller capitals), which body text in capitals is not set in; or a few words of
  // capitals set off over a paragraph ("INTRODUCTION").
  return CAPS_NUMBERING.test(b.text) || Math.min(...sizes) < Math.max(...sizes) * SMALL_CAPS_RATIO || (fewWords(b) && !/\d/.test(b.text) && setOffOverProse(b, blocks));
}

/**
 * A line in italic, alone at about body size, is a sub-heading when numbered ("2.1
 * Discarded") or when set off over a paragraph: a few words, no sentence, in a document not
 * set in italic.
 */
function italicHeading(b: Block, body: number, standalone: boolean, blocks: Block[], bodyIsItalic: boolean): boolean {
  if (bodyIsItalic || !standalone || b.lines!.length !== 1 || /[.:;,]$/.test(b.text.trim())) return false;
  const spans = b.lines![0].spans.filter((s) => s.text.trim());
  if (!spans.length || !spans.every((s) => s.italic) || Math.max(...spans.map((s) => s.fontSize)) < body * CAPS_MIN_SIZE_RATIO) return false;
  return (NUMBERING.test(b.text) && fewWords(b)) || (fewWords(b) && setOffOverProse(b, blocks));
}

/**
 * A numbered line alone, in another face than the body's and at least its size ("2.1
 * Template Styles" in a sans-serif among serif paragraphs), set off over its paragraph: how
 * many journals set their sub-headings. Its words open in a capital (a line of code opens
 * with its command, in a monospaced face besides).
 */
function otherFaceHeading(b: Block, body: number, bodyFace: string | undefined, standalone: boolean, blocks: Block[]): boolean {
  if (!bodyFace || !standalone || b.lines!.length !== 1 || /[.:;,]$/.test(b.text.trim()) || !NUMBERED_WORDS.test(b.text.trim()) || !fewWords(b)) return false;
  const spans = b.lines![0].spans.filter((s) => s.text.trim());
  if (!spans.length || spans.some((s) => fontFace(s.fontFamily) === bodyFace || MONOSPACE_FONT.test(s.fontFamily)) || Math.max(...spans.map((s) => s.fontSize)) < body * CAPS_MIN_SIZE_RATIO) return false;
  return setOffOverProse(b, blocks);
}
/** A section's number and the capital its words open with. */
const NUMBERED_WORDS = /^(\d+)(\.\d+)*\.?\s+\p{Lu}/u;

/** The face most of the characters are set in. */
const bodyFontFace = (pages: Page[]) => byMostCharacters(spansOf(pages), (s) => fontFace(s.fontFamily));

function* spansOf(pages: Page[]): Generator<Span> {
  for (const p of pages) for (const b of p.blocks) for (const l of b.lines ?? []) yield* l.spans;
}

/** A heading's few words. */
const MAX_HEADING_WORDS = 8;
const fewWords = (b: Block) => wordCount(b.text) <= MAX_HEADING_WORDS;
/** A paragraph under a heading: this many characters at least. */
const MIN_PARAGRAPH_CHARS = 60;

/**
 * A line with more space above it than a paragraph's lines have (or nothing above it), and
 * a paragraph of prose right under it, flush with it on the left.
 */
function setOffOverProse(b: Block, blocks: Block[]): boolean {
  const size = blockFontSize(b);
  const across = (o: Block) => o !== b && !o.hidden && o.bbox[0] < b.bbox[2] && b.bbox[0] < o.bbox[2];
  const above = blocks.filter((o) => across(o) && o.bbox[3] <= b.bbox[1] + 1).sort((p, q) => q.bbox[3] - p.bbox[3])[0];
  const below = blocks.filter((o) => across(o) && o.bbox[1] >= b.bbox[3] - 1).sort((p, q) => p.bbox[1] - q.bbox[1])[0];
  if (!below || below.type !== "text" || below.text.length < MIN_PARAGRAPH_CHARS || Math.abs(below.bbox[0] - b.bbox[0]) > size) return false;
  if (below.bbox[1] - b.bbox[3] > 2.5 * size) return false;
  return !above || b.bbox[1] - above.bbox[3] >= 0.6 * size;
}

/** Small capitals are at most this share of the full capitals' size. */
const SMALL_CAPS_RATIO = 0.9;


/** The size that covers most characters of the document: the body text. */
export const bodyFontSize = (pages: Page[]): number => byMostCharacters(spansOf(pages), (s) => halfPoint(s.fontSize)) ?? 10;

