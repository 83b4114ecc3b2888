// The core's zlib (src/core/zlib.ts) with workerd's native one handed over, as the Workers
// do, against fflate: PNG pictures that decode to the very samples they were made of, and
// PDF streams read to the same text, whether whole, damaged (the native inflater refuses,
// the slower path still reads what it can) or a bomb (stopped at the limit either way).
import { afterEach, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { decode } from "fast-png";
import { zlibSync } from "fflate";
import { provideNativeZlib } from "../../src/core/zlib";
import { encodePng } from "../../src/core/images/png-encode";
import { decodedImageToPng, decodedSamples } from "../../src/core/backends/pdf/decoded-images";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { isCoreError } from "../../src/core/errors";
import { deflatedTextPdf, inflatingContentPdf } from "../../scripts/chaos/made-documents.mjs";

const engines = [["workerd's zlib", zlib], ["fflate", null]] as const;

/** Samples that are not all alike, so a row out of place would show. */
function samples(width: number, height: number, channels: 1 | 3 | 4): Uint8Array {
  return Uint8Array.from({ length: width * height * channels }, (_, i) => (i * 37 + (i >> 7) * 11) & 0xff);
}

async function textOf(pdf: Uint8Array): Promise<string> {
  const doc = await parseDocument(pdf, "page.pdf", { features: DEFAULT_FEATURES });
  return doc.pages.flatMap((p) => p.blocks.map((b) => b.text ?? "")).join("\n");
}

const content = new TextEncoder().encode("BT /F1 14 Tf 72 700 Td (Inflated natively or not, the same words) Tj ET");

afterEach(() => provideNativeZlib(null));

describe.each(engines)("with %s", (_name, engine) => {
  it("encodes PNGs of 1, 3 and 4 channels that decode to their samples", () => {
    provideNativeZlib(engine);
    for (const channels of [1, 3, 4] as const) {
      const data = samples(37, 23, channels);
      const png = decode(encodePng({ width: 37, height: 23, data, channels }));
      expect([png.width, png.height, png.channels, png.depth]).toEqual([37, 23, channels, 8]);
      expect(Array.from(png.data)).toEqual(Array.from(data));
    }
  });

  it("keeps a black-and-white picture at 1 bit a pixel, decoding to the same pixels as unpacked", () => {
    provideNativeZlib(engine);
    // pdf.js's 1-bit layout: rows padded to a whole byte, bit set = white; 37 pixels leave 3 bits of padding.
    const bilevel = { width: 37, height: 23, kind: 1, data: samples(5, 23, 1) };
    const png = decode(decodedImageToPng(bilevel)!);
    expect([png.width, png.height, png.channels, png.depth]).toEqual([37, 23, 1, 1]);
    const unpacked = decodedSamples(bilevel)!.data;
    const bits = Array.from(unpacked, (_, i) => (png.data[Math.floor(i / 37) * 5 + ((i % 37) >> 3)] & (128 >> (i % 37 & 7)) ? 255 : 0));
    expect(bits).toEqual(Array.from(unpacked));
    expect(new Set(unpacked).size).toBe(2);
  });

  it("reads a content stream, whole or with a broken checksum", async () => {
    provideNativeZlib(engine);
    const whole = zlibSync(content);
    expect(await textOf(deflatedTextPdf(whole))).toContain("the same words");
    const badChecksum = whole.slice();
    badChecksum[badChecksum.length - 1] ^= 0xff;
    expect(await textOf(deflatedTextPdf(badChecksum))).toContain("the same words");
  });

  it("stops a stream that inflates past the limit", async () => {
    provideNativeZlib(engine);
    const bomb = await inflatingContentPdf(96);
    const error = await parseDocument(bomb, "bomb.pdf", { features: DEFAULT_FEATURES }).catch((e) => e);
    expect(isCoreError(error) && error.code).toBe("limit_exceeded");
  });
});
