// PowerPoint, layout mode: one slide per page with the page's size, one text box per
// block at its place with its font, size and style; tables as slide tables.
import PptxGenJS from "pptxgenjs";
import type { Block, Document } from "../model";
import { officeFont } from "./fonts";
import { blockRuns } from "./spans";

const inches = (points: number) => points / 72;

export async function pptxLayout(doc: Document): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  const first = doc.pages[0];
  pptx.defineLayout({ name: "PDF", width: inches(first?.width ?? 720), height: inches(first?.height ?? 540) });
  pptx.layout = "PDF";
  pptx.title = doc.source.title ?? doc.source.fileName;
  for (const page of doc.pages) {
    const slide = pptx.addSlide();
    for (const block of page.blocks) {
      if (block.hidden && block.layer === "body") continue;
      addBlock(slide, block);
    }
  }
  const out = (await pptx.write({ outputType: "uint8array" })) as Uint8Array;
  return out;
}

function addBlock(slide: PptxGenJS.Slide, block: Block): void {
  const [x0, y0, x1, y1] = block.bbox;
  const box = { x: inches(x0), y: inches(y0), w: Math.max(inches(x1 - x0), 0.2), h: Math.max(inches(y1 - y0), 0.15) };
  if (block.table) {
    const rows = block.table.rows.map((row) => row.map((c) => ({ text: c.text, options: { rowspan: c.rowSpan > 1 ? c.rowSpan : undefined, colspan: c.colSpan > 1 ? c.colSpan : undefined, bold: c.header } })));
    slide.addTable(rows, { ...box, fontSize: 9, border: { type: "solid", pt: 0.5, color: "808080" } });
    return;
  }
  const runs = blockRuns(block).map((r) => ({
    text: r.text,
    options: { fontFace: officeFont(r.fontFamily), fontSize: Math.max(1, Math.round(r.fontSize)), bold: r.bold, italic: r.italic, color: r.color?.replace("#", ""), hyperlink: r.link ? { url: r.link } : undefined },
  }));
  slide.addText(runs, { ...box, margin: 0, valign: "top", fit: "none", wrap: true, bullet: block.type === "list" ? (block.list?.ordered ? { type: "number" } : true) : undefined, objectName: block.type === "title" ? "Title" : undefined });
}
