// Scanned pages: a PDF page with (next to) no text layer whose content is one big picture,
// as scanners and fax software write them, is read from that picture by OCR; so is a page
// whose text layer is garbled or an implausible OCR layer (text-quality.ts), from its
// scan or, without one, from the page drawn by the renderer. The words
// become glyph runs in page units and go through the same processors as a text layer, so
// a scanned PDF yields the structure of the born-digital one. The picture is taken as the
// page shows it (placed sideways, or turned by /Rotate), and read turned upright when its
// text does not stand so (ocr/orientation.ts).
import type { PageRuns } from "../../runs";
import type { PdfPage } from "./open";
import { decodedObject, imagePlacements, withPixels, type ImagePlacement } from "./images";
import type { Matrix, OperatorList } from "./operator-walk";
import { decodedSamples, type DecodedImage } from "./decoded-images";
import { grayFromSamples, rotateGray, type GrayImage } from "../../images/gray";
import { readPicture, type OcrLanguages } from "../../ocr/read-picture";
import type { OcrLanguage } from "../../ocr/languages";
import { ocrRuns } from "../../ocr/runs";
import { imageRulings } from "../../ocr/rulings";
import type { BBox } from "../../model";
import { textLayerFault, type TextLayerFault } from "./text-quality";
import { printCoverage } from "./layer-coverage";
import { wordCount } from "../../scripts";

/** A page with fewer visible characters than this has no usable text layer. */
const MIN_TEXT_CHARS = 20;
/**
 * A picture covering this share of the page is the page itself (scanners write the whole
 * sheet), not a figure on it: a full-page map under a one-line title is a figure.
 */
const SCAN_SHARE = 0.8;
const POINTS_PER_INCH = 72;
/** A scan holds text: at least this many words... */
const MIN_SCAN_WORDS = 3;
/** ...read with at least this mean confidence (a photograph read as text scores far lower). */
const MIN_SCAN_CONFIDENCE = 40;

/** The page's picture as a gray image in its displayed frame (its box: the whole page), drawn by the page renderer. */
export type PageRenderer = () => Promise<GrayImage | undefined>;

/** A page read by OCR, and why its text layer was not used. */
export interface ScannedPage {
  runs: PageRuns;
  /** Set when the page had a text layer, and it could not be trusted. */
  fault?: TextLayerFault;
  /** The recogniser's mean confidence in its words, 0..1. */
  confidence: number;
  /** The languages it was read in, and the scripts without a model when none read it well. */
  ocr: OcrLanguages;
}

/** A page with no text layer whose page-sized picture OCR read no text in. */
export interface NothingRead {
  nothingRead: true;
}

/**
 * The page read by OCR: from its scan when it has no text layer, or when its text layer is
 * garbled or implausible (from the scan under it, else drawn by the renderer). Undefined
 * when its text layer stands, or OCR reads no better; NothingRead when it has no text layer
 * and OCR reads no text in its picture.
 */
