// The PNG decoder, which reads rows as they are inflated and shrinks them as they come,
// against fast-png, which decodes the whole picture: the same gray for every colour type,
// bit depth and row filter; and a page scanned at 600 dpi, past the 16 million pixels a
// picture decoded whole may have, read rather than refused.
import { describe, expect, it } from "vitest";
import { decode } from "fast-png";
import { decodePng } from "../../src/core/images/png";
import { luma, overWhite } from "../../src/core/images/gray";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";

/** fast-png's picture as gray: the luma of its colour (or palette entry), alpha over white, 16-bit samples by their high byte. */
function reference(bytes: Uint8Array): { width: number; height: number; gray: Uint8Array; dpi?: number } {
  const png = decode(bytes);
  const { width, height, depth, channels } = png;
  const rowBytes = Math.ceil((width * depth * channels) / 8);
  const max = (1 << depth) - 1;
  const sample = (x: number, y: number, c: number) => {
    if (depth === 16) return png.data[y * width * channels + x * channels + c] >> 8;
    if (depth === 8) return png.data[y * rowBytes + x * channels + c];
    return (png.data[y * rowBytes + ((x * depth) >> 3)] >> (8 - depth - ((x * depth) & 7))) & max;
  };
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value: number;
      if (png.palette) {
        const index = sample(x, y, 0);
        // fast-png gives a palette entry its alpha from tRNS as a fourth value.
        const [r, g, b, a] = png.palette[index] ?? [255, 255, 255];
        value = a === undefined ? luma(r, g, b) : overWhite(luma(r, g, b), a);
      } else if (depth < 8) value = Math.round((sample(x, y, 0) * 255) / max);
      else {
        value = channels >= 3 ? luma(sample(x, y, 0), sample(x, y, 1), sample(x, y, 2)) : sample(x, y, 0);
        if (channels === 2 || channels === 4) value = overWhite(value, sample(x, y, channels - 1));
      }
      gray[y * width + x] = value;
    }
  }
  const dpi = png.resolution?.unit === 1 ? Math.round(png.resolution.x * 0.0254) : undefined;
  return { width, height, gray, dpi };
}

describe("PNG decoding", () => {
  it.each([
    "gray-1", "gray-2", "gray-4", "gray-8-300dpi", "gray-16", "rgb-8", "rgb-16", "gray-alpha-8", "gray-alpha-16",
    "rgba-8", "rgba-16", "palette-8", "palette-8-alpha", "palette-4", "palette-2-alpha", "palette-1",
  ])("decodes %s as fast-png does, through all five row filters", async (name) => {
    // test/fixtures/images/png-kinds/make.py: rows filtered None, Sub, Up, Average, Paeth in turn, over several IDAT chunks.
    const bytes = await fixtureFile(`images/png-kinds/${name}.png`);
    const ours = decodePng(bytes);
    const ref = reference(bytes);
    expect([ours.width, ours.height, ours.dpi]).toEqual([ref.width, ref.height, ref.dpi]);
    expect(Buffer.from(ours.pixels).equals(Buffer.from(ref.gray))).toBe(true);
  });

  it("answers a PNG cut short with an error, not a picture", async () => {
    const truncated = await fixtureFile("images/truncated.png");
    expect(() => decodePng(truncated)).toThrow();
  });

  it("reads a page scanned at 600 dpi (35 million pixels), shrunk while decoding", async () => {
    // test/fixtures/images/page-600dpi.png: loose-leading.pdf's first page drawn by pdftoppm -mono -r 600, as RGB.
    const bytes = await fixtureFile("images/page-600dpi.png");
    const ours = decodePng(bytes);
    expect([ours.width, ours.height]).toEqual([2480, 3508]);
    const doc = await parseDocument(bytes, "page-600dpi.png", { features: DEFAULT_FEATURES });
    const text = doc.pages[0].blocks.map((b) => b.text).join("\n");
    expect(text).toContain("Statement of the Case");
    expect(text).toContain("The trial court granted summary judgment for the respondent");
  }, 180_000);
});
