// A page picture read by PP-OCR: lines found by the detector, the page's reading direction
// taken from the lines themselves (their common axis, and the direction classifier's vote
// on which end of it comes first), each line read along that direction, and its characters
// cut into words. Words come out in the page's upright, deskewed frame, as if the picture
// had been turned and straightened first (it never is: each line is sampled where it lies).
import { rotateGray, type GrayImage } from "../../images/gray";
import type { BBox } from "../../model";
import type { OcrWord } from "../tsv";
import { detectText, type TextBox } from "./detect";
import { inkExtent, pointOf, splitAtGaps, type LineFrame } from "./line-image";
import type { PaddlePageReading } from "./reader";
import { recognizeLine, upsideDown, type ReadChar } from "./recognize-line";
import { paddleRuntime, queued, type PaddleRuntime } from "./runtime";
import { UNSPACED_SCRIPT } from "../../scripts";

/** A box this many times longer than thick shows the direction its line runs. */
const ELONGATED = 2;
/** Lines the direction classifier is asked about (the longest: they tell best). */
const VOTERS = 15;
/** A mean upside-down probability between these is no verdict... */
const UNSURE_VOTE = [0.2, 0.8];
/** ...and this many of the longest lines are read both ways instead. */
const TIE_BREAKERS = 3;
/** PaddleOCR's drop score: lines read with less mean confidence are noise (specks, pictures). */
const DROP_SCORE = 0.5;
/** Inside a line, characters further apart than this many times the line's median spacing are separate words. */
const WORD_GAP = 2.5;

export function readPage(image: GrayImage): Promise<PaddlePageReading> {
  return queued(async () => {
    const runtime = await paddleRuntime();
    // The detector looks at the page in strips across it: a page set sideways is turned a
    // quarter first, so that its lines run along the strips and are not cut at every edge.
    let source = image;
    let boxes = await detectText(runtime, image);
    let quarter = 0;
    if (Math.abs(pageAxis(boxes)) > Math.PI / 4) {
      quarter = 90;
      source = rotateGray(image, quarter);
      boxes = await detectText(runtime, source);
    }
    const axis = pageAxis(boxes);
    const lines = boxes.map((box) => frameOf(box, axis));
    const flip = await readsUpsideDown(runtime, source, lines);
    const direction = flip ? axis + Math.PI : axis;
    if (flip) for (const line of lines) Object.assign(line, { ux: -line.ux, uy: -line.uy });
    const turned = (((Math.round((-direction * 180) / Math.PI / 90) * 90) % 360) + 360) % 360;
    const frame = uprightFrame(source, direction, turned);
    const parts = lines.flatMap((line) => splitAtGaps(source, line));
    const turn = (quarter + turned) % 360;
    const words: OcrWord[] = [];
    let confidenceSum = 0;
    let charCount = 0;
    for (const [i, line] of parts.entries()) {
      const chars = await recognizeLine(runtime, source, line);
      if (!chars.some((c) => c.text.trim()) || meanConfidence(chars) < DROP_SCORE) continue;
      const ink = inkExtent(source, line);
      for (const word of wordsOf(chars.map(asciiForm))) {
        words.push({ text: word.text, bbox: frame(line, ink, word.from, word.to), confidence: Math.round(word.confidence * 100), lineKey: String(i) });
        confidenceSum += word.confidence * word.text.length;
        charCount += word.text.length;
      }
    }
    const cjk = words.filter((w) => UNSPACED_SCRIPT.test(w.text)).length;
    return {
      // Word confidences, as Tesseract's are: comparable with its readings, and what the page's confidence is capped by.
      result: { words, meanConfidence: charCount ? (100 * confidenceSum) / charCount : 0, language: cjk > words.length / 4 ? "chi_sim" : "eng" },
      turn,
    };
  });
}

/** The page's line axis (radians, (-π/2, π/2]): the length-weighted mean of its long boxes' axes, 0 without any. */
function pageAxis(boxes: TextBox[]): number {
  let c = 0;
  let s = 0;
  for (const b of boxes) {
    if (b.length < ELONGATED * b.thickness) continue;
    // Axes are directions without a sense: average their doubled angles.
    c += b.length * Math.cos(2 * b.angle);
    s += b.length * Math.sin(2 * b.angle);
  }
  return c === 0 && s === 0 ? 0 : Math.atan2(s, c) / 2;
}

/** A box as a line to read: squarish boxes (a word or a character) take the page's axis, their own being no more than noise. */
function frameOf(box: TextBox, axis: number): LineFrame {
  let { angle, length, thickness } = box;
  if (length < ELONGATED * thickness) {
    const d = angle - axis;
    length = Math.abs(box.length * Math.cos(d)) + Math.abs(box.thickness * Math.sin(d));
    thickness = Math.abs(box.length * Math.sin(d)) + Math.abs(box.thickness * Math.cos(d));
    angle = axis;
  }
  // The sense that agrees with the page's axis read forwards.
  let ux = Math.cos(angle);
  let uy = Math.sin(angle);
  if (ux * Math.cos(axis) + uy * Math.sin(axis) < 0) [ux, uy] = [-ux, -uy];
  return { cx: box.cx, cy: box.cy, ux, uy, length, thickness };
}