export async function scannedPageRuns(page: PdfPage, raw: PageRuns, render?: PageRenderer, languages?: readonly OcrLanguage[]): Promise<ScannedPage | NothingRead | undefined> {
  const chars = raw.runs.reduce((n, r) => n + r.text.replace(/\s/g, "").length, 0);
  const fault = chars >= MIN_TEXT_CHARS ? textLayerFault(raw.runs) : undefined;
  if (chars >= MIN_TEXT_CHARS && !fault) return undefined;
  const viewport = page.getViewport({ scale: 1, rotation: raw.rotation ?? page.rotate });
  const scan = largestPicture((await page.getOperatorList()) as OperatorList, viewport.transform as Matrix, viewport.width, viewport.height);
  const source = scan ? await scanPicture(page, scan) : fault && render ? await renderedPage(render, viewport.width, viewport.height) : undefined;
  if (!source) return undefined;
  const { displayed, bbox } = source;
  const dpi = (displayed.width / (bbox[2] - bbox[0])) * POINTS_PER_INCH;
  // A page scanned sideways is read in the frame where its text stands upright, as the
  // text layer's sideways pages are (page.turned says by how much).
  const { result, turn, image, languages: readIn, unreadScripts } = await readPicture(displayed, dpi, languages);
  // No text read with any confidence: a full-page photograph or drawing, a figure page
  // rather than a scan; the page is read as it is, its picture kept as a figure.
  // Words as a reader counts them: PP-OCR gives a line of Chinese as one "word".
  if (wordCount(result.words.map((w) => w.text).join(" ")) < MIN_SCAN_WORDS || result.meanConfidence < MIN_SCAN_CONFIDENCE) return chars < MIN_TEXT_CHARS ? { nothingRead: true } : undefined;
  const width = turn % 180 ? viewport.height : viewport.width;
  const height = turn % 180 ? viewport.width : viewport.height;
  const [x0, y0, x1] = turnBox(bbox, turn, viewport.width, viewport.height);
  // The scan's box may not start at the page's corner.
  const runs = ocrRuns({ words: result.words, image, scale: (x1 - x0) / image.width, width, height, origin: [x0, y0] });
  // The scan's ruling lines, for its tables.
  runs.rulings = imageRulings(image, (x1 - x0) / image.width, x0, y0);
  return { runs: { ...runs, rotation: raw.rotation, ...(turn ? { turned: turn } : {}) }, confidence: result.meanConfidence / 100, ocr: { languages: readIn, unreadScripts }, ...(fault ? { fault } : {}) };
}

/**
 * How much of the print of the scan under a page's text layer the layer's words lie on
 * (layer-coverage.ts); undefined when the page has no scan or too little print to judge.
 */
export async function scanCoverage(page: PdfPage, raw: PageRuns): Promise<number | undefined> {
  const viewport = page.getViewport({ scale: 1, rotation: raw.rotation ?? page.rotate });
  const scan = largestPicture((await page.getOperatorList()) as OperatorList, viewport.transform as Matrix, viewport.width, viewport.height);
  const source = scan && (await scanPicture(page, scan));
  return source && printCoverage(source.displayed, source.bbox, raw.runs);
}

/** The page's scan as displayed (placed sideways or upside down, turned back to how the page shows it). */
async function scanPicture(page: PdfPage, scan: ImagePlacement): Promise<{ displayed: GrayImage; bbox: BBox } | undefined> {
  const pixels = scan.inline ?? (await withPixels(await decodedObject(page, scan.objId!)));
  const gray = pixels ? grayOf(pixels) : undefined;
  if (!gray) return undefined;
  const [a, b] = scan.ctm;
  // The picture's own x axis on the page: right (upright), down (turned 90° clockwise), left, up.
  const shown = Math.abs(a) >= Math.abs(b) ? (a > 0 ? 0 : 180) : b > 0 ? 90 : 270;
  return { displayed: rotateGray(gray, shown), bbox: scan.bbox };
}

async function renderedPage(render: PageRenderer, width: number, height: number): Promise<{ displayed: GrayImage; bbox: BBox } | undefined> {
  const displayed = await render();
  return displayed && { displayed, bbox: [0, 0, width, height] };
}

/** A box of a width × height page in the frame of the page turned clockwise by `turn` degrees. */
function turnBox([x0, y0, x1, y1]: BBox, turn: number, width: number, height: number): BBox {
  if (turn === 90) return [height - y1, x0, height - y0, x1];
  if (turn === 180) return [width - x1, height - y1, width - x0, height - y0];
  if (turn === 270) return [y0, width - x1, y1, width - x0];
  return [x0, y0, x1, y1];
}

/** The page's largest painted image, when it covers most of the page. */
function largestPicture(ops: OperatorList, base: Matrix, width: number, height: number): ImagePlacement | undefined {
  const area = ({ bbox }: ImagePlacement) => (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]);
  const covering = imagePlacements(ops, base, width, height, { keepFullPage: true }).filter((p) => area(p) >= SCAN_SHARE * width * height);
  return covering.reduce<ImagePlacement | undefined>((best, p) => (!best || area(p) > area(best) ? p : best), undefined);
}

/** pdf.js's decoded pixels as gray. */
function grayOf(img: DecodedImage): GrayImage | undefined {
  const samples = decodedSamples(img);
  return samples ? grayFromSamples(img.width, img.height, samples.data, samples.channels) : undefined;
}
