// Recognised words -> the glyph runs the text layer's processors read, so a picture of a
// page goes through the same lines, blocks, reading order, tables and headings as the PDF
// of it. A run is a phrase: the words of a Tesseract line up to a gap far wider than a word
// space, so the processors find columns and table cells from those gaps themselves
// (Tesseract's own column split is not trusted; it fails on some renders), while ordinary
// word gaps, which line up by chance from line to line, are not mistaken for gutters.
import type { PageRuns, Run } from "../runs";
import type { BBox } from "../model";
import type { OcrWord } from "./tsv";
import { inReadingOrder, UNSPACED_SCRIPT } from "../scripts";
import type { GrayImage } from "../images/gray";
import { BOLD_STROKE, boxShareOfSize, strokeThickness } from "./line-type";

/** A line's box spans ascenders to descenders: about one font size. */
const LINE_HEIGHT_PER_FONT_SIZE = 1.0;
/** The baseline sits this share of the font size above the bottom of a line with descenders. */
const DESCENT = 0.2;
/** The font our OCR's runs name (processors/ocr-layer.ts evens out their sizes). */
export const OCR_FONT_FAMILY = "OCR";
/** A gap wider than this many font sizes ends a phrase: justified word spaces stay below it, column gutters and table gaps above. */
const PHRASE_GAP = 1.0;

export interface OcrRunsInput {
  words: OcrWord[];
  /** The picture the words were read in (their boxes are its pixels): their strokes tell bold lines. */
  image?: GrayImage;
  /** Page units (points) per image pixel. */
  scale: number;
  /** Page size in points. */
  width: number;
  height: number;
  /** Where the picture's top-left corner lies on the page (points), when the picture is a part of it. */
  origin?: [number, number];
}

export function ocrRuns({ words, image, scale, width, height, origin: [ox, oy] = [0, 0] }: OcrRunsInput): PageRuns {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) {
    const line = lines.get(word.lineKey);
    if (line) line.push(word);
    else lines.set(word.lineKey, [word]);
  }
  const runs: Run[] = [];
  const bold = boldLines([...lines.values()], image);
  for (const line of lines.values()) {
    const top = Math.min(...line.map((w) => w.bbox[1]));
    const bottom = Math.max(...line.map((w) => w.bbox[3]));
    const fontSize = round(((bottom - top) / (LINE_HEIGHT_PER_FONT_SIZE * boxShareOfSize(line.map((w) => w.text).join(" ")))) * scale);
    // One baseline for the whole line, so the processors see its words as one row.
    const baseline = round(bottom * scale - DESCENT * fontSize) + oy;
    line.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const phrases: OcrWord[][] = [];
    for (const word of line) {
      const phrase = phrases[phrases.length - 1];
      const prev = phrase?.[phrase.length - 1];
      if (prev && word.bbox[0] - prev.bbox[2] <= PHRASE_GAP * (bottom - top)) phrase.push(word);
      else phrases.push([word]);
    }
    phrases.forEach((phrase, i) => {
      const [x0, y0, x1, y1] = [phrase[0].bbox[0] * scale, top * scale, phrase[phrase.length - 1].bbox[2] * scale, bottom * scale].map(round);
      const bbox: BBox = [x0 + ox, y0 + oy, x1 + ox, y1 + oy];
      // Words come left to right as printed: a phrase of Arabic or Hebrew is read from its right end.
      runs.push({ text: joinWords(inReadingOrder(phrase).runs, bottom - top), bbox, baseline, fontSize, fontFamily: OCR_FONT_FAMILY, bold: bold.has(line), italic: false, eol: i === phrases.length - 1 });
    });
  }
  return { width, height, runs };
}

/** Lines of this many letters or more are weighed; shorter ones say too little. */
const MIN_WEIGHED_LETTERS = 4;

/** The lines whose strokes are bold beside the page's usual line (the weight most of its letters are set in). */
function boldLines(lines: OcrWord[][], image: GrayImage | undefined): Set<OcrWord[]> {
  const bold = new Set<OcrWord[]>();
  if (!image) return bold;
  const weighed = lines.flatMap((line) => {
    const letters = line.reduce((n, w) => n + (w.text.match(/\p{L}/gu)?.length ?? 0), 0);
    const thickness = letters >= MIN_WEIGHED_LETTERS ? strokeThickness(image, line.map((w) => w.bbox)) : undefined;
    return thickness === undefined ? [] : [{ line, thickness, letters }];
  });
  // The usual thickness: the weighted median over the page's letters.
  const sorted = [...weighed].sort((a, b) => a.thickness - b.thickness);
  const half = sorted.reduce((n, l) => n + l.letters, 0) / 2;
  let seen = 0;
  const usual = sorted.find((l) => (seen += l.letters) >= half)?.thickness;
  if (!usual) return bold;
  for (const l of weighed) if (l.thickness >= BOLD_STROKE * usual) bold.add(l.line);
  return bold;
}

/**
 * Words joined by spaces, except between two characters of a script written without them,
 * and between pieces of a Korean or Thai word: Tesseract's Korean and Thai models split
 * words into syllables and letters (a Thai mark over its letter a "word" of its own).
 * Syllables of a Korean word lie -1.7 to 0.3 of their height apart, its word spaces 0.4 to
 * 0.65; Thai letters lie up to 0.22 of the line's height apart, the spaces that end its
 * phrases 0.3.
 */
function joinWords(words: OcrWord[], lineHeight: number): string {
  let text = "";
  words.forEach((word, i) => {
    const prev = words[i - 1];
    const last = text[text.length - 1];
    const gap = prev ? word.bbox[0] - prev.bbox[2] : 0;
    const pieces =
      (HANGUL.test(last) && HANGUL.test(word.text[0]) && gap < HANGUL_SYLLABLE_GAP * Math.min(word.bbox[3] - word.bbox[1], prev.bbox[3] - prev.bbox[1])) ||
      (THAI.test(last) && THAI.test(word.text[0]) && gap < THAI_LETTER_GAP * lineHeight);
    text += text && !(UNSPACED_SCRIPT.test(last) && UNSPACED_SCRIPT.test(word.text[0])) && !pieces ? ` ${word.text}` : word.text;
  });
  return text;
}

const HANGUL = /[\uAC00-\uD7AF\u1100-\u11FF\u3130-\u318F]/;
const THAI = /[\u0E00-\u0E7F]/;
/** Hangul pieces closer than this share of the smaller one's height are syllables of one word. */
const HANGUL_SYLLABLE_GAP = 1 / 3;
/** Thai pieces closer than this share of the line's height are letters of one phrase. */
const THAI_LETTER_GAP = 0.25;

const round = (n: number) => Math.round(n * 100) / 100;
