// PowerPoint, layout mode: one slide per page, the slide the page's size; one text box per
// block at its place with its fonts, sizes, emphasis, colours and alignment (not a shape
// per line, so a paragraph stays editable); the page's first title is the slide's title
// placeholder; tables as slide tables. Output as bytes (no file system), so it runs in workerd.
import PptxGenJS from "pptxgenjs";
import type { Block, Document, Page, Shape } from "../model";
import { blockAlign, firstLineIndent } from "./alignment";
import { DEFAULT_FONT, officeFont, slidePoints } from "./fonts";
import { fontLineHeight, layoutBlocks, linePitch, pitchLead, textBox } from "./layout-geometry";
import { isVertical } from "../geometry";
import { letterSpacing, lineSpacings, type Fit } from "./layout-fit";
import { verticalBox } from "./vertical-box";
import { addSlideTable } from "./pptx-table";
import { printedRows, tableBox } from "./table-grid";
import { repairPptx, type CellShifts, type ShapeIndents } from "./pptx-repair";
import { TitleLayouts } from "./pptx-title";
import { dominantStyle, ownRuns } from "./spans";
import { placedPictures, type Pictures } from "./pictures";
import { shapesNotDrawnElsewhere } from "./page-shapes";
import { base64 } from "../images/base64";

const POINTS_PER_INCH = 72;
/** Letter landscape, when the document has no pages. */
const DEFAULT_SLIDE = { width: 792, height: 612 };
/**
 * A subscript's drop: -25% of its size, PowerPoint's own subscript (pptxgenjs writes its
 * `baseline` option times 50 as DrawingML's thousandths of a percent). Its `subscript` flag
 * writes -40%, which dropped scripts most of a line below where the PDF printed them.
 */
const SUBSCRIPT_BASELINE = -500;
/** Smallest box (inches) PowerPoint lets one select. */
const MIN_BOX = 0.1;

export async function pptxLayout(doc: Document, pictures: Pictures = new Map()): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  // A presentation has one slide size: the first page's. Other pages are scaled to fit it.
  const slide = doc.pages[0] ?? DEFAULT_SLIDE;
  pptx.defineLayout({ name: "PDF", width: slide.width / POINTS_PER_INCH, height: slide.height / POINTS_PER_INCH });
  pptx.layout = "PDF";
  pptx.title = doc.source.title ?? doc.source.fileName;
  pptx.author = "docparse";
  const body = dominantStyle(doc.pages.flatMap((p) => p.blocks).filter((b) => b.type === "text").flatMap((b) => (b.lines ?? []).flatMap((l) => l.spans)));
  const titles = new TitleLayouts(pptx);
  const indents: ShapeIndents = new Map();
  const shifts: CellShifts = new Map();
  for (const page of doc.pages) {
    const scale = Math.min(slide.width / page.width, slide.height / page.height) / POINTS_PER_INCH;
    const blocks = layoutBlocks(page);
    const title = blocks.find((b) => b.type === "title" && !b.hidden);
    const s = pptx.addSlide(title ? { masterName: titles.layoutFor(box(title, page, scale)) } : undefined);
    // The page's drawing first (rules, boxes, fills), then the figures, under the text.
    for (const shape of shapesNotDrawnElsewhere(page)) addShape(pptx, s, shape, scale);
    // Figures under the text, where the PDF painted them.
    for (const placed of placedPictures(page)) {
      const picture = pictures.get(placed.ref);
      const [x0, y0, x1, y1] = placed.bbox;
      if (picture) s.addImage({ data: `image/${picture.type === "jpg" ? "jpeg" : picture.type};base64,${base64(picture.bytes)}`, x: x0 * scale, y: y0 * scale, w: (x1 - x0) * scale, h: (y1 - y0) * scale, altText: placed.alt });
    }
    for (const block of blocks) {
      if (block.table) {
        const placed = { ...block, table: printedRows(block.table) };
        addSlideTable(s, { ...placed, bbox: tableBox(placed) }, scale, body.fontSize, officeFont(body.fontFamily), shifts);
      }
      else addTextBox(s, block, page, scale, block === title, indents);
    }
  }
  return repairPptx((await pptx.write({ outputType: "uint8array" })) as Uint8Array, indents, shifts);
}


/** One rule or rectangle of the PDF's drawing as a slide shape (inches; line widths in points). */
function addShape(pptx: PptxGenJS, slide: PptxGenJS.Slide, shape: Shape, scale: number): void {
  const color = (c: string) => c.replace("#", "").toUpperCase();
  if (shape.kind === "rect") {
    const [x0, y0, x1, y1] = shape.bbox;
    slide.addShape(pptx.ShapeType.rect, {
      x: x0 * scale, y: y0 * scale, w: Math.max(0.001, (x1 - x0) * scale), h: Math.max(0.001, (y1 - y0) * scale),
      fill: shape.fill ? { color: color(shape.fill) } : { type: "none" },
      line: shape.stroke ? { color: color(shape.stroke), width: slideLineWidth(shape.width ?? 1) } : { type: "none" },
    });
    return;
  }
  const [[ax, ay], [bx, by]] = [shape.from, shape.to];
  // A line shape runs from its box's top-left corner to the bottom-right; flipped for the other diagonal.
  slide.addShape(pptx.ShapeType.line, {
    x: Math.min(ax, bx) * scale, y: Math.min(ay, by) * scale, w: Math.abs(bx - ax) * scale, h: Math.abs(by - ay) * scale,
    flipH: (bx < ax) !== (by < ay),
    line: { color: color(shape.stroke), width: slideLineWidth(shape.width) },
  });
}

