// Line recognition (PP-OCR's SVTR-LCNet, CTC head): the characters of one line, each with
// where along the line it was read and how sure the network was, so the line can be cut
// into words with boxes of their own.
import type { GrayImage } from "../../images/gray";
import { LINE_HEIGHT, lineInput, type LineFrame } from "./line-image";
import type { PaddleRuntime } from "./runtime";

/**
 * Lines are read this much narrower than they stand: the recogniser learnt from crops of
 * the detector's boxes, grown round the type, scaled to height 48, where a character is
 * about 0.7 of the height wide; our lines are framed close round their type, so at their
 * own proportions each character came 1.4 times as wide as the network knows it. Measured
 * (own pictures, 14 Chinese pages, and 11 English ones read by PP-OCR alone): CER 1.21 ->
 * 0.92 % and 22.8 -> 5.9 %; and the recogniser, whose cost goes with the width, is as much faster.
 */
const TRAINED_ASPECT = 0.7;
/** Widest line input: longer lines are read squeezed (a page-wide line of small type is about 1,500 px at height 48). */
const MAX_WIDTH = 2400;
const MIN_WIDTH = 16;

export interface ReadChar {
  text: string;
  /** Position of the character's centre along the line, 0 (start) .. 1 (end). */
  at: number;
  /** 0..1 */
  confidence: number;
}

export async function recognizeLine(runtime: PaddleRuntime, image: GrayImage, line: LineFrame): Promise<ReadChar[]> {
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, (TRAINED_ASPECT * LINE_HEIGHT * line.length) / line.thickness)));
  const { data, dims } = await runtime.run("rec", lineInput(image, line, width), [1, 3, LINE_HEIGHT, width]);
  const [, steps, classes] = dims;
  const chars: ReadChar[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestValue = -Infinity;
    for (let c = 0; c < classes; c++) {
      const value = data[t * classes + c];
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    // CTC: a class repeated on neighbouring steps is one character, the blank (0) none.
    if (best !== 0 && best !== previous) chars.push({ text: runtime.alphabet[best] ?? "", at: (t + 0.5) / steps, confidence: bestValue });
    previous = best;
  }
  return chars;
}

/** Input size of the direction classifier. */
const CLS_WIDTH = 192;

/** The probability, 0..1, that the line as framed stands upside down. */
export async function upsideDown(runtime: PaddleRuntime, image: GrayImage, line: LineFrame): Promise<number> {
  const width = Math.round(Math.min(CLS_WIDTH, Math.max(MIN_WIDTH, (LINE_HEIGHT * line.length) / line.thickness)));
  const { data } = await runtime.run("cls", lineInput(image, line, width, CLS_WIDTH), [1, 3, LINE_HEIGHT, CLS_WIDTH]);
  return data[1];
}
