// A PowerPoint presentation (.pptx) as a Document: one page per slide shown (hidden slides
// are skipped), the slide size as page size, blocks in reading order from the shapes'
// positions (titles first, then top to bottom, left to right). Speaker notes are not part
// of the output; pictures are image blocks at their shape's place, with their alt text; date, footer and slide-number placeholders are footer furniture.
import { CoreError } from "../../../errors";
import type { BBox, Block, Page, Warning } from "../../../model";
import type { OfficeParse } from "../docx/index";
import { slideReadingOrder } from "../layout";
import { readCoreTitle } from "../properties";
import { readRelationships, relOfType, type Relationships } from "../rels";
import { attr, kid, kids, parseXml, path, type XmlElement } from "../xml";
import type { OfficeZip } from "../zip";
import { chartTable } from "../chart";
import { isTitle, tableShapeBlock, textShapeBlocks } from "./content";
import { collectShapes, EMU_PER_POINT, placeholderBoxes, type SlideShape } from "./shapes";
import { altTextOf, blipOf, blipTarget, pictureBlock, pictureProps, type PictureParts } from "../pictures";

/** PowerPoint's default 4:3 slide (10 x 7.5 inches) when the presentation gives no size. */
const DEFAULT_SLIDE = { cx: 9144000, cy: 6858000 };
/** Shapes whose tops are this close (points) are read as one row, left to right. */

interface SlideRef {
  part: string;
}

function readPresentation(zip: OfficeZip): { slides: SlideRef[]; size: { cx: number; cy: number } } {
  const part = relOfType(readRelationships(zip, ""), "officeDocument")?.target ?? "ppt/presentation.xml";
  const xml = zip.text(part);
  if (!xml) throw new CoreError("corrupt_file", `The PowerPoint file has no presentation part (${part}).`);
  const root = parseXml(xml, part);
  const rels = readRelationships(zip, part);
  const slides: SlideRef[] = [];
  for (const s of kids(kid(root, "sldIdLst"), "sldId")) {
    const rel = s.attrs["r:id"] ? rels.get(s.attrs["r:id"]) : undefined;
    if (rel && !rel.external) slides.push({ part: rel.target });
  }
  const sz = kid(root, "sldSz");
  return { slides, size: { cx: Number(attr(sz, "cx") ?? DEFAULT_SLIDE.cx), cy: Number(attr(sz, "cy") ?? DEFAULT_SLIDE.cy) } };
}

export function parsePptx(zip: OfficeZip): OfficeParse {
  const { slides, size } = readPresentation(zip);
  const width = size.cx / EMU_PER_POINT;
  const height = size.cy / EMU_PER_POINT;
  const pages: Page[] = [];
  const warnings: Warning[] = [];
  const pictures: PictureParts = new Map();
  let linked = 0;
  for (const ref of slides) {
    const xml = zip.text(ref.part);
    if (!xml) continue;
    const slide = parseXml(xml, ref.part);
    if (["0", "false"].includes(attr(slide, "show") ?? "")) continue;
    const rels = readRelationships(zip, ref.part);
    const spTree = path(slide, "cSld", "spTree");
    const shapes = spTree ? collectShapes(spTree) : [];
    resolvePlaceholderBoxes(zip, rels, shapes);
    const placed: { block: Block; box: BBox; title: boolean }[] = [];
    for (const s of shapes) {
      const box = toPoints(s.box, width, height);
      if (s.kind === "picture") {
        // The box is the shape's, group transforms applied (shapes.ts); slideReadingOrder sets it on the block.
        const target = blipTarget(blipOf(s.el), rels);
        if (target && "part" in target) placed.push({ block: pictureBlock(target.part, altTextOf(pictureProps(s.el)), undefined, pictures), box, title: false });
        else if (target) linked++;
        continue;
      }
      for (const block of shapeBlocks(zip, s, rels)) placed.push({ block, box, title: isTitle(s.placeholder) });
    }
    pages.push({ index: pages.length, width, height, blocks: slideReadingOrder(placed) });
  }
  if (linked) warnings.push({ code: "images_not_extracted", message: `${linked} picture(s) of the presentation are linked to files outside it, not embedded, and are left out.` });
  return { pages, pageCount: pages.length, title: readCoreTitle(zip), warnings, pictures };
}

function shapeBlocks(zip: OfficeZip, s: SlideShape, rels: Relationships): Block[] {
  switch (s.kind) {
    case "text":
      return textShapeBlocks(s.el, s.placeholder, rels);
    case "table":
      return [tableShapeBlock(s.el, rels)];
    case "chart": {
      const rel = s.el.attrs["r:id"] ? rels.get(s.el.attrs["r:id"]) : undefined;
      const xml = rel && !rel.external ? zip.text(rel.target) : null;
      const table = xml ? chartTable(parseXml(xml, rel!.target)) : null;
      return table ? [table] : [];
    }
    default:
      return []; // pictures are placed by parsePptx
  }
}

/** EMU box to points, clipped to the slide (shapes may hang off its edge). */
function toPoints(box: BBox | null, width: number, height: number): BBox {
  if (!box) return [0, 0, width, height];
  const clip = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v / EMU_PER_POINT)) * 100) / 100;
  return [clip(box[0], width), clip(box[1], height), clip(box[2], width), clip(box[3], height)];
}

/** Placeholders placed by their layout (or the layout's master) get that position. */
function resolvePlaceholderBoxes(zip: OfficeZip, slideRels: Relationships, shapes: SlideShape[]): void {
  const missing = shapes.filter((s) => s.placeholder && !s.box);
  if (!missing.length) return;
  const layoutPart = relOfType(slideRels, "slideLayout")?.target;
  const layout = layoutPart ? spTreeOf(zip, layoutPart) : undefined;
  const masterPart = layoutPart ? relOfType(readRelationships(zip, layoutPart), "slideMaster")?.target : undefined;
  const master = masterPart ? spTreeOf(zip, masterPart) : undefined;
  const sources = [placeholderBoxes(layout), placeholderBoxes(master)];
  for (const s of missing) {
    const type = s.placeholder!.type ?? "body";
    // A centred title takes the title position, a subtitle the body one, when only those exist.
    const alias = type === "ctrTitle" ? "title" : type === "subTitle" ? "body" : type;
    for (const src of sources) {
      const box = (s.placeholder!.idx !== undefined ? src.byIdx.get(s.placeholder!.idx) : undefined) ?? src.byType.get(type) ?? src.byType.get(alias);
      if (box) {
        s.box = box;
        break;
      }
    }
  }
}

function spTreeOf(zip: OfficeZip, part: string): XmlElement | undefined {
  const xml = zip.text(part);
  return xml ? path(parseXml(xml, part), "cSld", "spTree") : undefined;
}
