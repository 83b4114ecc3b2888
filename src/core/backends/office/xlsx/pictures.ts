// Pictures placed on a sheet (xl/drawings/*.xml `xdr:pic`, in any anchor), as image blocks
// after the sheet's tables: a sheet page is laid out as a stack (layout.ts), so a picture's
// cell anchor says nothing about where it stands among the tables' blocks here.
import type { Block } from "../../../model";
import { altTextOf, blipOf, blipTarget, extentPoints, pictureBlock, pictureProps, type PictureParts } from "../pictures";
import { readRelationships } from "../rels";
import { descendants, kid, parseXml, path } from "../xml";
import type { OfficeZip } from "../zip";

export function drawingPictures(zip: OfficeZip, drawingPart: string, pictures: PictureParts, lost: { linked: number }): Block[] {
  const xml = zip.text(drawingPart);
  if (!xml) return [];
  const rels = readRelationships(zip, drawingPart);
  const out: Block[] = [];
  for (const pic of descendants(parseXml(xml, drawingPart), "pic")) {
    if (!kid(pic, "blipFill")) continue;
    const target = blipTarget(blipOf(pic), rels);
    if (target && "part" in target) out.push(pictureBlock(target.part, altTextOf(pictureProps(pic)), extentPoints(path(pic, "spPr", "xfrm", "ext")), pictures));
    else if (target) lost.linked++;
  }
  return out;
}
