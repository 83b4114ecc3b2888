// An 8-bit grayscale page image: what every decoder produces and what the OCR engine reads.
// The pixels live inside a PGM file's buffer, so handing the image to Leptonica costs no copy.

export interface GrayImage {
  width: number;
  height: number;
  /** width × height bytes, row by row, 0 black .. 255 white. */
  pixels: Uint8Array;
  /** The same pixels as a binary PGM (P5) file. */
  pgm: Uint8Array;
  /** Resolution from the file's metadata, when it gives one. */
  dpi?: number;
}

export function newGrayImage(width: number, height: number, dpi?: number): GrayImage {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  return { width, height, pixels: pgm.subarray(header.length), pgm, ...(dpi ? { dpi } : {}) };
}

/** ITU-R BT.601 luma, in integers. */
export const luma = (r: number, g: number, b: number) => (r * 77 + g * 150 + b * 29) >> 8;

/** A transparent pixel shows the white page under it. */
export const overWhite = (value: number, alpha: number) => 255 - (((255 - value) * alpha) / 255 | 0);

/** Fills a gray image from interleaved 8-bit samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA). */
export function grayFromSamples(width: number, height: number, samples: ArrayLike<number>, channels: number, dpi?: number): GrayImage {
  const image = newGrayImage(width, height, dpi);
  const out = image.pixels;
  const n = width * height;
  for (let i = 0, s = 0; i < n; i++, s += channels) {
    const value = channels >= 3 ? luma(samples[s], samples[s + 1], samples[s + 2]) : samples[s];
    out[i] = channels === 2 || channels === 4 ? overWhite(value, samples[s + channels - 1]) : value;
  }
  return image;
}

/** Shrinks by whole-pixel box averaging until at most `maxPixels` (OCR needs no more). */
export function fitWithin(image: GrayImage, maxPixels: number): GrayImage {
  const factor = Math.ceil(Math.sqrt((image.width * image.height) / maxPixels));
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = newGrayImage(width, height, image.dpi ? image.dpi / factor : undefined);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.pixels[row + dx];
      }
      out.pixels[y * width + x] = (sum / area) | 0;
    }
  }
  return out;
}

/** The image at twice its size, by bilinear interpolation (small type read by OCR). */
export function doubled(image: GrayImage): GrayImage {
  const { width, height, pixels } = image;
  const out = newGrayImage(width * 2, height * 2, image.dpi ? image.dpi * 2 : undefined);
  for (let y = 0; y < height * 2; y++) {
    // Source position of the output pixel's centre, clamped to the image.
    const sy = Math.min(height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width * 2; x++) {
      const sx = Math.min(width - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = pixels[y0 * width + x0] * (1 - fx) + pixels[y0 * width + x1] * fx;
      const bottom = pixels[y1 * width + x0] * (1 - fx) + pixels[y1 * width + x1] * fx;
      out.pixels[y * out.width + x] = (top * (1 - fy) + bottom * fy + 0.5) | 0;
    }
  }
  return out;
}

/** The image turned clockwise by a multiple of 90 degrees (a scan placed sideways on its page). */
export function rotateGray(image: GrayImage, degrees: number): GrayImage {
  const turn = ((degrees % 360) + 360) % 360;
  if (turn === 0) return image;
  const { width: w, height: h, pixels } = image;
  const sideways = turn === 90 || turn === 270;
  const out = newGrayImage(sideways ? h : w, sideways ? w : h, image.dpi);
  const ow = out.width;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = pixels[y * w + x];
      if (turn === 90) out.pixels[x * ow + (h - 1 - y)] = v;
      else if (turn === 180) out.pixels[(h - 1 - y) * ow + (w - 1 - x)] = v;
      else out.pixels[(w - 1 - x) * ow + y] = v;
    }
  }
  return out;
}

/**
 * A picture handed over row by row and shrunk as it comes, exactly as fitWithin shrinks a
 * whole one, so a decoder never holds the picture at full size (a 600 dpi scan is 35
 * million pixels; OCR reads at most MAX_OCR_PIXELS).
 */
export class ShrinkingGray {
  readonly image: GrayImage;
  private readonly factor: number;
  private readonly sums: Uint32Array;
  private row = 0;

  constructor(private readonly width: number, height: number, maxPixels: number, dpi?: number) {
    this.factor = Math.max(1, Math.ceil(Math.sqrt((width * height) / maxPixels)));
    const f = this.factor;
    this.image = f > 1 ? newGrayImage(Math.floor(width / f), Math.floor(height / f), dpi ? dpi / f : undefined) : newGrayImage(width, height, dpi);
    this.sums = new Uint32Array(this.image.width);
  }

  /** The picture's next row: `width` gray values. */
  push(gray: Uint8Array): void {
    const { factor: f, image, sums } = this;
    const y = Math.floor(this.row / f);
    this.row++;
    if (y >= image.height) return;
    if (f === 1) {
      image.pixels.set(gray.subarray(0, this.width), y * image.width);
      return;
    }
    for (let x = 0; x < image.width * f; x++) sums[(x / f) | 0] += gray[x];
    if (this.row % f) return;
    const area = f * f;
    for (let x = 0; x < image.width; x++) image.pixels[y * image.width + x] = (sums[x] / area) | 0;
    sums.fill(0);
  }
}
