// Recognised words -> the glyph runs the text layer's processors read, so a picture of a
// page goes through the same lines, blocks, reading order, tables and headings as the PDF
// of it. One run per word: the processors find columns and table cells from word gaps
// themselves (Tesseract's own column split is not trusted; it fails on some renders).
import type { Run, PageRuns } from "../backends/pdf/runs";
import type { BBox } from "../model";
import type { OcrWord } from "./tsv";

/** A line's box spans ascenders to descenders: about one font size. */
const LINE_HEIGHT_PER_FONT_SIZE = 1.0;
/** The baseline sits this share of the font size above the bottom of a line with descenders. */
const DESCENT = 0.2;
const FONT_FAMILY = "OCR";

export interface OcrRunsInput {
  words: OcrWord[];
  /** Page units (points) per image pixel. */
  scale: number;
  /** Page size in points. */
  width: number;
  height: number;
}

export function ocrRuns({ words, scale, width, height }: OcrRunsInput): PageRuns {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) {
    const line = lines.get(word.lineKey);
    if (line) line.push(word);
    else lines.set(word.lineKey, [word]);
  }
  const runs: Run[] = [];
  for (const line of lines.values()) {
    const top = Math.min(...line.map((w) => w.bbox[1]));
    const bottom = Math.max(...line.map((w) => w.bbox[3]));
    const fontSize = round(((bottom - top) / LINE_HEIGHT_PER_FONT_SIZE) * scale);
    // One baseline for the whole line, so the processors see its words as one row.
    const baseline = round(bottom * scale - DESCENT * fontSize);
    line.sort((a, b) => a.bbox[0] - b.bbox[0]);
    line.forEach((word, i) => {
      const bbox: BBox = [word.bbox[0] * scale, top * scale, word.bbox[2] * scale, bottom * scale].map(round) as BBox;
      runs.push({ text: word.text, bbox, baseline, fontSize, fontFamily: FONT_FAMILY, bold: false, italic: false, eol: i === line.length - 1 });
    });
  }
  return { width, height, runs };
}

const round = (n: number) => Math.round(n * 100) / 100;
