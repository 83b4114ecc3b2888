// A sample of a page's lines for trying models on: the lines a first reading doubted most
// (on a page mixing English with another script, those are the other script's), cut out
// and stacked into one small picture, so each model tried reads a few lines, not the page.
import { newGrayImage, type GrayImage } from "../images/gray";
import type { BBox } from "../model";
import type { OcrWord } from "./tsv";

/** Lines enough to judge a script by: a hundred letters or more. */
const SAMPLE_LINES = 4;
/** A line is cut at this many times its height (some 40 letters of most scripts): enough of it to judge, a small picture to read in each script's models. */
const MAX_LINE_LENGTH = 25;
/** Lines of prose, not specks or a page number: at least this many words... */
const MIN_WORDS = 3;
/** ...spanning at least this share of the widest line. */
const MIN_WIDTH_SHARE = 1 / 3;

interface SampledLine {
  bbox: BBox;
  confidence: number;
  words: OcrWord[];
}

/** The sample picture, or undefined when the reading found no line to cut out. */
export function sampleOfDoubtedLines(image: GrayImage, words: readonly OcrWord[]): GrayImage | undefined {
  const lines = new Map<string, OcrWord[]>();
  for (const w of words) lines.set(w.lineKey, [...(lines.get(w.lineKey) ?? []), w]);
  const all = [...lines.values()]
    .map((ws) => ({
      bbox: [Math.min(...ws.map((w) => w.bbox[0])), Math.min(...ws.map((w) => w.bbox[1])), Math.max(...ws.map((w) => w.bbox[2])), Math.max(...ws.map((w) => w.bbox[3]))] as BBox,
      confidence: ws.reduce((n, w) => n + w.confidence, 0) / ws.length,
      words: ws,
    }))
    .filter((l) => l.bbox[2] > l.bbox[0] && l.bbox[3] > l.bbox[1]);
  const widest = Math.max(0, ...all.map((l) => l.bbox[2] - l.bbox[0]));
  const prose = all.filter((l) => l.words.length >= MIN_WORDS && l.bbox[2] - l.bbox[0] >= MIN_WIDTH_SHARE * widest);
  const sampled: SampledLine[] = (prose.length ? prose : all)
    .sort((a, b) => a.confidence - b.confidence)
    .slice(0, SAMPLE_LINES)
    // Stacked in the page's order, as they were printed.
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  if (!sampled.length) return undefined;
  // Each line is copied word box by word box, so what lies around the words (the next line's
  // accents and descenders, a scan's speckle) stays out; cut at a length enough to judge by.
  const cuts = sampled.map((l) => ({ ...l, bbox: [l.bbox[0], l.bbox[1], Math.min(l.bbox[2], l.bbox[0] + MAX_LINE_LENGTH * (l.bbox[3] - l.bbox[1])), l.bbox[3]] as BBox }));
  const gap = Math.max(...cuts.map((c) => c.bbox[3] - c.bbox[1]));
  const width = Math.max(...cuts.map((c) => c.bbox[2] - c.bbox[0])) + 2 * gap;
  const height = cuts.reduce((h, c) => h + c.bbox[3] - c.bbox[1] + gap, gap);
  const sample = newGrayImage(width, height, image.dpi);
  sample.pixels.fill(255);
  let top = gap;
  for (const { bbox, words: lineWords } of cuts) {
    for (const w of lineWords) {
      const x0 = w.bbox[0];
      const x1 = Math.min(w.bbox[2], bbox[2]);
      for (let row = w.bbox[1]; row < w.bbox[3] && x1 > x0; row++) {
        sample.pixels.set(image.pixels.subarray(row * image.width + x0, row * image.width + x1), (top + row - bbox[1]) * width + gap + x0 - bbox[0]);
      }
    }
    top += bbox[3] - bbox[1] + gap;
  }
  return sample;
}
