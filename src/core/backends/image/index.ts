// Image files (PNG, JPEG, BMP, TIFF with its pages, WEBP, GIF): each page decoded and read
// by OCR into the runs a PDF's text layer gives, with the picture's ruling lines, for the
// same processors (pipeline/image-pages.ts): a picture of a page yields the structure of
// the PDF of it.
import type { FileType } from "../../model";
import type { PageRuns } from "../../runs";
import { recognizePage } from "../../ocr/recognize";
import { readPicture, type OcrLanguages, type PictureReading } from "../../ocr/read-picture";
import type { OcrLanguage } from "../../ocr/languages";
import { ocrRuns } from "../../ocr/runs";
import { imageRulings } from "../../ocr/rulings";
import { pointsPerPixel } from "../../ocr/resolution";
import { decodePage, type PageImage } from "../../images/decode";
import { fitWithin } from "../../images/gray";
import { encodePng } from "../../images/png-encode";
import { probeImage, type ImageSize } from "../../images/probe";

export const IMAGE_TYPES: readonly FileType[] = [".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".gif"];

export const isImageType = (t: FileType) => IMAGE_TYPES.includes(t);

/** Resolutions outside this range in a file's metadata are placeholders, not measurements. */
const PLAUSIBLE_DPI: [number, number] = [50, 1200];

export function inspectImage(bytes: Uint8Array, fileType: FileType): { fileType: FileType; pageCount: number } {
  return { fileType, pageCount: imagePageSizes(bytes, fileType).length };
}

/** The pixel size of each page of the file, from its headers (nothing decoded). */
export const imagePageSizes = (bytes: Uint8Array, fileType: FileType): ImageSize[] => probeImage(bytes, fileType).pages;

/** One page of an image file as read by OCR. */
export interface ImagePageRuns {
  runs: PageRuns;
  /** The OCR engine's mean word confidence, 0 to 1. */
  confidence: number;
  /** Degrees the picture was turned to read it upright (0 when it stood upright). */
  turned: number;
  /** The languages it was read in, and the scripts without a model when none read it well. */
  ocr: OcrLanguages;
}

/** Decodes page `index` of the file (one decoded page in memory at once) and reads it by OCR. */
export async function readImagePage(bytes: Uint8Array, fileType: FileType, index: number, size: ImageSize, languages?: readonly OcrLanguage[]): Promise<ImagePageRuns> {
  const image = decodePage(bytes, fileType, index, size);
  const dpi = image.dpi && image.dpi >= PLAUSIBLE_DPI[0] && image.dpi <= PLAUSIBLE_DPI[1] ? image.dpi : undefined;
  // A picture taken sideways or upside down is read turned upright (WEBP, decoded only inside the engine, as it comes).
  const reading: Pick<PictureReading, "result" | "turn" | "languages" | "unreadScripts"> & { image: PictureReading["image"] | PageImage } = image.gray ? await readPicture(image.gray, dpi, languages) : await readEncoded(image, dpi, languages);
  const { words } = reading.result;
  const scale = pointsPerPixel(image.width, dpi);
  const [width, height] = reading.turn % 180 ? [image.height, image.width] : [image.width, image.height];
  const runs = ocrRuns({ words, image: "pixels" in reading.image ? reading.image : undefined, scale: (scale * width) / reading.image.width, width: width * scale, height: height * scale });
  // The picture's ruling lines, for its tables (a WEBP is decoded inside the engine only: none).
  if ("pixels" in reading.image) runs.rulings = imageRulings(reading.image, (scale * width) / reading.image.width);
  return { runs, confidence: reading.result.meanConfidence / 100, turned: reading.turn, ocr: { languages: reading.languages, unreadScripts: reading.unreadScripts } };
}

/** A picture only the engine decodes (WEBP), read as it stands: in the languages told, else English, then Chinese when English is doubtful. */
async function readEncoded(image: PageImage, dpi: number | undefined, languages: readonly OcrLanguage[] | undefined) {
  const result = await recognizePage({ bytes: image.bytes, dpi }, languages && [languages.join("+")]);
  return { result, turn: 0, image, languages: languages ? [...languages] : [result.language] };
}

/** Image types a vision model takes as they come, and their MIME types. */
const SENT_AS_IS: Partial<Record<FileType, string>> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" };
/** Past these, a picture is sent smaller: a model sees a page at about 2 megapixels, and the request carries it base64-encoded. */
const MAX_SENT_BYTES = 3 * 1024 * 1024;
const MAX_SENT_PIXELS = 4_000_000;

/** Page `index` of an image file as a picture to send a vision model: the file itself when it can be, else the page in gray as a PNG of at most MAX_SENT_PIXELS. */
export function imagePagePicture(bytes: Uint8Array, fileType: FileType, index: number, size: ImageSize): { bytes: Uint8Array; mime: string } | undefined {
  const mime = SENT_AS_IS[fileType];
  if (mime && bytes.length <= MAX_SENT_BYTES && size.width * size.height <= MAX_SENT_PIXELS) return { bytes, mime };
  const gray = decodePage(bytes, fileType, index, size).gray;
  if (!gray) return undefined;
  const fitted = fitWithin(gray, MAX_SENT_PIXELS);
  return { bytes: encodePng({ width: fitted.width, height: fitted.height, data: fitted.pixels, channels: 1 }), mime: "image/png" };
}
