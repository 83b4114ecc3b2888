// Text in one font that cannot be trusted on a page whose other fonts read: a heading face or
// a second body face subset with a private encoding and no usable Unicode map gives symbol
// soup ("&!+% $#@") where the page shows words. A whole page of it goes to OCR (scan.ts);
// this is the same judgement font by font. Where a renderer can draw the page, the page is
// read by OCR and the words that fall on that font's runs take their place, so they go
// through lines, blocks and reading order with the rest of the text; the font's runs OCR
// reads nothing on are noise and go with the others, and the rest of the layer stays exact.
// Without a renderer, or when OCR reads no words on any of them, the runs stay as read.
import type { PageRuns, Run } from "../../runs";
import type { BBox } from "../../model";
import type { PageRenderer } from "./scan";
import { readPicture } from "../../ocr/read-picture";
import { ocrRuns } from "../../ocr/runs";
import { centreIn } from "../../geometry";
import { textLayerFault } from "./text-quality";
import { MONOSPACE_FONT } from "./fonts";

/** A font with fewer characters than this on the page says too little to judge (a stray sign, a lone heading word). */
const MIN_FONT_CHARS = 20;
/** A garbled font's text stands in tokens of at least this many characters... */
const MIN_WORD_LENGTH = 3;
/** ...which hold at least this share of its characters. */
const IN_WORDS_SHARE = 0.5;
/** Words read with less confidence (0..100) than this are not taken. */
const MIN_WORD_CONFIDENCE = 60;
/** Points a word may stand beyond the runs it replaces (the recogniser's box is not the font's). */
const SLACK = 2;
const POINTS_PER_INCH = 72;
const LETTERS = /\p{L}{2}/u;

/** What reading a page's untrusted fonts by OCR did: the page's runs, and the fonts whose text OCR replaced. */
export interface GarbledRead {
  page: PageRuns;
  fonts: string[];
}

/** The page with its garbled fonts' runs read by OCR; the page as it was when it has none, or they read no better. */
export async function withGarbledTextRead(raw: PageRuns, render: PageRenderer): Promise<GarbledRead> {
  const garbled = garbledRuns(raw.runs);
  if (!garbled.length) return { page: raw, fonts: [] };
  const displayed = await render();
  if (!displayed) return { page: raw, fonts: [] };
  const { result, turn } = await readPicture(displayed, (displayed.width / raw.width) * POINTS_PER_INCH);
  // A page whose own text stands sideways is read in its own frame; its fonts are not guessed at.
  if (turn) return { page: raw, fonts: [] };
  const scale = raw.width / displayed.width;
  const within = (box: BBox, run: Run) => centreIn(box, [run.bbox[0] - SLACK, run.bbox[1] - SLACK, run.bbox[2] + SLACK, run.bbox[3] + SLACK]);
  const words = result.words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && garbled.some((r) => within(scaled(w.bbox, scale), r)));
  if (!words.some((w) => LETTERS.test(w.text))) return { page: raw, fonts: [] };
  // The font's runs give way to what OCR read on them; those it read nothing on are noise, not text, and go too.
  const replaced = new Set(garbled);
  const read = ocrRuns({ words, scale, width: raw.width, height: raw.height }).runs;
  return { page: { ...raw, runs: [...raw.runs.filter((r) => !replaced.has(r)), ...read] }, fonts: [...new Set(garbled.map((r) => r.fontFamily))] };
}

/** The runs of the page's fonts whose text is symbol soup, each font judged by all its text on the page. */
export function garbledRuns(runs: Run[]): Run[] {
  const byFont = new Map<string, Run[]>();
  for (const r of runs) {
    // Code set in a typewriter face is rich in signs and short tokens ("$1 g \\bm{g}$"), and read as it is.
    if (r.formField || r.note || MONOSPACE_FONT.test(r.fontFamily)) continue;
    const key = `${r.fontFamily}|${r.bold}|${r.italic}`;
    const font = byFont.get(key);
    if (font) font.push(r);
    else byFont.set(key, [r]);
  }
  return [...byFont.values()].filter((font) => textLayerFault(font, MIN_FONT_CHARS) === "garbled" && inWords(font)).flat();
}

/**
 * Whether the font's text stands in words, as a font's letters do when its map turns them into
 * symbols ("?>9@AJ.D<F@"): most of its characters in tokens of three or more. A math font's
 * signs stand alone between the letters of other fonts ("= + ( ) ∈"), and are not soup.
 */
function inWords(runs: Run[]): boolean {
  const tokens = runs.flatMap((r) => r.text.split(/\s+/)).filter(Boolean);
  const all = tokens.reduce((n, t) => n + [...t].length, 0);
  const inLongTokens = tokens.filter((t) => [...t].length >= MIN_WORD_LENGTH).reduce((n, t) => n + [...t].length, 0);
  return inLongTokens >= IN_WORDS_SHARE * all;
}

const scaled = (b: number[], scale: number): BBox => [b[0] * scale, b[1] * scale, b[2] * scale, b[3] * scale];
