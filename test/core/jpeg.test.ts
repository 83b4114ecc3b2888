// The JPEG decoder against jpeg-js, the decoder it replaces for YCbCr and gray pictures:
// the same gray (its luma) within rounding, for each way a JPEG is coded, and a picture
// larger than OCR reads shrunk while decoding to the block averages of the full picture.
import { describe, expect, it } from "vitest";
import { decode } from "jpeg-js";
import { decodeJpeg } from "../../src/core/images/jpeg";
import { fixtureFile } from "../helpers/corpus";

/** jpeg-js's own gray for a gray JPEG, or the luma of its RGB (which adds chroma upsampling's rounding). */
function reference(bytes: Uint8Array): { width: number; height: number; gray: Uint8Array } {
  const ref = decode(bytes, { useTArray: true, formatAsRGBA: false, maxMemoryUsageInMB: 512 });
  const channels = ref.data.length / (ref.width * ref.height);
  const gray = new Uint8Array(ref.width * ref.height);
  for (let i = 0; i < gray.length; i++) {
    const [r, g, b] = channels === 1 ? [ref.data[i], ref.data[i], ref.data[i]] : [ref.data[3 * i], ref.data[3 * i + 1], ref.data[3 * i + 2]];
    gray[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { width: ref.width, height: ref.height, gray };
}

const meanDifference = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;

describe("JPEG decoding", () => {
  it.each([
    ["images/phototest.jpg", "baseline gray"],
    ["images/phototest-progressive.jpg", "progressive YCbCr 4:2:0 with restart markers"],
  ])("decodes %s (%s) as jpeg-js does", async (file) => {
    const bytes = await fixtureFile(file);
    const ours = decodeJpeg(bytes);
    const ref = reference(bytes);
    expect([ours.width, ours.height]).toEqual([ref.width, ref.height]);
    expect(meanDifference(ours.pixels, ref.gray)).toBeLessThan(1.5);
  });

  it("shrinks a 12-megapixel photo by 2 while decoding, each pixel the mean of its 2 × 2 in the full picture", async () => {
    const bytes = await fixtureFile("images/phone-12mp.jpg");
    const ours = decodeJpeg(bytes);
    expect([ours.width, ours.height]).toEqual([1500, 2000]);
    const ref = reference(bytes);
    const shrunk = new Uint8Array(1500 * 2000);
    for (let y = 0; y < 2000; y++) {
      for (let x = 0; x < 1500; x++) {
        const at = 2 * y * ref.width + 2 * x;
        shrunk[y * 1500 + x] = (ref.gray[at] + ref.gray[at + 1] + ref.gray[at + ref.width] + ref.gray[at + ref.width + 1]) / 4;
      }
    }
    expect(meanDifference(ours.pixels, shrunk)).toBeLessThan(2);
  });
});
