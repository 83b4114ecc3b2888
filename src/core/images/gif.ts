// GIF to gray with omggif (pure JS, MIT): the first frame, transparency over white.
/// <reference path="./modules.d.ts" />
import { GifReader } from "omggif";
import { grayFromSamples, type GrayImage } from "./gray";

export function decodeGif(bytes: Uint8Array): GrayImage {
  const reader = new GifReader(bytes);
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  return grayFromSamples(reader.width, reader.height, rgba, 4);
}
