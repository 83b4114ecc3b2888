// Raster images of a PDF page: where pdf.js paints them (image XObjects and inline images,
// placed by the current transform: the unit square mapped to the page) and their decoded
// pixels from `page.objs`, encoded to PNG; a plain JPEG whose pixels are exactly what its
// bytes decode to is its own file, kept as it is, and left undecoded unless its pixels are
// needed (see DecodedImage.jpeg and withPixels). Tiny decorative
// images and full-page backgrounds are dropped before any pixel is touched.
import type { BBox } from "../../model";
import { coveredShare } from "../../geometry";
import { decodedImageToPng, type DecodedImage } from "./decoded-images";
import type { PdfPage } from "./open";
import { decodeDeferredJpeg, pdfjs } from "./pdfjs";
import { applyMatrix, walkOperators, type Matrix, type OperatorList } from "./operator-walk";

/** Where an image is painted, and where its pixels are. */
export interface ImagePlacement {
  bbox: BBox;
  /** The transform the image is painted under (its direction on the page). */
  ctm: Matrix;
  /** pdf.js object id of an image XObject ("g_" ids live in commonObjs: images shared by pages). */
  objId?: string;
  /** An inline image's decoded pixels, carried in the operator list itself. */
  inline?: DecodedImage;
  /** Under figure size (kept only when asked for, to sit inside text lines). */
  small?: boolean;
}

export interface ExtractedImage {
  bbox: BBox;
  /** The picture file: a PNG of the decoded pixels, or the JPEG they came from as it is. */
  bytes: Uint8Array;
  mime: "image/png" | "image/jpeg";
  /** Pixel size of the image (not of its box on the page). */
  width: number;
  height: number;
  small?: boolean;
}

/** An image narrower or lower than this (points) is a bullet, a rule or an icon: decoration. */
const MIN_SIDE = 16;
/** Smaller areas (points², about 0.45 x 0.45 inch) are logos and ornaments, not figures. */
const MIN_AREA = 32 * 32;
/** Smaller images (points a side) are dots and rules even inside a line of text. */
const MIN_INLINE_SIDE = 6;
/** An image covering this share of the page is its background (or a scan under its text layer). */
const BACKGROUND_SHARE = 0.85;

/** How long (ms) an image's pixels are awaited after the operator list: decoding happens before, this is only delivery. */
const OBJECT_WAIT_MS = 3000;

const OPS = pdfjs.OPS;

/** What to keep beyond figure-sized images on part of the page. */
export interface PlacementOptions {
  /** Images under figure size (icons in text lines), for enable_inline_image. */
  keepSmall?: boolean;
  /** Images covering the page: on a page without text (a full-page photograph) the picture is the content, not a background. */
  keepFullPage?: boolean;
}

