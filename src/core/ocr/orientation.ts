// Pages scanned or photographed sideways or upside down. Tesseract's own orientation
// detection needs a model of its own (osd), not bundled. Tesseract does read sideways
// lines on its own, with good confidence, but as columns of words set on end; so a page
// whose words stand taller than wide is read again turned a quarter both ways, and a page
// read with little confidence is read again upside down. The most confident reading is
// kept, with how far the page was turned for it.
import { doubled, fitWithin, rotateGray, type GrayImage } from "../images/gray";
import { MAX_OCR_PIXELS } from "../limits";
import type { OcrInput, OcrPageResult } from "./engine";
import type { OcrLanguage } from "./languages";
import type { OcrWord } from "./tsv";
import { recognizePage } from "./recognize";
import { withoutRules } from "./rulings";
import { pointsPerPixel, resolutionOf } from "./resolution";

/** Mean word confidence from which a reading as the page stands is taken without trying it upside down. */
const CONFIDENT = 70;
/** Words of at least this many characters tell a line's direction (a short word's box is squarish either way). */
const TELLING_WORD = 3;
/** A page is sideways when this share of its telling words stand taller than wide. */
const SIDEWAYS_SHARE = 0.5;

export interface UprightReading {
  result: OcrPageResult;
  /** Degrees the image was turned clockwise to read it (0 when it stood upright). */
  turn: number;
  /** The image as read: turned, and scaled down to the OCR pixel budget. */
  image: GrayImage;
}

/** The picture read by Tesseract turned clockwise by `turn` degrees, in `languages` (English, then Chinese when English is doubtful, by default). */
export async function readTurned(gray: GrayImage, dpi: number | undefined, turn: number, languages?: readonly OcrLanguage[], layout?: OcrInput["layout"]): Promise<UprightReading> {
  const image = fitWithin(rotateGray(sharpEnough(gray, dpi), turn), MAX_OCR_PIXELS);
  const scaledDpi = dpi ? (dpi * image.width) / (turn % 180 ? gray.height : gray.width) : undefined;
  const scale = pointsPerPixel(turn % 180 ? image.height : image.width, scaledDpi);
  return { result: await recognizePage({ bytes: withoutRules(image, scale).pgm, dpi: scaledDpi, layout }, languages), turn, image };
}

/**
 * `languages`: those Tesseract may read the page in (English, then Chinese when English is
 * doubtful, by default); `upsideDown`: whether a doubtful reading is tried upside down too
 * (not when PP-OCR, which finds a page's direction itself, reads what Tesseract doubts).
 */
export async function recognizeUpright(gray: GrayImage, dpi?: number, { languages, upsideDown = true, layout }: { languages?: readonly OcrLanguage[]; upsideDown?: boolean; layout?: OcrInput["layout"] } = {}): Promise<UprightReading> {
  const read = (turn: number) => readTurned(gray, dpi, turn, languages, layout);
  const asItStands = await read(0);
  const retries = standsOnEnd(asItStands.result.words) ? [90, 270] : upsideDown && asItStands.result.meanConfidence < CONFIDENT ? [180] : [];
  // Lines read along the page beat columns of words set on end; then confidence decides.
  const rank = (r: UprightReading) => (standsOnEnd(r.result.words) ? 0 : 1000) + r.result.meanConfidence;
  let best = asItStands;
  for (const turn of retries) {
    const reading = await read(turn);
    if (rank(reading) > rank(best)) best = reading;
  }
  return best;
}

/**
 * Below this resolution (a page drawn or scanned at 150 dpi, a screenshot) body type is
 * too few pixels high for Tesseract's LSTM, which reads best at 300 dpi: the picture is
 * read at twice its size (a two-column page drawn at 150 dpi read 59.6% CER as it was).
 */
const MIN_OCR_DPI = 200;

function sharpEnough(gray: GrayImage, dpi: number | undefined): GrayImage {
  const resolution = resolutionOf(gray.width, dpi);
  return resolution < MIN_OCR_DPI && gray.width * gray.height * 4 <= MAX_OCR_PIXELS ? doubled(gray) : gray;
}

/** Most of the reading's longer words stand taller than wide: lines set on end, read as columns. */
export function standsOnEnd(words: OcrWord[]): boolean {
  const telling = words.filter((w) => w.text.length >= TELLING_WORD);
  const tall = telling.filter((w) => w.bbox[3] - w.bbox[1] > w.bbox[2] - w.bbox[0]);
  return telling.length > 0 && tall.length > SIDEWAYS_SHARE * telling.length;
}
