// JPEG to gray with jpeg-js (pure JS, BSD-3-Clause), its own memory cap set from ours.
import { decode } from "jpeg-js";
import { CoreError } from "../../errors";
import { MAX_IMAGE_PIXELS } from "../../limits";
import { grayFromSamples, type GrayImage } from "./gray";

/** JFIF density units: 1 dots per inch, 2 dots per centimetre. */
const DPI_PER_UNIT: Record<number, number> = { 1: 1, 2: 2.54 };

export function decodeJpeg(bytes: Uint8Array): GrayImage {
  const jpeg = decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6, maxMemoryUsageInMB: 96 });
  const channels = jpeg.data.length / (jpeg.width * jpeg.height);
  if (channels !== 1 && channels !== 3) throw new CoreError("corrupt_file", "The JPEG image could not be decoded.");
  return grayFromSamples(jpeg.width, jpeg.height, jpeg.data, channels, jfifDpi(bytes));
}

/** APP0 "JFIF" density, when it names a unit. */
function jfifDpi(b: Uint8Array): number | undefined {
  if (b[2] !== 0xff || b[3] !== 0xe0 || String.fromCharCode(...b.subarray(6, 10)) !== "JFIF") return undefined;
  const perUnit = DPI_PER_UNIT[b[13]];
  const density = (b[14] << 8) | b[15];
  return perUnit && density ? Math.round(density * perUnit) : undefined;
}
