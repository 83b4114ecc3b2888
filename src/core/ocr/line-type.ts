// What a line of OCR'd words says of its type, which the recogniser does not report: its
// size, from the height of its words' boxes and which letters reach up or down in them, and
// its weight, from how thick its strokes are beside the page's other lines. Headings at the
// body's size are told by weight (processors/headings.ts), and capitals or a line without
// descenders are not taken for small type.
import type { GrayImage } from "../images/gray";
import type { BBox } from "../model";

/**
 * Share of a line's type size its words' boxes span, by the letters in them: ascenders
 * (b d f h k l t, capitals, figures) reach about 0.72 of the size above the baseline, the x
 * height 0.45, descenders (g j p q y) 0.22 below; a line with both spans the whole size. In
 * scripts without these shapes (Han, Arabic, Devanagari...) the box is taken as the size.
 */
export function boxShareOfSize(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const cased = text.match(/[A-Za-zÀ-ɏͰ-ϿЀ-ӿ]/g)?.length ?? 0;
  if (!cased || cased < letters / 2) return 1;
  const up = /[bdfhklt\p{Lu}\d]/u.test(text) ? 0.72 : 0.45;
  const down = /[gjpqyçµ,;()[\]{}|/]/.test(text) ? 0.22 : 0;
  // Normalised so a line with both spans the whole size, as sizes were measured before.
  return (up + down) / 0.94;
}

/** Ink darker than this is print. */
const INK = 128;

/**
 * The mean thickness of a line's strokes, in shares of its box's height: the mean length of
 * the runs of ink along the pixel rows inside its words' boxes. Undefined for too little ink.
 */
export function strokeThickness(image: GrayImage, boxes: BBox[]): number | undefined {
  let ink = 0;
  let runs = 0;
  let height = 0;
  for (const [x0, y0, x1, y1] of boxes) {
    height = Math.max(height, y1 - y0);
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, Math.ceil(y1)); y++) {
      let inRun = false;
      const row = y * image.width;
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, Math.ceil(x1)); x++) {
        const dark = image.pixels[row + x] < INK;
        if (dark) {
          ink++;
          if (!inRun) runs++;
        }
        inRun = dark;
      }
    }
  }
  return runs >= MIN_RUNS && height > 0 ? ink / runs / height : undefined;
}
/** Fewer runs of ink than this say nothing of a line's weight. */
const MIN_RUNS = 40;

/** A line's strokes this much thicker than the page's usual are bold. */
export const BOLD_STROKE = 1.4;
