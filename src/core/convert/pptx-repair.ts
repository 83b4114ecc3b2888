// Mends what pptxgenjs writes wrongly before the file leaves us:
// - it repeats <a:pPr> before every run of a paragraph, which the schema forbids (CT_TextParagraph
//   allows one, first) and PowerPoint answers with a repair prompt (gitbrent/PptxGenJS#1081);
// - it names a title placeholder "Text 0"; PowerPoint's own name for it is "Title 1";
// - it cannot write a paragraph's first-line or hanging indent (it writes indent="0"
//   marL="0" on every plain paragraph): the indents are set here, shape by shape, and the
//   margins that move a table cell's centred text to where it was printed, cell by cell.
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { EMU_PER_POINT } from "./fonts";

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;
const PARAGRAPH = /<a:p>(.*?)<\/a:p>/gs;
const PARAGRAPH_PROPS = /<a:pPr\b[^>]*?\/>|<a:pPr\b[^>]*>.*?<\/a:pPr>/gs;
const TITLE_NAME = /name="[^"]*"(><\/p:cNvPr><p:cNvSpPr\/><p:nvPr><p:ph\b[^>]*type="title")/g;

const SHAPE = /<p:sp>.*?<\/p:sp>/gs;
const SHAPE_NAME = /<p:cNvPr id="\d+" name="([^"]*)"/;
const NO_INDENT = / indent="0" marL="0"/g;

/** First-line indents (points; negative hangs) by shape name. */
export type ShapeIndents = Map<string, number>;
/** By table name, the paragraph margin (points: left when positive, right when negative) of its cells, counted as written (a merged cell once). */
export type CellShifts = Map<string, Map<number, number>>;

export function repairPptx(bytes: Uint8Array, indents: ShapeIndents = new Map(), shifts: CellShifts = new Map()): Uint8Array {
  const files = unzipSync(bytes);
  for (const name of Object.keys(files)) {
    if (!SLIDE.test(name)) continue;
    files[name] = strToU8(shiftCells(indentParagraphs(repairSlideXml(strFromU8(files[name])), indents), shifts));
  }
  return zipSync(files);
}

const TABLE_FRAME = /<p:graphicFrame>.*?<\/p:graphicFrame>/gs;
/** A table cell as pptxgenjs writes it; the ones a merge covers say hMerge or vMerge. */
const TABLE_CELL = /<a:tc\b([^>]*)>.*?<\/a:tc>/gs;

/** Each listed cell's paragraphs get their margin: centred text moves by half of it. */
export function shiftCells(xml: string, shifts: CellShifts): string {
  if (!shifts.size) return xml;
  return xml.replace(TABLE_FRAME, (frame) => {
    const cells = shifts.get(SHAPE_NAME.exec(frame)?.[1] ?? "");
    if (!cells) return frame;
    let ordinal = 0;
    return frame.replace(TABLE_CELL, (cell, attributes: string) => {
      if (/\b[hv]Merge=/.test(attributes)) return cell;
      const points = cells.get(ordinal++);
      if (!points) return cell;
      const emu = Math.round(Math.abs(points) * EMU_PER_POINT);
      return cell.replace(NO_INDENT, points > 0 ? ` indent="0" marL="${emu}"` : ` indent="0" marL="0" marR="${emu}"`);
    });
  });
}

/** A positive indent moves the first line right; a negative one hangs it: the other lines move right (marL) and the first comes back. */
export function indentParagraphs(xml: string, indents: ShapeIndents): string {
  if (!indents.size) return xml;
  return xml.replace(SHAPE, (shape) => {
    const points = indents.get(SHAPE_NAME.exec(shape)?.[1] ?? "");
    if (!points) return shape;
    const emu = Math.round(Math.abs(points) * EMU_PER_POINT);
    return shape.replace(NO_INDENT, points > 0 ? ` indent="${emu}" marL="0"` : ` indent="-${emu}" marL="${emu}"`);
  });
}

export function repairSlideXml(xml: string): string {
  return xml
    .replace(PARAGRAPH, (_, body: string) => {
      let seen = false;
      return `<a:p>${body.replace(PARAGRAPH_PROPS, (props) => (seen ? "" : ((seen = true), props)))}</a:p>`;
    })
    .replace(TITLE_NAME, 'name="Title 1"$1');
}
