// Pictures of Office files, while the XML is read: a picture becomes an `image` block at
// once (so it keeps its place in reading order) and its package part is remembered beside
// it. Parsing stays synchronous and holds no image bytes; the parts are read and handed to
// the ImageSink afterwards, only for the pages kept (store-pictures.ts).
import type { Block } from "../../model";
import { NO_BOX } from "./blocks";
import type { Relationships } from "./rels";
import { attr, kid, path, type XmlElement } from "./xml";

/** EMU per point (914400 per inch, 72 points per inch). */
export const EMU_PER_POINT = 12700;

/** The package part of each picture block; blocks that never reach a page are simply not looked up. */
export type PictureParts = Map<Block, string>;

/** What a picture reference resolved to: a part of the package, or an address outside it. */
export type PictureTarget = { part: string } | { linked: string } | null;

/**
 * The picture a blip names. `r:embed` is a part of the package; `r:link` (with no embed) is
 * a file or address the author linked rather than embedded, which is not in the upload.
 */
export function blipTarget(blip: XmlElement | undefined, rels: Relationships): PictureTarget {
  if (!blip) return null;
  const embed = blip.attrs["r:embed"] ? rels.get(blip.attrs["r:embed"]) : undefined;
  if (embed && !embed.external) return { part: embed.target };
  const link = blip.attrs["r:link"] ? rels.get(blip.attrs["r:link"]) : embed;
  return link ? { linked: link.target } : null;
}

/** The a:blip of a picture (pic:pic, p:pic, xdr:pic): under its blipFill. */
export const blipOf = (pic: XmlElement | undefined): XmlElement | undefined => path(pic, "blipFill", "blip");

/** Office appends one of these to alt text it generates; they describe the generator, not the picture. */
const GENERATED_NOTE = /\s*(?:AI-generated content may be incorrect|Description automatically generated(?: with (?:low|medium|high) confidence)?)\.?\s*$/i;

/** The author's alt text (descr, else title) of a cNvPr / docPr element, cleaned; undefined when none. */
export function altTextOf(props: XmlElement | undefined): string | undefined {
  for (const name of ["descr", "title"]) {
    const text = (attr(props, name) ?? "").replace(GENERATED_NOTE, "").replace(/\s+/g, " ").trim();
    if (text) return text;
  }
  return undefined;
}

/**
 * An image block for a picture part. Its ref is given when the bytes are stored; until
 * then the box holds the picture's size in points (width, height at the origin) for the
 * layout of flowing pages (layout.ts) to place it.
 */
export function pictureBlock(part: string, alt: string | undefined, size: [number, number] | undefined, pictures: PictureParts): Block {
  const block: Block = { type: "image", bbox: size ? [0, 0, size[0], size[1]] : NO_BOX, text: "", image: { ref: "", mime: mimeOfPart(part) }, layer: "body", source: "ooxml" };
  // The alt text is the picture's words for a reader, as a PDF figure's caption is: Markdown writes it as ![alt](…).
  if (alt) block.captions = [alt];
  pictures.set(block, part);
  return block;
}

/** Size in points of an EMU extent (wp:extent, a:ext): undefined when absent or empty. */
export function extentPoints(ext: XmlElement | undefined): [number, number] | undefined {
  const cx = Number(attr(ext, "cx"));
  const cy = Number(attr(ext, "cy"));
  if (!(cx > 0 && cy > 0)) return undefined;
  return [Math.round((cx / EMU_PER_POINT) * 100) / 100, Math.round((cy / EMU_PER_POINT) * 100) / 100];
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  gif: "image/gif",
  bmp: "image/bmp",
  webp: "image/webp",
  svg: "image/svg+xml",
  tif: "image/tiff",
  tiff: "image/tiff",
  emf: "image/emf",
  wmf: "image/wmf",
};

/** Mime of a picture part from its extension (Office names media parts by their format). */
export function mimeOfPart(part: string): string {
  const ext = part.slice(part.lastIndexOf(".") + 1).toLowerCase();
  return MIME_BY_EXTENSION[ext] ?? "application/octet-stream";
}

/** What a browser shows in <img>: other formats (EMF, WMF, TIFF) are kept as the file has them, with a warning. */
export const WEB_IMAGE_MIMES = new Set(["image/png", "image/jpeg", "image/gif", "image/bmp", "image/webp", "image/svg+xml"]);

/** The extension a stored picture gets in its ref, from its mime (so `.jpeg` and `.jpg` parts agree). */
export function extensionOf(mime: string, part: string): string {
  const known: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/bmp": "bmp", "image/webp": "webp", "image/svg+xml": "svg", "image/tiff": "tif", "image/emf": "emf", "image/wmf": "wmf" };
  return known[mime] ?? (part.slice(part.lastIndexOf(".") + 1).toLowerCase().replace(/[^a-z0-9]/g, "") || "bin");
}

/** The element holding a picture's name and alt text (pic:nvPicPr/pic:cNvPr, p:nvPicPr/p:cNvPr, xdr:nvPicPr/xdr:cNvPr). */
export const pictureProps = (pic: XmlElement | undefined): XmlElement | undefined => path(pic, "nvPicPr", "cNvPr") ?? kid(pic, "cNvPr");