/** Rules thinner than this (points) are drawn as hairlines on a slide. */
const HAIRLINE_BELOW = 0.5;
/**
 * A slide's hairline. OOXML's is width 0, which pptxgenjs writes as 1 pt; a hundredth of a
 * point is the same one-pixel line (LibreOffice rounds it to its hairline, 0). Drawn at its
 * own width, LibreOffice smooths a 0.24 pt rule into a grey that fades out, where a PDF
 * viewer keeps every rule at least a pixel wide (nics's table rules, its 0-width strokes).
 */
const HAIRLINE = 0.01;
const slideLineWidth = (points: number) => (points < HAIRLINE_BELOW ? HAIRLINE : points);

/** The block's text box on the slide, in inches. */
function box(block: Block, page: Page, scale: number, fit: Fit = letterSpacing(block)) {
  if (isVertical(block)) {
    const v = verticalBox(block);
    return { x: v.x * scale, y: v.y * scale, w: Math.max(MIN_BOX, v.width * scale), h: Math.max(MIN_BOX, v.height * scale) };
  }
  const [, y0, , y1] = block.bbox;
  const { x, width } = textBox(block, page, blockAlign(block, page), fit.fitted);
  return { x: x * scale, y: (y0 - pitchLead(block)) * scale, w: Math.max(MIN_BOX, width * scale), h: Math.max(MIN_BOX, (y1 - y0) * scale) };
}

/** `indents` collects the block's first-line indent by shape name (written when the file is mended). */
function addTextBox(slide: PptxGenJS.Slide, block: Block, page: Page, scale: number, isTitle: boolean, indents: ShapeIndents): void {
  const toPoints = scale * POINTS_PER_INCH;
  const fit = letterSpacing(block);
  const vertical = isVertical(block);
  // Turned text runs along the box's height: the squeeze measured across its width does not apply.
  // Letter spacing in slide points, to the hundredth.
  const slideSpacing = (points: number) => Math.round(points * toPoints * 100) / 100 || undefined;
  const charSpacing = fit.spacing && !vertical ? slideSpacing(fit.spacing) : undefined;
  const align = vertical ? "left" : blockAlign(block, page);
  const geometry = box(block, page, scale, fit);
  // Lines squeezed to the box's width (points), where they would wrap.
  const spacings = vertical ? undefined : lineSpacings(block, fit, geometry.w / scale, align === "justify", (points) => slidePoints(points * toPoints) / toPoints);
  // Each printed line ("\n") breaks here too, inside the one paragraph.
  const runs: PptxGenJS.TextProps[] = ownRuns(block, spacings).flatMap((r) =>
    r.text.split("\n").map((text, k) => ({
      text,
      options: {
        softBreakBefore: k > 0 || undefined,
        fontFace: r.fontFamily ? officeFont(r.fontFamily) : DEFAULT_FONT,
        fontSize: slidePoints(r.fontSize * toPoints),
        bold: r.bold,
        italic: r.italic,
        color: r.color ? r.color.replace("#", "").toUpperCase() : undefined,
        hyperlink: r.link ? { url: r.link } : undefined,
        superscript: r.script === "super" || undefined,
        baseline: r.script === "sub" ? SUBSCRIPT_BASELINE : undefined,
        charSpacing: r.letterSpacing !== undefined ? slideSpacing(r.letterSpacing) : charSpacing,
      },
    })),
  );
  // One line is set at its font's own height, exactly: LibreOffice's default spacing sets some families (Liberation Mono) lower.
  const pitch = vertical ? undefined : (linePitch(block) ?? fontLineHeight(block));
  const objectName = `${block.type} ${block.bbox.map(Math.round).join(",")}`;
  const indent = vertical ? 0 : firstLineIndent(block) * toPoints;
  if (indent) indents.set(objectName, indent);
  slide.addText(runs, {
    ...geometry,
    // Read bottom to top, as table headers and margin notes are turned.
    vert: vertical ? "vert270" : undefined,
    placeholder: isTitle ? "title" : undefined,
    // Names show in PowerPoint's selection pane; the title placeholder is renamed when the file is mended.
    objectName,
    margin: 0,
    valign: vertical ? "middle" : "top",
    align,
    lineSpacing: pitch ? pitch * toPoints : undefined,
    paraSpaceBefore: 0,
    paraSpaceAfter: 0,
    fit: "none",
    wrap: true,
  });
}
