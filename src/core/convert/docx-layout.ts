// Word, layout mode: each PDF page one section of the same size; each block a positioned
// frame paragraph at its place (one frame per block, not per line, so a paragraph stays
// one editable paragraph), tables floating at their place as real tables. Header and
// footer furniture is kept, and figures and the page's drawing (rules, boxes, fills) float
// where the PDF painted them: this mode reproduces how the page looked.
import { Document as WordDocument, FrameAnchorType, FrameWrap, HeightRule, HorizontalPositionRelativeFrom, ImageRun, LineRuleType, Packer, Paragraph, TextWrappingType, VerticalPositionRelativeFrom, type Table } from "docx";
import type { Block, Document, Page } from "../model";
import { blockAlign } from "./alignment";
import { wordAlign, wordIndent } from "./docx-paragraph";
import { wordRuns } from "./docx-runs";
import { headingOf, wordStyles, type WordStyles } from "./docx-styles";
import { wordTable } from "./docx-table";
import { halfPoints, twips, EMU_PER_POINT } from "./fonts";
import { verticalTable } from "./docx-vertical";
import { printedRows, tableBox } from "./table-grid";
import { layoutBlocks, linePitch, pitchLead, textBox } from "./layout-geometry";
import { isVertical } from "../geometry";
import { letterSpacing, lineSpacings } from "./layout-fit";
import { ownRuns } from "./spans";
import { pageShapes } from "./docx-shapes";
import { pixels, placedPictures, type Pictures } from "./pictures";

/** Smallest frame (twips) Word shows reliably. */
const MIN_FRAME = 100;

export async function docxLayout(doc: Document, pictures: Pictures = new Map()): Promise<Uint8Array> {
  const styles = wordStyles(doc);
  const sections = doc.pages.map((page) => ({
    properties: { page: { size: { width: twips(page.width), height: twips(page.height) }, margin: { top: 0, right: 0, bottom: 0, left: 0, header: 0, footer: 0 } } },
    children: [...pageShapes(page), ...pageFigures(page, pictures), ...pageElements(page, styles)],
  }));
  const word = new WordDocument({
    creator: "docparse",
    title: doc.source.title ?? doc.source.fileName,
    // The heading styles too: a page's titles are Word headings, so the navigation pane works in this mode as well.
    styles: { default: styles.options.default },
    sections: sections.length ? sections : [{ properties: {}, children: [new Paragraph("")] }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(word));
}

function pageElements(page: Page, styles: WordStyles): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  for (const block of layoutBlocks(page)) {
    if (block.table) out.push(anchor(), layoutTable(block), anchor());
    else if (isVertical(block)) out.push(anchor(), verticalTable(block, styles.body), anchor());
    else out.push(frame(block, page, styles));
  }
  // The section's properties ride on a last ordinary paragraph, not on a frame.
  out.push(anchor());
  return out;
}

/** A table floating at its place on the page, with the rows printed there. */
function layoutTable(block: Block): Table {
  const placed = { ...block, table: printedRows(block.table!) };
  const [x0, y0, x1, y1] = tableBox(placed);
  return wordTable({ ...placed, bbox: [x0, y0, x1, y1] }, { width: x1 - x0, position: { x: x0, y: y0 }, keepRowHeights: true });
}

/** The page's figures where the PDF painted them: pictures floating at page positions, behind nothing, pushing nothing. */
function pageFigures(page: Page, pictures: Pictures): Paragraph[] {
  return placedPictures(page).flatMap((placed) => {
    const picture = pictures.get(placed.ref);
    if (!picture) return [];
    const [x0, y0, x1, y1] = placed.bbox;
    const image = new ImageRun({
      type: picture.type,
      data: picture.bytes,
      transformation: { width: pixels(x1 - x0), height: pixels(y1 - y0) },
      floating: {
        horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(x0 * EMU_PER_POINT) },
        verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(y0 * EMU_PER_POINT) },
        allowOverlap: true,
        wrap: { type: TextWrappingType.NONE },
      },
      altText: { name: placed.ref, description: placed.alt || placed.ref, title: placed.ref },
    });
    return [new Paragraph({ spacing: { before: 0, after: 0 }, children: [image] })];
  });
}

/** An empty ordinary paragraph: frames before a table need one to anchor to (LibreOffice drops them otherwise). */
const anchor = () => new Paragraph({ spacing: { before: 0, after: 0 } });

function frame(block: Block, page: Page, styles: WordStyles): Paragraph {
  const [x0, y0, x1, y1] = block.bbox;
  const pitch = linePitch(block);
  const fit = letterSpacing(block);
  const align = blockAlign(block, page);
  const { x, width } = textBox(block, page, align, fit.fitted);
  const title = block.type === "title" ? headingOf(block, styles) : undefined;
  // Justified lines squeezed to fit are rounded down to Word's twentieth of a point, never up past the box.
  const justified = align === "justify";
  const spacings = lineSpacings(block, fit, width, justified, (points) => halfPoints(points) / 2).map((s) => (justified ? Math.floor(s * 20) / 20 : s));
  return new Paragraph({
    heading: title?.heading,
    frame: {
      type: "absolute",
      position: { x: twips(x), y: twips(y0 - pitchLead(block)) },
      width: Math.max(MIN_FRAME, twips(width)),
      height: Math.max(MIN_FRAME, twips(y1 - y0)),
      // At least the PDF height: a wider substitute font may need another line, never clip it.
      rule: HeightRule.ATLEAST,
      anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE },
      // Frames never push one another (or the section's last paragraph) around.
      wrap: FrameWrap.THROUGH,
    },
    alignment: wordAlign(block, page),
    indent: wordIndent(block),
    spacing: { before: 0, after: 0, ...(pitch ? { line: twips(pitch), lineRule: LineRuleType.EXACT } : {}) },
    children: wordRuns(ownRuns(block, spacings), title?.base ?? styles.body, fit.spacing),
  });
}