/**
 * Whether the lines, as framed, stand upside down: the direction classifier's vote over the
 * page's longest lines, and when the vote is unsure (a script or typeface it does not know)
 * the recogniser's own confidence reading the longest lines both ways.
 */
async function readsUpsideDown(runtime: PaddleRuntime, image: GrayImage, lines: LineFrame[]): Promise<boolean> {
  const voters = [...lines].sort((a, b) => b.length - a.length).slice(0, VOTERS);
  if (!voters.length) return false;
  let sum = 0;
  for (const line of voters) sum += await upsideDown(runtime, image, line);
  const share = sum / voters.length;
  if (share <= UNSURE_VOTE[0] || share >= UNSURE_VOTE[1]) return share > 0.5;
  let asFramed = 0;
  let turned = 0;
  for (const line of voters.slice(0, TIE_BREAKERS)) {
    asFramed += meanConfidence(await recognizeLine(runtime, image, line));
    turned += meanConfidence(await recognizeLine(runtime, image, { ...line, ux: -line.ux, uy: -line.uy }));
  }
  return turned > asFramed;
}

const meanConfidence = (chars: ReadChar[]) => chars.reduce((s, c) => s + c.confidence, 0) / Math.max(1, chars.length);

/**
 * Maps a stretch of a line ([from, to] along it, 0..1; [top, bottom] across it, pixels from
 * its centre line) to its box in the upright frame: the
 * picture turned by `turn` and the rest of the reading direction (the skew) taken out.
 */
function uprightFrame(image: GrayImage, direction: number, turn: number) {
  const [width, height] = turn % 180 ? [image.height, image.width] : [image.width, image.height];
  const cos = Math.cos(-direction);
  const sin = Math.sin(-direction);
  const toFrame = (x: number, y: number): [number, number] => {
    const dx = x - image.width / 2;
    const dy = y - image.height / 2;
    return [dx * cos - dy * sin + width / 2, dx * sin + dy * cos + height / 2];
  };
  return (line: LineFrame, [top, bottom]: [number, number], from: number, to: number): BBox => {
    const corners: [number, number][] = [];
    for (const along of [from, to]) {
      for (const v of [top, bottom]) {
        const u = (along - 0.5) * line.length;
        corners.push(toFrame(...pointOf(line, u, v)));
      }
    }
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const clamp = (n: number, max: number) => Math.round(Math.min(max, Math.max(0, n)));
    return [clamp(Math.min(...xs), width), clamp(Math.min(...ys), height), clamp(Math.max(...xs), width), clamp(Math.max(...ys), height)];
  };
}

/**
 * The chance that a word is read right: the product of its characters' probabilities (a
 * word of five characters each read at 0.85 is right less than half the time). In scripts
 * set without spaces a "word" is a whole run of characters, each its own word: their mean.
 */
function wordConfidence(chars: ReadChar[]): number {
  if (chars.some((c) => UNSPACED_SCRIPT.test(c.text))) return meanConfidence(chars);
  return chars.reduce((p, c) => p * c.confidence, 1);
}

interface ReadWord {
  text: string;
  from: number;
  to: number;
  confidence: number;
}

/**
 * Full-width Latin letters and digits as ASCII: the recogniser's alphabet has both forms and
 * picks the full-width ones by whim (a caps headline read "ＤＡＴＥ"); Chinese text keeps its
 * full-width punctuation. Likewise the enumeration comma, for which it may pick a radical.
 */
function asciiForm(c: ReadChar): ReadChar {
  if (c.text === KANGXI_DOT) return { ...c, text: "、" };
  return /^[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]$/.test(c.text) ? { ...c, text: String.fromCharCode(c.text.charCodeAt(0) - 0xfee0) } : c;
}

/** The radical 丶, which running text never uses: the recogniser's alphabet has it beside the enumeration comma 、 it is read for. */
const KANGXI_DOT = "\u4e36";

/** Characters cut into words at spaces and at gaps far wider than the line's character spacing; each word reaches halfway to its neighbours. */
function wordsOf(chars: ReadChar[]): ReadWord[] {
  const spacings = chars.slice(1).map((c, i) => c.at - chars[i].at).sort((a, b) => a - b);
  const spacing = spacings.length ? spacings[spacings.length >> 1] : 0.5;
  const groups: ReadChar[][] = [];
  let current: ReadChar[] = [];
  for (const c of chars) {
    const last = current[current.length - 1];
    if (c.text === " " || (last && c.at - last.at > WORD_GAP * spacing)) {
      if (current.length) groups.push(current);
      current = c.text === " " ? [] : [c];
    } else current.push(c);
  }
  if (current.length) groups.push(current);
  return groups.map((g) => ({
    text: g.map((c) => c.text).join(""),
    from: Math.max(0, g[0].at - spacing / 2),
    to: Math.min(1, g[g.length - 1].at + spacing / 2),
    confidence: wordConfidence(g),
  }));
}