export function imagePlacements(ops: OperatorList, base: Matrix, pageWidth: number, pageHeight: number, { keepSmall = false, keepFullPage = false }: PlacementOptions = {}): ImagePlacement[] {
  const out: ImagePlacement[] = [];
  const seen = new Set<string>();
  walkOperators(ops, base, (fn, args, { ctm }) => {
    if (fn !== OPS.paintImageXObject && fn !== OPS.paintInlineImageXObject) return;
    const bbox = unitSquareBox(ctm, pageWidth, pageHeight);
    if (!bbox || (!keepFullPage && isBackground(bbox, pageWidth, pageHeight))) return;
    const small = !isFigureSized(bbox);
    if (small && !(keepSmall && Math.min(bbox[2] - bbox[0], bbox[3] - bbox[1]) >= MIN_INLINE_SIDE)) return;
    if (fn === OPS.paintImageXObject) {
      const objId = args[0];
      if (typeof objId !== "string") return;
      // The same image painted twice at the same place (some producers do) is one image.
      const key = `${objId}@${bbox.map(Math.round).join(",")}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ bbox, ctm, objId, ...(small ? { small } : {}) });
    } else {
      const inline = args[0] as DecodedImage | undefined;
      if (inline?.data) out.push({ bbox, ctm, inline, ...(small ? { small } : {}) });
    }
  });
  return out;
}

/**
 * The page's images as PNG or JPEG files, in painting order, and how many figure-sized
 * images pdf.js could not decode (a damaged stream, a filter it does not know). Pixels are
 * never turned: a rotated or mirrored placement is said by the bbox alone, so a JPEG kept as
 * it is shows as its PNG would. Strips joined into one picture and pictures cut to what their
 * mask shows are new pixels: PNG.
 */
export async function pageImages(page: PdfPage, keep: PlacementOptions = {}, rotation = page.rotate): Promise<{ images: ExtractedImage[]; undecoded: number }> {
  const viewport = page.getViewport({ scale: 1, rotation });
  // pdf.js caches the list per page: a page whose tables or fonts already fetched it pays nothing more.
  const ops = (await page.getOperatorList()) as OperatorList;
  const decoded: Decoded[] = [];
  let undecoded = 0;
  for (const placement of withoutHiddenCopies(imagePlacements(ops, viewport.transform as Matrix, viewport.width, viewport.height, keep))) {
    const pixels = placement.inline ?? (await decodedObject(page, placement.objId!));
    // A plain JPEG comes undecoded: its file is the picture, its pixels are decoded only to join strips.
    if ((pixels?.data || pixels?.jpeg) && pixels.width > 0 && pixels.height > 0) decoded.push(withoutClearMargins({ bbox: placement.bbox, pixels, small: placement.small }, placement.ctm, viewport.width, viewport.height));
    else undecoded++;
  }
  const images: ExtractedImage[] = [];
  for (const { bbox, pixels, small } of [...(await joinStrips(decoded.filter((d) => !d.small))), ...decoded.filter((d) => d.small)]) {
    const file = pictureFile(pixels);
    if (file) images.push({ bbox, ...file, width: pixels.width, height: pixels.height, ...(small ? { small } : {}) });
    else undecoded++;
  }
  return { images, undecoded };
}

/** The JPEG pdf.js decoded, when the pixels are exactly its decoding; else the pixels as PNG. */
function pictureFile(pixels: DecodedImage): Pick<ExtractedImage, "bytes" | "mime"> | null {
  if (pixels.jpeg instanceof Uint8Array && pixels.jpeg.length > 2 && pixels.kind === 2) return { bytes: pixels.jpeg, mime: "image/jpeg" };
  const png = decodedImageToPng(pixels);
  return png && { bytes: png, mime: "image/png" };
}

/** Share of a box's area another must cover to be the same image painted again (or a shadow under it). */
const SAME_PLACE = 0.9;

/** An image painted over an earlier one at the same place hides it: keep the one on top. */
function withoutHiddenCopies(placements: ImagePlacement[]): ImagePlacement[] {
  return placements.filter((p, i) => !placements.slice(i + 1).some((later) => coveredShare(p.bbox, later.bbox) >= SAME_PLACE && coveredShare(later.bbox, p.bbox) >= SAME_PLACE));
}

/** Alpha at or below this is see-through: the page shows, not the picture. */
const CLEAR_ALPHA = 8;
/** Clear margins narrower than this share of the image are kept (a soft edge, not a margin). */
const MIN_CLEAR_MARGIN = 0.03;

/**
 * A picture whose soft mask leaves a wide band of it clear (a figure pasted on a canvas
 * larger than itself) is cut to what shows: its box would otherwise reach into the next
 * column and beyond, and a converted file would place it there. Only for pictures painted
 * upright and whole on the page, where pixels map straight onto the box.
 */
function withoutClearMargins(d: Decoded, ctm: Matrix, pageWidth: number, pageHeight: number): Decoded {
  const { pixels } = d;
  const [a, b, c, dy, e, f] = ctm;
  const upright = Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6 && a > 0 && dy < 0;
  const whole = e >= 0 && e + a <= pageWidth && f + dy >= 0 && f <= pageHeight;
  const { width, height, data } = pixels;
  if (pixels.kind !== 3 || !data || !upright || !whole) return d;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) {
      if (data[i] <= CLEAR_ALPHA) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return d;
  const keptW = x1 - x0 + 1;
  const keptH = y1 - y0 + 1;
  if (keptW > width * (1 - MIN_CLEAR_MARGIN) && keptH > height * (1 - MIN_CLEAR_MARGIN)) return d;
  const cropped = new Uint8Array(keptW * keptH * 4);
  for (let y = 0; y < keptH; y++) cropped.set(data.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4), y * keptW * 4);
  // Row 0 of the picture is its top: the unit square's y = 1, at f + dy on the page.
  const top = f + dy;
  const bbox: BBox = [e + (a * x0) / width, top - (dy * y0) / height, e + (a * (x1 + 1)) / width, top - (dy * (y1 + 1)) / height].map(round) as BBox;
  return { ...d, bbox, pixels: { width: keptW, height: keptH, kind: 3, data: cropped } };
}

/** Edges (points) of two strips of one picture line up this closely... */
const STRIP_EDGE = 1;
/** ...and the next starts at most this far (points) above or below where the last ended. */
const STRIP_JOIN = 3;

/**
 * Some producers slice a picture into horizontal strips painted one under the other (same
 * left and right edges, same pixel width): they are one figure, joined back into one image.
 * Rows a strip repeats from the one above (strips often overlap by a point) are dropped.
 */
interface Decoded {
  bbox: BBox;
  pixels: DecodedImage;
  small?: boolean;
}

async function joinStrips(images: Decoded[]): Promise<Decoded[]> {
  const out: Decoded[] = [];
  for (const img of images) {
    const last = out[out.length - 1];
    const joinable =
      last &&
      Math.abs(last.bbox[0] - img.bbox[0]) <= STRIP_EDGE &&
      Math.abs(last.bbox[2] - img.bbox[2]) <= STRIP_EDGE &&
      Math.abs(img.bbox[1] - last.bbox[3]) <= STRIP_JOIN &&
      last.pixels.width === img.pixels.width &&
      last.pixels.kind === img.pixels.kind;
    if (!joinable || !(await withPixels(last.pixels)) || !(await withPixels(img.pixels))) {
      out.push(img);
      continue;
    }
    const stride = rowBytes(img.pixels);
    const overlapPt = Math.max(0, last.bbox[3] - img.bbox[1]);
    const skipRows = Math.min(img.pixels.height - 1, Math.round((overlapPt / (img.bbox[3] - img.bbox[1])) * img.pixels.height));
    const lastBytes = last.pixels.data!.subarray(0, last.pixels.height * rowBytes(last.pixels));
    const nextBytes = img.pixels.data!.subarray(skipRows * stride, img.pixels.height * stride);
    const data = new Uint8Array(lastBytes.length + nextBytes.length);
    data.set(lastBytes);
    data.set(nextBytes, lastBytes.length);
    out[out.length - 1] = {
      bbox: [last.bbox[0], last.bbox[1], Math.max(last.bbox[2], img.bbox[2]), img.bbox[3]],
      pixels: { width: img.pixels.width, height: last.pixels.height + img.pixels.height - skipRows, kind: img.pixels.kind, data },
    };
  }
  return out;
}

/** Bytes per row of pdf.js's layouts: 1-bit rows are padded to a byte. */
const rowBytes = ({ width, kind }: DecodedImage) => (kind === 1 ? (width + 7) >> 3 : kind === 2 ? width * 3 : width * 4);

/**
 * An image's decoded pixels. pdf.js sends them after the operator list itself resolves, so
 * they are awaited; an image it cannot decode (an unsupported filter) may never arrive, and
 * is skipped after OBJECT_WAIT_MS.
 */
export function decodedObject(page: PdfPage, objId: string): Promise<DecodedImage | null> {
  const objs = objId.startsWith("g_") ? page.commonObjs : page.objs;
  if (objs.has(objId)) return Promise.resolve(objs.get(objId) as DecodedImage | null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OBJECT_WAIT_MS);
    objs.get(objId, (value: unknown) => {
      clearTimeout(timer);
      resolve(value as DecodedImage | null);
    });
  });
}

/**
 * The image with its pixels: a plain JPEG pdf.js left undecoded is decoded now, by pdf.js's
 * own createImageData (the pixels it would have sent), and keeps them for its next use; null
 * when it has none and cannot be decoded.
 */
export async function withPixels(img: DecodedImage | null): Promise<DecodedImage | null> {
  if (!img || img.data) return img;
  if (img.deferred === undefined || img.deferredDoc === undefined) return null;
  const decoded = (await decodeDeferredJpeg(img.deferredDoc, img.deferred).catch(() => null)) as DecodedImage | null;
  if (!decoded?.data) return null;
  Object.assign(img, { data: decoded.data, kind: decoded.kind, width: decoded.width, height: decoded.height });
  return img;
}

/** The box of the unit square under `ctm`, clipped to the page; null when it falls off the page. */
function unitSquareBox(ctm: Matrix, pageWidth: number, pageHeight: number): BBox | null {
  const corners = [applyMatrix(ctm, 0, 0), applyMatrix(ctm, 1, 0), applyMatrix(ctm, 0, 1), applyMatrix(ctm, 1, 1)];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const box: BBox = [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys)), Math.min(pageWidth, Math.max(...xs)), Math.min(pageHeight, Math.max(...ys))];
  return box[2] > box[0] && box[3] > box[1] ? box.map(round) as BBox : null;
}

function isFigureSized([x0, y0, x1, y1]: BBox): boolean {
  const w = x1 - x0;
  const h = y1 - y0;
  return w >= MIN_SIDE && h >= MIN_SIDE && w * h >= MIN_AREA;
}

const isBackground = ([x0, y0, x1, y1]: BBox, pageWidth: number, pageHeight: number) => (x1 - x0) * (y1 - y0) >= BACKGROUND_SHARE * pageWidth * pageHeight;

const round = (n: number) => Math.round(n * 100) / 100;

const SUBTYPE = [...new TextEncoder().encode("/Subtype")];
const IMAGE = [...new TextEncoder().encode("/Image")];

/**
 * Whether the file declares any image XObject. Streams cannot sit in object streams, so an
 * image's dictionary is always plain text in the file, even when everything else is
 * compressed: a file without "/Subtype /Image" has no image XObjects (inline images live in
 * content streams; they are found on pages whose drawing is read for other reasons).
 */
export function documentHasImageXObjects(bytes: Uint8Array): boolean {
  const [s0] = SUBTYPE;
  outer: for (let i = bytes.indexOf(s0); i >= 0 && i < bytes.length - SUBTYPE.length; i = bytes.indexOf(s0, i + 1)) {
    for (let k = 1; k < SUBTYPE.length; k++) if (bytes[i + k] !== SUBTYPE[k]) continue outer;
    let j = i + SUBTYPE.length;
    while (j < bytes.length && (bytes[j] === 0x20 || bytes[j] === 0x0a || bytes[j] === 0x0d || bytes[j] === 0x09)) j++;
    let match = true;
    for (let k = 0; k < IMAGE.length; k++) if (bytes[j + k] !== IMAGE[k]) match = false;
    if (match && !isNameChar(bytes[j + IMAGE.length])) return true;
  }
  return false;
}

/** "/ImageB" is a different name than "/Image": a name ends at whitespace or a delimiter. */
const isNameChar = (b: number | undefined) => b !== undefined && b > 0x20 && !"/[]<>()%{}".includes(String.fromCharCode(b));
