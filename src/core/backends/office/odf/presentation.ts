// An OpenDocument presentation (.odp) as a Document, the way a .pptx is read: a page per
// slide (hidden slides skipped) of the slide size its master page's layout gives; each
// frame or shape read by the same reader as OpenDocument text (paragraphs, lists with their
// numbering, tables with spans), placed where the slide puts it (svg:x/y/width/height),
// titles first then top to bottom; pictures of the package kept; speaker notes, and the
// footer, date and slide-number fields of the master, left out (they are not the slide's).
import { CoreError } from "../../../errors";
import type { BBox, Block, Page } from "../../../model";
import type { OfficeParse } from "../docx/index";
import { slideReadingOrder } from "../layout";
import { pictureBlock, type PictureParts } from "../pictures";
import { textBlock } from "../blocks";
import { attr, kid, kids, path, type XmlElement } from "../xml";
import type { OfficeZip } from "../zip";
import { odfParts, odfReader, pageLayout } from "./text";
import { length } from "./units";

/** Placeholders that are the master's furniture or the speaker's, not the slide's content. */
const NOT_CONTENT = new Set(["notes", "header", "footer", "date-time", "page-number", "page"]);
/** Shapes that may carry text of their own. */
const SHAPES = new Set(["custom-shape", "rect", "ellipse", "polygon", "polyline", "path", "circle", "line", "connector", "caption", "regular-polygon"]);

interface Placed {
  block: Block;
  box: BBox;
  title: boolean;
}

export function parseOdp(zip: OfficeZip): OfficeParse {
  const { content, styles } = odfParts(zip);
  const presentation = path(content, "body", "presentation");
  if (!presentation) throw new CoreError("corrupt_file", "The OpenDocument presentation has no body.");
  const hidden = hiddenPageStyles(content);
  const layouts = masterLayouts(styles);
  const pictures: PictureParts = new Map();
  const pages: Page[] = [];
  for (const slide of kids(presentation, "page")) {
    if (hidden.has(attr(slide, "style-name") ?? "")) continue;
    const size = pageLayout(styles, layouts.get(attr(slide, "master-page-name") ?? ""));
    const placed: Placed[] = [];
    for (const shape of shapesOf(slide)) placed.push(...shapeBlocks(shape, content, styles, size, pictures));
    pages.push({ index: pages.length, width: size.width, height: size.height, blocks: slideReadingOrder(placed) });
  }
  return { pages, pageCount: pages.length, warnings: [], pictures };
}

/** Frames and shapes of a slide, through groups (whose members carry their own positions). */
function shapesOf(el: XmlElement): XmlElement[] {
  return kids(el).flatMap((c) => (c.local === "g" ? shapesOf(c) : c.local === "frame" || SHAPES.has(c.local) ? [c] : []));
}

function shapeBlocks(shape: XmlElement, content: XmlElement, styles: XmlElement | undefined, size: { width: number; height: number }, pictures: PictureParts): Placed[] {
  const role = attr(shape, "class");
  if (role && NOT_CONTENT.has(role)) return [];
  const box = boxOf(shape, size);
  const title = role === "title";
  const blocks: Block[] = [];
  // Notes of the slide's text go under its text: a slide has no foot.
  const notes: string[] = [];
  const reader = odfReader(content, styles, { emit: (b) => blocks.push(b), pageBreak: () => {}, note: (text) => notes.push(text) });
  for (const c of kids(shape)) {
    if (c.local === "text-box") reader.readContainer(c);
    else if (c.local === "table") blocks.push(reader.readTable(c));
    else if (c.local === "image" && shape.local === "frame" && !blocks.length) {
      const part = attr(c, "href");
      if (part && !/^[a-z]+:/i.test(part)) blocks.push(pictureBlock(part.replace(/^\.\//, ""), altText(shape), undefined, pictures));
    }
  }
  // A shape's own text (a rectangle with words in it).
  if (shape.local !== "frame") reader.readContainer(shape);
  for (const [i, note] of notes.entries()) blocks.push(textBlock("footnote", `[${i + 1}] ${note}`, [], "footnote"));
  return blocks.map((block) => {
    if (title && block.type !== "image" && block.type !== "table") {
      block.type = "title";
      block.titleLevel = 1;
      delete block.list;
    }
    return { block, box, title };
  });
}

function boxOf(shape: XmlElement, size: { width: number; height: number }): BBox {
  const x = length(attr(shape, "x")) ?? 0;
  const y = length(attr(shape, "y")) ?? 0;
  const w = length(attr(shape, "width")) ?? size.width - x;
  const h = length(attr(shape, "height")) ?? 0;
  const clip = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 100) / 100;
  return [clip(x, size.width), clip(y, size.height), clip(x + w, size.width), clip(y + h, size.height)];
}

/** A frame's description for readers (svg:title, else svg:desc). */
function altText(frame: XmlElement): string | undefined {
  for (const name of ["title", "desc"]) {
    const text = kid(frame, name)?.children.filter((c): c is string => typeof c === "string").join("").trim();
    if (text) return text;
  }
  return undefined;
}

/** Drawing-page styles that hide their slide (presentation:visibility="hidden"). */
function hiddenPageStyles(content: XmlElement): Set<string> {
  const out = new Set<string>();
  for (const st of kids(kid(content, "automatic-styles"), "style")) {
    if (attr(kid(st, "drawing-page-properties"), "visibility") === "hidden") out.add(attr(st, "name") ?? "");
  }
  return out;
}

/** Master page name -> its page layout name (the slide size). */
function masterLayouts(styles: XmlElement | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const master of kids(kid(styles, "master-styles"), "master-page")) out.set(attr(master, "name") ?? "", attr(master, "page-layout-name") ?? "");
  return out;
}
