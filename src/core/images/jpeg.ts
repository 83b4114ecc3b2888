// JPEG to gray with a decoder of our own: only the luma is kept (OCR reads gray), and a
// picture larger than OCR reads is shrunk by 2, 4 or 8 while decoding (the inverse DCT
// drawn at that size), so a 12 or 50 megapixel photo never exists at full size in memory.
// Baseline scans are drawn block by block as they are decoded; progressive ones keep the
// luma's coefficients (2 bytes a pixel) until the last scan. RGB and CMYK JPEGs, which
// have no luma channel, go to jpeg-js (pure JS, BSD-3-Clause) within its memory cap.
import { decode } from "jpeg-js";
import { CoreError } from "../errors";
import { MAX_SHRUNK_IMAGE_PIXELS, MAX_OCR_PIXELS, MAX_PROGRESSIVE_JPEG_PIXELS } from "../limits";
import { grayFromSamples, newGrayImage, type GrayImage } from "./gray";
import { idctBlock } from "./jpeg/idct";
import { walkJpeg, type FrameComponent, type JpegHeader } from "./jpeg/markers";
import { decodeScan, nextMarker } from "./jpeg/scan";

/** Pixels of an RGB or CMYK JPEG jpeg-js decodes within its 96 MB. */
const MAX_RGB_JPEG_PIXELS = 4_000_000;
/** Component ids some writers give RGB planes ("R", "G", "B"). */
const RGB_IDS = [0x52, 0x47, 0x42];

export function decodeJpeg(bytes: Uint8Array): GrayImage {
  let header: JpegHeader | undefined;
  let image: GrayImage | undefined;
  let luma: FrameComponent | undefined;
  let n = 8;
  let coefficients: Int16Array | undefined;
  const block = new Int32Array(64);
  walkJpeg(
    bytes,
    (h) => {
      header = h;
      luma = lumaOf(h);
      if (!luma) return;
      const width = Math.ceil((h.frame.width * luma.h) / h.frame.maxH);
      const height = Math.ceil((h.frame.height * luma.v) / h.frame.maxV);
      const shrink = [1, 2, 4, 8].find((d) => (width / d) * (height / d) <= MAX_OCR_PIXELS) ?? 8;
      n = 8 / shrink;
      if (h.frame.progressive) {
        if (width * height > MAX_PROGRESSIVE_JPEG_PIXELS) throw new CoreError("limit_exceeded", `The progressive JPEG has ${(width * height / 1e6).toFixed(1)} million pixels; at most ${MAX_PROGRESSIVE_JPEG_PIXELS / 1e6} million are read (a baseline JPEG of up to ${MAX_SHRUNK_IMAGE_PIXELS / 1e6} million is).`);
        coefficients = new Int16Array(luma.codedX * luma.codedY * 64);
      }
      const dpi = h.dpi && h.dpi / shrink;
      image = newGrayImage(Math.ceil(width / shrink), Math.ceil(height / shrink), dpi || undefined);
      image.pixels.fill(255);
    },
    (scan, tables) => {
      const h = header!;
      if (!luma || !image) return nextMarker(bytes, scan.offset);
      const quant = h.quant[luma.tq];
      if (!quant) throw new CoreError("corrupt_file", "The JPEG image is damaged and could not be decoded (a quantisation table is missing).");
      // Progressive scans of other components than the luma are not decoded at all.
      if (h.frame.progressive && !scan.components.includes(luma)) return nextMarker(bytes, scan.offset);
      const out = image;
      return decodeScan(
        bytes,
        h.frame,
        scan,
        tables,
        h.restartInterval,
        (component, row, col) => (component !== luma ? undefined : coefficients ? coefficients.subarray((row * luma.codedX + col) * 64, (row * luma.codedX + col + 1) * 64) : block),
        coefficients ? undefined : (_, row, col, b) => idctBlock(b, quant, n, out.pixels, out.width, out.height, col * n, row * n),
      );
    },
  );
  if (!header) throw new CoreError("corrupt_file", "The JPEG image is damaged and could not be decoded (no frame).");
  if (!luma) return decodeWithoutLuma(bytes, header.frame);
  if (coefficients) {
    const quant = header.quant[luma.tq];
    for (let row = 0; row < luma.blocksY; row++) {
      for (let col = 0; col < luma.blocksX; col++) {
        idctBlock(coefficients.subarray((row * luma.codedX + col) * 64), quant, n, image!.pixels, image!.width, image!.height, col * n, row * n);
      }
    }
  }
  return image!;
}

/** The component that is the picture's gray: the only one, or Y of YCbCr. None for RGB, CMYK and YCCK. */
function lumaOf({ frame, adobeTransform }: JpegHeader): FrameComponent | undefined {
  const { components } = frame;
  if (components.length === 1) return components[0];
  if (components.length !== 3 || adobeTransform === 0) return undefined;
  if (adobeTransform === undefined && components.every((c, i) => c.id === RGB_IDS[i])) return undefined;
  return components[0];
}

function decodeWithoutLuma(bytes: Uint8Array, { width, height }: { width: number; height: number }): GrayImage {
  // jpeg-js holds every block as an array of its own (about 5 bytes a pixel a channel): past a few megapixels it refuses.
  if (width * height > MAX_RGB_JPEG_PIXELS) throw new CoreError("limit_exceeded", `The JPEG is ${width} × ${height} pixels in RGB or CMYK, which is read up to ${MAX_RGB_JPEG_PIXELS / 1e6} million pixels; send it as an ordinary (YCbCr) JPEG or a PNG, or smaller.`);
  const jpeg = decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_RGB_JPEG_PIXELS / 1e6, maxMemoryUsageInMB: 96 });
  const channels = jpeg.data.length / (jpeg.width * jpeg.height);
  if (channels !== 1 && channels !== 3) throw new CoreError("corrupt_file", "The JPEG image could not be decoded.");
  return grayFromSamples(jpeg.width, jpeg.height, jpeg.data, channels);
}
