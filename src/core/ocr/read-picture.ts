// A page picture read by the engine that reads it best. Tesseract's English model reads it
// first: on Latin print it is both the more exact (visible scans: 2.95 % CER against
// PP-OCR's 29 %: lines around pictures cut short, and ordered worse) and four times the
// faster (a page set on end is read turned a quarter both ways). A reading it doubts
// (Chinese, a poor scan) goes to PP-OCR, which reads Chinese and English and finds the page's direction and skew from its
// lines; its reading is kept when it is confident, or more confident than Tesseract's.
// Where PP-OCR is not there, Tesseract reads on alone: turned, and in Chinese.
import { fitWithin, rotateGray, type GrayImage } from "../images/gray";
import { MAX_OCR_PIXELS } from "../limits";
import { recognizeUpright, standsOnEnd, type UprightReading } from "./orientation";
import { paddleReader, type PaddlePageReading } from "./paddle/reader";
import { DOUBTFUL_CONFIDENCE } from "./recognize";
import { withoutRules } from "./rulings";
import { pointsPerPixel } from "./resolution";

export async function readPicture(gray: GrayImage, dpi: number | undefined): Promise<UprightReading> {
  const paddle = paddleReader();
  if (!paddle) return recognizeUpright(gray, dpi);
  // A page Tesseract finds set on end is read turned a quarter both ways first: on Latin print its reading stays the better.
  const english = await recognizeUpright(gray, dpi, { languages: ["eng"], upsideDown: false });
  if (english.result.meanConfidence >= DOUBTFUL_CONFIDENCE && !standsOnEnd(english.result.words)) return english;
  const image = fitWithin(gray, MAX_OCR_PIXELS);
  let reading: PaddlePageReading;
  try {
    reading = await paddle.read(withoutRules(image, pointsPerPixel(image.width, dpi ? (dpi * image.width) / gray.width : undefined)));
  } catch (e) {
    // PP-OCR out of reach (its Worker or networks missing, a failed call) costs the page nothing: Tesseract reads it.
    console.warn(`PP-OCR failed, Tesseract reads the page: ${e instanceof Error ? e.message : String(e)}`);
    return recognizeUpright(gray, dpi);
  }
  const paddled = { result: reading.result, turn: reading.turn, image: rotateGray(image, reading.turn) };
  const doubted = english.result.meanConfidence;
  if (paddled.result.meanConfidence >= DOUBTFUL_CONFIDENCE) return paddled;
  // Neither engine reads the page with confidence (handwriting, blackletter, signs): the more
  // confident reading is kept, with the lower of the two confidences, two recognisers'
  // doubts being surer than either's hope; the page is then flagged (low_confidence).
  const best = paddled.result.meanConfidence > doubted ? paddled : english;
  return { ...best, result: { ...best.result, meanConfidence: Math.min(doubted, paddled.result.meanConfidence) } };
}
