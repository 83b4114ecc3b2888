// A PDF's plain JPEG pictures are stored as the very bytes the file holds (image/jpeg,
// page1-1.jpg) instead of a PNG re-encoded from their pixels; a JPEG that shows otherwise
// than its bytes decode (under a soft mask, with a Decode array inverting it, turned by an
// EXIF orientation a viewer would apply and pdf.js does not, resampled to another size) is
// still a PNG of what pdf.js drew. A plain JPEG is not even decoded unless its pixels are
// needed (a scan to read, strips to join): then they are exactly pdf.js's.
import { describe, expect, it } from "vitest";
import { decode as decodePng } from "fast-png";
import { decode as decodeJpeg } from "jpeg-js";
import { pdfPageRuns } from "../../src/core/pipeline/pdf-pages";
import { openPdf } from "../../src/core/backends/pdf/open";
import { decodedObject, imagePlacements, withPixels } from "../../src/core/backends/pdf/images";
import type { Matrix, OperatorList } from "../../src/core/backends/pdf/operator-walk";
import { storePageImages } from "../../src/core/pipeline/pdf-page-images";
import { MemoryImageStore } from "../../src/core/images/store";
import { picturesPdf } from "../../scripts/chaos/made-documents.mjs";
import { fixtureFile } from "../helpers/corpus";

const RGB = "/Width 640 /Height 480 /ColorSpace /DeviceRGB /BitsPerComponent 8";

/** The JPEG with an EXIF block saying "turn 90° clockwise to show" (orientation 6), after its SOI. */
function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
}

async function storedPictures(pdf: Uint8Array) {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(1);
    const raw = await pdfPageRuns(page);
    const store = new MemoryImageStore();
    await storePageImages(page, raw, 0, { sink: store, hasImageXObjects: true });
    return { store, images: raw.images ?? [] };
  } finally {
    await doc.loadingTask.destroy();
  }
}

describe("JPEG pictures of a PDF", () => {
  it("keeps a plain JPEG as its own bytes and the others as PNGs of what is drawn", async () => {
    const photo = await fixtureFile("images/phototest-progressive.jpg");
    const baseline = await fixtureFile("images/phototest.jpg");
    const { store, images } = await storedPictures(
      picturesPdf([
        { entries: `${RGB} /Filter /DCTDecode`, data: photo },
        { entries: `${RGB} /Filter [/DCTDecode]`, data: baseline },
        { entries: `${RGB} /Filter /DCTDecode`, data: photo, smask: { entries: "/Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", data: new Uint8Array([255]) } },
        { entries: `${RGB} /Filter /DCTDecode /Decode [1 0 1 0 1 0]`, data: photo },
        { entries: `${RGB} /Filter /DCTDecode`, data: withExifOrientation(photo, 6) },
        // The dictionary's size is not the frame's: pdf.js draws the photo resampled to it.
        { entries: "/Width 320 /Height 240 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode", data: photo },
      ]),
    );
    expect(images.map((i) => [i.image.ref, i.image.mime, i.image.width, i.image.height])).toEqual([
      ["page1-1.jpg", "image/jpeg", 640, 480],
      ["page1-2.jpg", "image/jpeg", 640, 480],
      ["page1-3.png", "image/png", 640, 480],
      ["page1-4.png", "image/png", 640, 480],
      ["page1-5.png", "image/png", 640, 480],
      ["page1-6.png", "image/png", 320, 240],
    ]);
    expect(store.images.get("page1-1.jpg")).toEqual({ bytes: photo, mime: "image/jpeg" });
    expect(store.images.get("page1-2.jpg")).toEqual({ bytes: baseline, mime: "image/jpeg" });

    // The PNGs are the pixels pdf.js drew: the masked one the photo itself (opaque), the
    // Decode one its negative, the EXIF one not turned (pdf.js ignores EXIF, as PDF says).
    const source = decodeJpeg(photo, { useTArray: true, formatAsRGBA: true });
    const mean = (png: ReturnType<typeof decodePng>, f: (v: number) => number) => {
      let sum = 0;
      for (let i = 0; i < source.width * source.height; i++) for (let c = 0; c < 3; c++) sum += Math.abs(png.data[i * png.channels + c] - f(source.data[i * 4 + c]));
      return sum / (source.width * source.height * 3);
    };
    const png = (ref: string) => decodePng(store.images.get(ref)!.bytes);
    expect(mean(png("page1-3.png"), (v) => v)).toBeLessThan(2);
    expect(mean(png("page1-4.png"), (v) => 255 - v)).toBeLessThan(2);
    expect(png("page1-5.png")).toMatchObject({ width: 640, height: 480 });
    expect(mean(png("page1-5.png"), (v) => v)).toBeLessThan(2);
  });

  it("leaves a plain JPEG undecoded until its pixels are asked for, and then gives pdf.js's own", async () => {
    const photo = await fixtureFile("images/phototest.jpg");
    const opaque = { entries: "/Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", data: new Uint8Array([255]) };
    // The second is the same photo under an opaque soft mask: decoded by pdf.js as it always is.
    const doc = await openPdf(picturesPdf([{ entries: `${RGB} /Filter /DCTDecode`, data: photo }, { entries: `${RGB} /Filter /DCTDecode`, data: photo, smask: opaque }]));
    let destroyed = false;
    try {
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: 1 });
      const [plain, masked] = imagePlacements((await page.getOperatorList()) as OperatorList, viewport.transform as Matrix, viewport.width, viewport.height);
      const deferred = (await decodedObject(page, plain.objId!))!;
      expect(deferred).toMatchObject({ width: 640, height: 480, kind: 2, data: null });
      expect(deferred.jpeg).toEqual(photo);

      const drawn = (await decodedObject(page, masked.objId!))!;
      expect(drawn.kind).toBe(3);
      const pixels = (await withPixels(deferred))!;
      expect(pixels.data!.length).toBe(640 * 480 * 3);
      let differing = 0;
      for (let i = 0; i < 640 * 480; i++) for (let c = 0; c < 3; c++) if (pixels.data![i * 3 + c] !== drawn.data![i * 4 + c]) differing++;
      expect(differing).toBe(0);

      // A document closed lets its undecoded JPEGs go: nothing is left to decode them by
      // (the object as it came, before withPixels gave it pixels above).
      const stillDeferred = { ...deferred, data: null };
      await doc.loadingTask.destroy();
      destroyed = true;
      expect(await withPixels(stillDeferred)).toBeNull();
    } finally {
      if (!destroyed) await doc.loadingTask.destroy();
    }
  });
});
