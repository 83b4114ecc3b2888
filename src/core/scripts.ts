// Writing systems the text processors and OCR must tell apart, and the order a line mixing
// directions is read in.
import type { Run } from "./runs";

/** Scripts written without spaces between words (Han, kana, full-width forms; not Hangul, which spaces its words). */
export const UNSPACED_SCRIPT = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

const UNSPACED_CHARS = new RegExp(UNSPACED_SCRIPT.source, "g");
/** Chinese words average under two characters: a run of Han counts a word for every two. */
const CHARS_PER_UNSPACED_WORD = 2;

/**
 * Words in a text, for the rules that tell prose from labels and cells by length: words
 * between spaces, and in scripts set without spaces one for every two characters (a line
 * of Chinese prose is one "word" between spaces, and would pass for a label).
 */
export function wordCount(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    const unspaced = token.match(UNSPACED_CHARS)?.length ?? 0;
    count += Math.ceil(unspaced / CHARS_PER_UNSPACED_WORD) + (unspaced < token.length ? 1 : 0);
  }
  return count;
}

// The order a line's runs are read in when it mixes directions: a line of Arabic with
// "Microsoft Word" in it, a line of English with an Arabic word. Runs come left to right as
// printed; each run's own text is already in logical order (pdf.js's bidi pass). Following
// the Unicode bidirectional algorithm at the level of runs: the line's direction is that of
// its ends when they agree (a right-to-left paragraph begins at the right and ends at the
// left in Arabic letters, whatever it quotes), else that of most of its letters; runs of the
// other direction are read as a stretch in their own direction, and figures are read left to
// right wherever they stand. A browser writes each Arabic glyph as a run of its own, so a
// word is a stretch of runs.

type Direction = "rtl" | "ltr";
/** A run's direction by its letters; "number" for figures alone (read left to right, but no say in the line's direction); undefined for signs and spaces. */
type RunDirection = Direction | "number" | undefined;

const RTL_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/g;
const LTR_LETTERS = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/g;
const DIGIT = /\p{Nd}/u;
const countOf = (re: RegExp, text: string) => text.match(re)?.length ?? 0;

/** Whether the line reads right to left, and its runs in reading order. */
export function inReadingOrder<T extends Pick<Run, "text">>(leftToRight: T[]): { rtl: boolean; runs: T[] } {
  const directions = leftToRight.map(runDirection);
  if (!directions.includes("rtl")) return { rtl: false, runs: leftToRight };
  const rtl = lineDirection(leftToRight, directions) === "rtl";
  const resolved = resolve(directions, rtl ? "rtl" : "ltr");
  const stretches: { direction: Direction; runs: T[] }[] = [];
  for (const [i, run] of leftToRight.entries()) {
    const last = stretches[stretches.length - 1];
    if (last?.direction === resolved[i]) last.runs.push(run);
    else stretches.push({ direction: resolved[i], runs: [run] });
  }
  const ordered = rtl ? stretches.reverse() : stretches;
  return { rtl, runs: ordered.flatMap((s) => (s.direction === "rtl" ? [...s.runs].reverse() : s.runs)) };
}

function runDirection(run: Pick<Run, "text">): RunDirection {
  const rtl = countOf(RTL_LETTERS, run.text);
  const ltr = countOf(LTR_LETTERS, run.text);
  if (rtl || ltr) return rtl > ltr ? "rtl" : "ltr";
  return DIGIT.test(run.text) ? "number" : undefined;
}

/** The direction of the line's ends when they agree, else that of most of its letters. */
function lineDirection(runs: Pick<Run, "text">[], directions: RunDirection[]): Direction {
  const strong = directions.filter((d): d is Direction => d === "rtl" || d === "ltr");
  if (strong[0] === strong[strong.length - 1]) return strong[0];
  const letters = (re: RegExp) => runs.reduce((n, r) => n + countOf(re, r.text), 0);
  return letters(RTL_LETTERS) > letters(LTR_LETTERS) ? "rtl" : "ltr";
}

/** Each run's direction for ordering: figures left to right; signs and spaces take their neighbours' direction when both agree, else the line's. */
function resolve(directions: RunDirection[], line: Direction): Direction[] {
  const strongAt = (i: number, step: number): Direction | undefined => {
    for (let j = i + step; j >= 0 && j < directions.length; j += step) {
      const d = directions[j];
      if (d === "rtl" || d === "ltr") return d;
      if (d === "number") return "ltr";
    }
    return undefined;
  };
  return directions.map((d, i) => {
    if (d === "rtl" || d === "ltr") return d;
    if (d === "number") return "ltr";
    const before = strongAt(i, -1);
    return before !== undefined && before === strongAt(i, 1) ? before : line;
  });
}
