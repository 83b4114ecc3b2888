// PNG to gray with fast-png (pure JS, MIT): any bit depth, palette, alpha over white.
import { decode } from "fast-png";
import { grayFromSamples, luma, newGrayImage, overWhite, type GrayImage } from "./gray";

const METRES_PER_INCH = 0.0254;

export function decodePng(bytes: Uint8Array): GrayImage {
  const png = decode(bytes);
  const dpi = png.resolution?.unit === 1 ? Math.round(png.resolution.x * METRES_PER_INCH) : undefined;
  const { width, height, depth, channels } = png;
  if (depth === 8 && !png.palette) return grayFromSamples(width, height, png.data, channels, dpi);
  if (depth === 16) {
    // High byte of each 16-bit sample.
    const samples = new Uint8Array(png.data.length);
    for (let i = 0; i < samples.length; i++) samples[i] = png.data[i] >> 8;
    return grayFromSamples(width, height, samples, channels, dpi);
  }
  // Packed rows (1, 2 or 4 bits) or palette indices: unpack sample by sample.
  const image = newGrayImage(width, height, dpi);
  const rowBytes = Math.ceil((width * depth * channels) / 8);
  const max = (1 << depth) - 1;
  const palette = png.palette?.map(([r, g, b, a]) => (a === undefined ? luma(r, g, b) : overWhite(luma(r, g, b), a)));
  const transparency = png.transparency;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = depth === 8 ? png.data[y * rowBytes + x] : (png.data[y * rowBytes + ((x * depth) >> 3)] >> (8 - depth - ((x * depth) & 7))) & max;
      let gray = palette ? palette[value] ?? 255 : Math.round((value * 255) / max);
      if (palette && transparency && value < transparency.length) gray = overWhite(gray, transparency[value]);
      image.pixels[y * width + x] = gray;
    }
  }
  return image;
}
