// Text in one font that cannot be trusted on a page whose other fonts read: a heading face or
// a second body face subset with a private encoding and no usable Unicode map gives symbol
// soup ("&!+% $#@") where the page shows words. A whole page of it goes to OCR (scan.ts);
// this is the same judgement font by font. Where a renderer can draw the page, the regions
// of that font's lines of text are read by OCR and the words that fall on its runs take
// their place, so they go through lines, blocks and reading order with the rest of the
// text; the lines' runs OCR reads nothing on are noise and go with the others, and the rest
// of the layer stays exact. A chart's lettering, without a renderer, or when OCR reads no
// words on any of them, the runs stay as read.
import { bodySizeOf, type PageRuns, type Run } from "../../runs";
import type { BBox } from "../../model";
import type { GrayImage } from "../../images/gray";
import { recognizeUpright } from "../../ocr/orientation";
import { ocrRuns } from "../../ocr/runs";
import { boxesMeet, centreIn, union } from "../../geometry";
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
/** Garbled type smaller than this share of the body's is a figure's lettering, not read by OCR... */
const TEXT_SIZE_SHARE = 0.75;
/** ...and so are stretches of fewer words than this (a lone label). */
const MIN_LINE_WORDS = 3;
/** Resolution the regions are drawn at: small print (a chart's 6 pt labels) wants more than a page's 200 dpi. */
const REGION_OCR_DPI = 300;
const LETTERS = /\p{L}{2}/u;

/** A region of the page (a box in its frame as read) drawn in gray at `dpi`, for OCR. */
export type RegionPicture = (bbox: BBox, dpi: number) => Promise<GrayImage | undefined>;

/** What reading a page's untrusted fonts by OCR did: the page's runs, and the fonts whose lines OCR replaced. */
export interface GarbledRead {
  page: PageRuns;
  fonts: string[];
}

/**
 * The page with its garbled fonts' lines of text read by OCR; the page as it was when it has
 * none, or OCR reads no words on them. Only the regions those lines stand in are drawn and
 * read, each once, upright: a whole page read twice cost seconds.
 */
export async function withGarbledTextRead(raw: PageRuns, draw: RegionPicture): Promise<GarbledRead> {
  const garbled = linesOfText(garbledRuns(raw.runs), raw.runs);
  if (!garbled.length) return { page: raw, fonts: [] };
  const within = (box: BBox, run: Run) => centreIn(box, [run.bbox[0] - SLACK, run.bbox[1] - SLACK, run.bbox[2] + SLACK, run.bbox[3] + SLACK]);
  const read: Run[] = [];
  for (const region of regionsOf(garbled, raw.width, raw.height)) {
    const picture = await draw(region, REGION_OCR_DPI);
    if (!picture) continue;
    const { result, turn } = await recognizeUpright(picture, REGION_OCR_DPI, { upsideDown: false });
    // Text standing sideways is read in its own frame; it is not guessed at here.
    if (turn) continue;
    const scale = (region[2] - region[0]) / picture.width;
    const words = result.words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && garbled.some((r) => within(placed(w.bbox, scale, region), r)));
    read.push(...ocrRuns({ words, scale, width: raw.width, height: raw.height, origin: [region[0], region[1]] }).runs);
  }
  if (!read.some((r) => LETTERS.test(r.text))) return { page: raw, fonts: [] };
  // The lines' runs give way to what OCR read on them; those it read nothing on are noise, not text, and go too.
  const replaced = new Set(garbled);
  return { page: { ...raw, runs: [...raw.runs.filter((r) => !replaced.has(r)), ...read] }, fonts: [...new Set(garbled.map((r) => r.fontFamily))] };
}

/**
 * The garbled runs that stand in lines of text: type at least near the page's body size, in
 * stretches of three words or more. A chart's lettering (small type, labels and ticks standing
 * apart) is left as read: drawing and reading its region costs about a second a page, for
 * labels the picture itself carries.
 */
function linesOfText(garbled: Run[], all: Run[]): Run[] {
  if (!garbled.length) return [];
  const body = bodySizeOf(all);
  const rows = new Map<number, Run[]>();
  for (const r of garbled) {
    if (r.fontSize < TEXT_SIZE_SHARE * body) continue;
    const key = Math.round(r.baseline);
    const row = rows.get(key);
    if (row) row.push(r);
    else rows.set(key, [r]);
  }
  const out: Run[] = [];
  for (const row of rows.values()) {
    row.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let stretch: Run[] = [];
    const flush = () => {
      if (stretch.map((r) => r.text).join(" ").trim().split(/\s+/).length >= MIN_LINE_WORDS) out.push(...stretch);
      stretch = [];
    };
    for (const r of row) {
      const last = stretch[stretch.length - 1];
      if (last && r.bbox[0] - last.bbox[2] > r.fontSize) flush();
      stretch.push(r);
    }
    flush();
  }
  return out;
}

/** The boxes the runs stand in, runs within a line's height of each other together, each with a margin, inside the page. */
function regionsOf(runs: Run[], width: number, height: number): BBox[] {
  const grown = (r: Run): BBox => [r.bbox[0] - r.fontSize, r.bbox[1] - r.fontSize, r.bbox[2] + r.fontSize, r.bbox[3] + r.fontSize];
  const regions: BBox[] = [];
  for (const run of [...runs].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    let box = grown(run);
    // A run may join several regions at once: they become one.
    for (let i = regions.length - 1; i >= 0; i--) {
      if (!boxesMeet(regions[i], box)) continue;
      box = union(box, regions[i]);
      regions.splice(i, 1);
    }
    regions.push(box);
  }
  return regions.map(([x0, y0, x1, y1]) => [Math.max(0, x0), Math.max(0, y0), Math.min(width, x1), Math.min(height, y1)]);
}

/** A word's box in the picture of `region`, in the page's frame. */
const placed = (b: number[], scale: number, region: BBox): BBox => [region[0] + b[0] * scale, region[1] + b[1] * scale, region[0] + b[2] * scale, region[1] + b[3] * scale];

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

