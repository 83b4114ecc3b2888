// A text line cut out of the page along its own direction, scaled to the height the
// networks read (48 px), as their normalised NCHW input: the page is never turned or
// deskewed as a whole, each line is sampled straight from where it lies.
import type { GrayImage } from "../../images/gray";

export const LINE_HEIGHT = 48;

/** A line to sample: its centre, the unit vector along it in reading direction, and its size (image pixels). */
export interface LineFrame {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  length: number;
  thickness: number;
}

/**
 * The line at height 48 and `width` pixels, values scaled to [-1, 1] as PP-OCR's recogniser
 * and direction classifier expect; columns past the line's own width (padding) are page white.
 */
export function lineInput(image: GrayImage, line: LineFrame, width: number, padTo = width): Float32Array {
  const plane = padTo * LINE_HEIGHT;
  const input = new Float32Array(3 * plane).fill(1);
  const stepU = line.length / width;
  const stepV = line.thickness / LINE_HEIGHT;
  // Shrinking by more than 2: average sub-samples, so thin strokes are not skipped over.
  const k = Math.min(4, Math.max(1, Math.ceil(Math.max(stepU, stepV) / 2)));
  for (let j = 0; j < LINE_HEIGHT; j++) {
    for (let i = 0; i < width; i++) {
      let sum = 0;
      for (let a = 0; a < k; a++) {
        for (let b = 0; b < k; b++) {
          const u = -line.length / 2 + (i + (a + 0.5) / k) * stepU;
          const v = -line.thickness / 2 + (j + (b + 0.5) / k) * stepV;
          sum += bilinear(image, ...pointOf(line, u, v));
        }
      }
      const value = sum / (k * k) / 127.5 - 1;
      const at = j * padTo + i;
      input[at] = value;
      input[plane + at] = value;
      input[2 * plane + at] = value;
    }
  }
  return input;
}

/**
 * The page point `u` pixels along the line from its centre and `v` across it (v runs
 * "down" from the text's point of view: the reading direction turned a quarter clockwise).
 */
export function pointOf(line: LineFrame, u: number, v: number): [number, number] {
  return [line.cx + u * line.ux - v * line.uy, line.cy + u * line.uy + v * line.ux];
}

function bilinear(image: GrayImage, x: number, y: number): number {
  const { width, height, pixels } = image;
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (px: number, py: number) => (px < 0 || py < 0 || px >= width || py >= height ? 255 : pixels[py * width + px]);
  const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
  const bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
  return top * (1 - ty) + bottom * ty;
}

/** Samples along the line for its ink profile. */
const PROFILE_SAMPLES = 96;
/** A row across the line holds ink when its darkness passes this share of the way from the lightest row to the darkest. */
const INK_SHARE = 0.15;

/**
 * Where the line's ink lies across it ([top, bottom], pixels from its centre line, top
 * negative): the detector's box is its text region grown by a margin that varies with the
 * glyphs, the ink is what the type's size shows (as Tesseract's word boxes do).
 */
export function inkExtent(image: GrayImage, line: LineFrame): [number, number] {
  const rows = Math.max(4, Math.ceil(line.thickness));
  const darkness = new Float64Array(rows);
  for (let j = 0; j < rows; j++) {
    const v = -line.thickness / 2 + ((j + 0.5) * line.thickness) / rows;
    let sum = 0;
    for (let i = 0; i < PROFILE_SAMPLES; i++) {
      const u = -line.length / 2 + ((i + 0.5) * line.length) / PROFILE_SAMPLES;
      sum += 255 - bilinear(image, ...pointOf(line, u, v));
    }
    darkness[j] = sum / PROFILE_SAMPLES;
  }
  const lightest = Math.min(...darkness);
  const threshold = lightest + INK_SHARE * (Math.max(...darkness) - lightest);
  let first = 0;
  while (first < rows - 1 && darkness[first] < threshold) first++;
  let last = rows - 1;
  while (last > first && darkness[last] < threshold) last--;
  const at = (j: number) => -line.thickness / 2 + (j * line.thickness) / rows;
  return [at(first), at(last + 1)];
}

/** A blank stretch inside a detected line this many times its thickness wide parts two lines (a gutter or a table's gap the detector bridged)... */
const PARTING_GAP = 1.5;
/** ...darker than this (0 black .. 255 white) is ink. */
const INK = 128;
/** Columns sampled across the line's thickness, and along it per thickness. */
const ACROSS_SAMPLES = 16;
const ALONG_PER_THICKNESS = 8;
/** A part keeps this share of its thickness of the blank beside it, as the detector's boxes keep a margin. */
const PART_MARGIN = 0.25;

/**
 * The detector's line cut at blank stretches wider than a word space can be: it joins two
 * columns' lines across a narrow gutter, which the recogniser then reads as one line (and
 * its characters' positions are too coarse to tell the gap reliably).
 */
export function splitAtGaps(image: GrayImage, line: LineFrame): LineFrame[] {
  const step = line.thickness / ALONG_PER_THICKNESS;
  const columns = Math.floor(line.length / step);
  if (line.length < 2 * PARTING_GAP * line.thickness) return [line];
  const inked: boolean[] = [];
  for (let i = 0; i < columns; i++) {
    const u = -line.length / 2 + (i + 0.5) * step;
    let ink = false;
    for (let j = 0; j < ACROSS_SAMPLES && !ink; j++) {
      const v = -line.thickness / 2 + ((j + 0.5) * line.thickness) / ACROSS_SAMPLES;
      ink = bilinear(image, ...pointOf(line, u, v)) < INK;
    }
    inked.push(ink);
  }
  // Stretches of ink separated by blanks wider than the parting gap.
  const parts: [number, number][] = [];
  const minBlank = Math.ceil((PARTING_GAP * line.thickness) / step);
  let start = -1;
  let blank = 0;
  for (let i = 0; i < columns; i++) {
    if (inked[i]) {
      if (start < 0) start = i;
      else if (blank >= minBlank) {
        parts.push([start, i - blank - 1]);
        start = i;
      }
      blank = 0;
    } else blank++;
  }
  if (start < 0) return [line];
  parts.push([start, columns - 1 - blank]);
  if (parts.length === 1) return [line];
  const margin = PART_MARGIN * line.thickness;
  return parts.map(([first, last]) => {
    const from = Math.max(-line.length / 2, -line.length / 2 + first * step - margin);
    const to = Math.min(line.length / 2, -line.length / 2 + (last + 1) * step + margin);
    const [cx, cy] = pointOf(line, (from + to) / 2, 0);
    return { ...line, cx, cy, length: to - from };
  });
}
