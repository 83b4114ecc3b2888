// Which way a page must be turned for its text to read upright (upright.ts).
import { describe, expect, it } from "vitest";
import { uprightRotation } from "../../src/core/backends/pdf/upright";

// The viewport of an unrotated US Letter page: y flipped, origin at the top left.
const VIEWPORT = [1, 0, 0, -1, 0, 792];
const line = (str: string, [a, b, c, d]: number[], dir = "ltr") => ({ str, transform: [a, b, c, d, 100, 100], dir });
const RIGHT = [12, 0, 0, 12];
const UP = [0, 12, -12, 0]; // user space: text running up the page
const DOWN = [0, -12, 12, 0];
const LEFT = [-12, 0, 0, -12];
const sentence = "A line long enough to say which way it runs";

describe("uprightRotation", () => {
  it("leaves pages whose text already reads left to right", () => {
    expect(uprightRotation([line(sentence, RIGHT)], 0, VIEWPORT)).toBe(0);
    expect(uprightRotation([line(sentence, RIGHT)], 90, VIEWPORT)).toBe(90);
  });

  it("turns pages whose text runs up, down or upside down on screen", () => {
    expect(uprightRotation([line(sentence, UP)], 0, VIEWPORT)).toBe(90);
    expect(uprightRotation([line(sentence, DOWN)], 0, VIEWPORT)).toBe(270);
    expect(uprightRotation([line(sentence, LEFT)], 0, VIEWPORT)).toBe(180);
  });

  it("needs most of the page's text turned, and enough of it", () => {
    expect(uprightRotation([line(sentence, RIGHT), line(sentence, UP)], 0, VIEWPORT)).toBe(0);
    expect(uprightRotation([line("arXiv:2401.0001", UP)], 0, VIEWPORT)).toBe(0);
    expect(uprightRotation([], 0, VIEWPORT)).toBe(0);
  });

  it("does not count vertical CJK writing, which runs top to bottom by design", () => {
    expect(uprightRotation([line("縦書きの日本語の文章は上から下へ読みます。縦書きの日本語。", DOWN, "ttb")], 0, VIEWPORT)).toBe(0);
  });
});
