// Word, layout mode: each PDF page one section of the same size; each block a positioned
// frame paragraph at its place (one per block, not per line), so the page looks like the
// original and each paragraph stays editable.
import { Document as WordDocument, FrameAnchorType, Packer, Paragraph, type Table } from "docx";
import type { Document, Page } from "../model";
import { textRuns, wordTable } from "./docx-common";
import { twips } from "./fonts";

/** Frames get a little extra height so a substituted font does not clip the last line. */
const FRAME_SLACK = 1.15;

export async function docxLayout(doc: Document): Promise<Uint8Array> {
  const sections = doc.pages.map((page) => ({
    properties: { page: { size: { width: twips(page.width), height: twips(page.height) }, margin: { top: 0, right: 0, bottom: 0, left: 0 } } },
    children: pageElements(page),
  }));
  const word = new WordDocument({ creator: "docparse", title: doc.source.title ?? doc.source.fileName, sections: sections.length ? sections : [{ children: [new Paragraph("")] }] });
  return new Uint8Array(await Packer.toArrayBuffer(word));
}

function pageElements(page: Page): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  for (const block of page.blocks) {
    if (block.hidden && block.layer === "body") continue;
    const [x0, y0, x1, y1] = block.bbox;
    if (block.table) {
      out.push(wordTable(block, x1 - x0));
      continue;
    }
    out.push(
      new Paragraph({
        frame: {
          type: "absolute",
          position: { x: twips(x0), y: twips(y0) },
          width: Math.max(twips(x1 - x0) + 40, 200),
          height: Math.max(twips((y1 - y0) * FRAME_SLACK), 200),
          anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE },
        },
        children: textRuns(block, { keepSize: true }),
      }),
    );
  }
  return out.length ? out : [new Paragraph("")];
}
