// BMP to gray, read here (the format is small): uncompressed 1/4/8-bit palette, 24- and
// 32-bit pixels, bottom-up or top-down rows.
import { CoreError } from "../errors";
import { luma, newGrayImage, type GrayImage } from "./gray";

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const METRES_PER_INCH = 0.0254;

export function decodeBmp(b: Uint8Array): GrayImage {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) throw new CoreError("corrupt_file", "This BMP uses the old OS/2 header, which is not read; save it as PNG.");
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const height = Math.abs(rawHeight);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const ppm = view.getInt32(38, true);
  if (compression !== BI_RGB && !(compression === BI_BITFIELDS && bits === 32)) {
    throw new CoreError("corrupt_file", `This BMP is compressed (method ${compression}), which is not read; save it uncompressed or as PNG.`);
  }
  if (![1, 4, 8, 24, 32].includes(bits)) throw new CoreError("corrupt_file", `BMP images of ${bits} bits per pixel are not read; save it as PNG.`);
  const paletteSize = bits <= 8 ? view.getUint32(46, true) || 1 << bits : 0;
  const paletteStart = 14 + headerSize;
  const palette: number[] = [];
  for (let i = 0; i < paletteSize && paletteStart + i * 4 + 3 <= b.length; i++) {
    const o = paletteStart + i * 4;
    palette.push(luma(b[o + 2], b[o + 1], b[o])); // stored B, G, R, reserved
  }
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (dataOffset + stride * height > b.length) throw new CoreError("corrupt_file", "The BMP image is truncated: its pixels end before the picture does.");
  const image = newGrayImage(width, height, ppm > 0 ? Math.round(ppm * METRES_PER_INCH) : undefined);
  const bytesPerPixel = bits / 8;
  for (let y = 0; y < height; y++) {
    // Positive height: rows are stored bottom-up.
    const row = dataOffset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    const out = y * width;
    for (let x = 0; x < width; x++) {
      if (bits >= 24) {
        const o = row + x * bytesPerPixel;
        image.pixels[out + x] = luma(b[o + 2], b[o + 1], b[o]);
      } else {
        const index = (b[row + ((x * bits) >> 3)] >> (8 - bits - ((x * bits) & 7))) & ((1 << bits) - 1);
        image.pixels[out + x] = palette[index] ?? 255;
      }
    }
  }
  return image;
}
