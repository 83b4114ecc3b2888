// The size and weight of a line of OCR'd words, which the recogniser does not report: size
// from its boxes and the letters in them, weight from its strokes beside the page's others.
import { describe, expect, it } from "vitest";
import { boxShareOfSize, strokeThickness } from "../../src/core/ocr/line-type";
import { ocrRuns } from "../../src/core/ocr/runs";
import { newGrayImage } from "../../src/core/images/gray";
import type { OcrWord } from "../../src/core/ocr/tsv";

describe("a line's size from its words' boxes", () => {
  it("takes capitals or a line without descenders as the same type as a line with both", () => {
    expect(boxShareOfSize("Typography")).toBe(1);
    expect(boxShareOfSize("INTRODUCTION")).toBeCloseTo(0.766, 2);
    expect(boxShareOfSize("once more")).toBeCloseTo(0.479, 2);
    // Scripts without ascenders and descenders: the box is the size.
    expect(boxShareOfSize("文字の大きさ")).toBe(1);
  });
});

/** A picture of text lines drawn as vertical strokes `stroke` pixels wide, one line per entry, 30 px high. */
function strokes(lines: number[]): { image: ReturnType<typeof newGrayImage>; words: OcrWord[] } {
  const image = newGrayImage(400, 60 * lines.length);
  image.pixels.fill(255);
  const words: OcrWord[] = [];
  lines.forEach((stroke, i) => {
    const top = 60 * i + 10;
    for (let x = 10; x < 390; x += 12) for (let y = top; y < top + 30; y++) for (let dx = 0; dx < stroke; dx++) image.pixels[y * 400 + x + dx] = 0;
    words.push({ text: i === 1 ? "Heading" : "Typography", bbox: [10, top, 390, top + 30], confidence: 95, lineKey: `1.1.${i}` });
  });
  return { image, words };
}

describe("a line's weight from its strokes", () => {
  it("measures strokes as a share of the line's height", () => {
    const { image, words } = strokes([3]);
    expect(strokeThickness(image, [words[0].bbox])).toBeCloseTo(0.1, 5);
  });

  it("marks bold the line whose strokes are much thicker than the page's usual, and only it", () => {
    const { image, words } = strokes([3, 6, 3, 3, 4]);
    const runs = ocrRuns({ words, image, scale: 0.24, width: 96, height: 72 }).runs;
    expect(runs.map((r) => r.bold)).toEqual([false, true, false, false, false]);
    // Without the picture, nothing is taken for bold.
    expect(ocrRuns({ words, scale: 0.24, width: 96, height: 72 }).runs.some((r) => r.bold)).toBe(false);
  });
});
