// Invisible text layers that OCR engines lay over a scan (Tesseract and ocrmypdf write them
// in GlyphLessFont; Acrobat in HiddenHorzOCR). Their font sizes are not type sizes but each
// line's measured height, so lines of one paragraph differ by a point or two (a line with
// descenders is taller), which would cut paragraphs at every change of size. Sizes near the
// page's body size are taken as the body size; a heading, twice as tall, keeps its own.
// Our own OCR's runs (a scan, text drawn as outlines) are measured the same way.
import type { Run } from "../runs";
import { OCR_FONT_FAMILY } from "../ocr/runs";
import { UNSPACED_SCRIPT } from "../scripts";

/** Fonts OCR engines write their invisible layers in. */
const OCR_FONT = /glyphless|hiddenhorzocr|hiddenvertocr/i;
/** A run read by OCR: an OCR layer's, or one of ours (ocr/runs.ts names its font). */
const readByOcr = (r: Run) => OCR_FONT.test(r.fontFamily) || r.fontFamily === OCR_FONT_FAMILY;
/** Share of the page's characters set in such a font for the page to be an OCR layer. */
const MIN_OCR_SHARE = 0.8;
/** Sizes within this factor of the body size are the body size measured unevenly. */
const SIZE_NOISE = 1.25;

export function isOcrLayer(runs: Run[]): boolean {
  const chars = (rs: Run[]) => rs.reduce((n, r) => n + r.text.length, 0);
  const all = chars(runs);
  return all > 0 && chars(runs.filter((r) => OCR_FONT.test(r.fontFamily))) >= MIN_OCR_SHARE * all;
}

/**
 * The runs read by OCR (an OCR layer's, or ours: a page's scan, text drawn as outlines) with
 * the jitter taken out of their sizes; the other runs as they are.
 */
export function evenOcrSizes(runs: Run[]): Run[] {
  const read = runs.filter(readByOcr);
  if (!read.length) return runs;
  const weight = new Map<number, number>();
  for (const r of read) weight.set(r.fontSize, (weight.get(r.fontSize) ?? 0) + r.text.length);
  const body = [...weight].sort((a, b) => b[1] - a[1])[0][0];
  const nearBody = (r: Run) => r.fontSize <= body * SIZE_NOISE && r.fontSize >= body / SIZE_NOISE;
  const bodyLines = read.filter(nearBody);
  const evened = (r: Run) => nearBody(r) || (isShort(r) && r.fontSize < body && endsLineAbove(r, bodyLines, body));
  return runs.map((r) => (readByOcr(r) && r.fontSize !== body && evened(r) ? { ...r, fontSize: body } : r));
}

/** A run of this many characters or fewer is measured by its few glyphs' ink alone ("广。", "on."), which may be far short of the type's size. */
const SHORT_RUN = 3;
const isShort = (r: Run) => r.text.replace(/\s/g, "").length <= SHORT_RUN;

/** Whether the run lies directly under a line of body text, starting at its left edge: the last line of its paragraph. */
function endsLineAbove(run: Run, bodyLines: Run[], body: number): boolean {
  return bodyLines.some((above) => Math.abs(above.bbox[0] - run.bbox[0]) <= body && run.bbox[1] > above.bbox[1] && run.bbox[1] - above.bbox[3] <= LEADING_GAP * body);
}
/** A line's top lies at most this many body sizes under the bottom of the line before it (double spacing, Chinese leading). */
const LEADING_GAP = 1.5;

/** Words of one line: baselines within this share of the font size (the layer is levelled first). */
const SAME_LINE = 0.3;
/** A gap up to this many of the page's typical word spaces joins two words into one phrase... */
const PHRASE_SPACES = 2;
/** ...and never less than this many font sizes. */
const MIN_PHRASE_GAP = 1;

/**
 * An OCR layer's words joined into phrases, as our own OCR's are (ocr/runs.ts): the words
 * of a line up to a gap far wider than its word spaces. The layer writes every word apart,
 * and the table and column finders would take the word spaces of a scan, which line up by
 * chance from line to line, for the white between columns.
 */
export function phrasesOfOcrLayer(runs: Run[]): Run[] {
  if (!isOcrLayer(runs)) return runs;
  const level = runs.filter((r) => !r.vertical && !r.rotated);
  const lines: Run[][] = [];
  for (const run of [...level].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0])) {
    const line = lines.find((l) => Math.abs(l[0].baseline - run.baseline) < SAME_LINE * Math.min(l[0].fontSize, run.fontSize));
    if (line) line.push(run);
    else lines.push([run]);
  }
  const space = typicalWordSpace(lines);
  const phrases: Run[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let phrase = line[0];
    for (const run of line.slice(1)) {
      const gap = run.bbox[0] - phrase.bbox[2];
      const em = Math.max(phrase.fontSize, run.fontSize);
      if (gap >= 0 && gap <= Math.max(MIN_PHRASE_GAP * em, PHRASE_SPACES * space * em)) phrase = joined(phrase, run);
      else {
        phrases.push(phrase);
        phrase = run;
      }
    }
    phrases.push(phrase);
  }
  return [...phrases, ...runs.filter((r) => r.vertical || r.rotated)];
}

function joined(a: Run, b: Run): Run {
  return { ...a, text: `${a.text} ${b.text}`, bbox: [a.bbox[0], Math.min(a.bbox[1], b.bbox[1]), b.bbox[2], Math.max(a.bbox[3], b.bbox[3])], eol: b.eol };
}

/** Gaps measured as word spaces: wider than a glyph's kerning (font sizes)... */
const MIN_WORD_SPACE = 0.18;
/** ...up to this many font sizes (wider ones are a table's or a gutter's)... */
const MAX_WORD_SPACE = 2;
/** ...and at least this many of them, or the page's spaces are not told (0). */
const MIN_WORD_SPACES = 20;

/**
 * The median gap between neighbouring words of the lines (runs of one line each), in font
 * sizes; 0 when too few to tell. Gaps beside Chinese or Japanese are not counted: those
 * scripts set no spaces, so the gaps there are gutters and tabs, which the word space is
 * measured to tell apart.
 */
export function typicalWordSpace(lines: Run[][]): number {
  const gaps: number[] = [];
  for (const line of lines) {
    const sorted = [...line].sort((a, b) => a.bbox[0] - b.bbox[0]);
    for (let i = 1; i < sorted.length; i++) {
      if (UNSPACED_SCRIPT.test(sorted[i - 1].text.slice(-1)) || UNSPACED_SCRIPT.test(sorted[i].text[0])) continue;
      const gap = (sorted[i].bbox[0] - sorted[i - 1].bbox[2]) / Math.max(sorted[i].fontSize, sorted[i - 1].fontSize);
      if (gap > MIN_WORD_SPACE && gap <= MAX_WORD_SPACE) gaps.push(gap);
    }
  }
  return gaps.length >= MIN_WORD_SPACES ? gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] : 0;
}
