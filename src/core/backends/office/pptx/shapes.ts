// The shapes of a slide as positioned items: text shapes with their paragraphs, tables,
// charts, pictures. Group transforms are applied so every box is in slide coordinates;
// placeholders without their own position take the one their layout or master gives.
import type { BBox } from "../../../model";
import { attr, kid, kids, path, type XmlElement } from "../xml";

export { EMU_PER_POINT } from "../pictures";

export interface Placement {
  type?: string;
  idx?: string;
}

export interface SlideShape {
  kind: "text" | "table" | "chart" | "picture";
  el: XmlElement;
  box: BBox | null;
  placeholder?: Placement;
}

/** Maps child coordinates of a group into its parent's. */
interface Transform {
  (x: number, y: number): [number, number];
  scaleX: number;
  scaleY: number;
}

const identity: Transform = Object.assign((x: number, y: number): [number, number] => [x, y], { scaleX: 1, scaleY: 1 });

/** Box of an a:xfrm in the parent's coordinates (EMU), or null when the shape has none. */
function xfrmBox(xfrm: XmlElement | undefined, t: Transform): BBox | null {
  const off = kid(xfrm, "off");
  const ext = kid(xfrm, "ext");
  if (!off || !ext) return null;
  const [x0, y0] = t(Number(attr(off, "x") ?? 0), Number(attr(off, "y") ?? 0));
  const w = Number(attr(ext, "cx") ?? 0) * t.scaleX;
  const h = Number(attr(ext, "cy") ?? 0) * t.scaleY;
  return [x0, y0, x0 + w, y0 + h];
}

function groupTransform(grpSp: XmlElement, parent: Transform): Transform {
  const xfrm = path(grpSp, "grpSpPr", "xfrm");
  const num = (el: XmlElement | undefined, a: string) => Number(attr(el, a) ?? 0);
  const off = kid(xfrm, "off");
  const ext = kid(xfrm, "ext");
  const chOff = kid(xfrm, "chOff");
  const chExt = kid(xfrm, "chExt");
  if (!off || !ext || !chOff || !chExt) return parent;
  const sx = num(chExt, "cx") ? num(ext, "cx") / num(chExt, "cx") : 1;
  const sy = num(chExt, "cy") ? num(ext, "cy") / num(chExt, "cy") : 1;
  const t = (x: number, y: number): [number, number] => parent(num(off, "x") + (x - num(chOff, "x")) * sx, num(off, "y") + (y - num(chOff, "y")) * sy);
  return Object.assign(t, { scaleX: parent.scaleX * sx, scaleY: parent.scaleY * sy });
}

export function placementOf(shape: XmlElement): Placement | undefined {
  const nv = kids(shape).find((c) => c.local.startsWith("nv"));
  const ph = path(nv, "nvPr", "ph");
  if (!ph) return undefined;
  return { type: attr(ph, "type"), idx: attr(ph, "idx") };
}

/** All shapes of a shape tree in document order, flattened through groups. */
export function collectShapes(spTree: XmlElement, t: Transform = identity, out: SlideShape[] = []): SlideShape[] {
  for (const c of kids(spTree)) {
    switch (c.local) {
      case "sp":
        if (kid(c, "txBody")) out.push({ kind: "text", el: c, box: xfrmBox(path(c, "spPr", "xfrm"), t), placeholder: placementOf(c) });
        break;
      case "grpSp":
        collectShapes(c, groupTransform(c, t), out);
        break;
      case "graphicFrame": {
        const data = path(c, "graphic", "graphicData");
        const box = xfrmBox(kid(c, "xfrm"), t);
        if (kid(data, "tbl")) out.push({ kind: "table", el: kid(data, "tbl")!, box, placeholder: placementOf(c) });
        else if (kid(data, "chart")) out.push({ kind: "chart", el: kid(data, "chart")!, box, placeholder: placementOf(c) });
        break;
      }
      case "pic":
        out.push({ kind: "picture", el: c, box: xfrmBox(path(c, "spPr", "xfrm"), t), placeholder: placementOf(c) });
        break;
      case "AlternateContent":
        collectShapes(kid(c, "Choice") ?? c, t, out);
        break;
      default:
        break; // connectors, content parts, properties
    }
  }
  return out;
}

/** Positions of the placeholders of a layout or master, by idx and by type. */
export function placeholderBoxes(spTree: XmlElement | undefined): { byIdx: Map<string, BBox>; byType: Map<string, BBox> } {
  const byIdx = new Map<string, BBox>();
  const byType = new Map<string, BBox>();
  if (!spTree) return { byIdx, byType };
  for (const s of collectShapes(spTree)) {
    if (!s.placeholder || !s.box) continue;
    if (s.placeholder.idx !== undefined && !byIdx.has(s.placeholder.idx)) byIdx.set(s.placeholder.idx, s.box);
    const type = s.placeholder.type ?? "body";
    if (!byType.has(type)) byType.set(type, s.box);
  }
  return { byIdx, byType };
}
