// Running heads and feet for Word flow mode. The parser moves them to the header/footer
// layer (hidden from the reading text); here they become the section's real Word header
// and footer, so they repeat on every page of the reflowed document as they did in the PDF,
// with a PAGE field where the PDF printed the page number.
import { AlignmentType, Footer, Header, PageNumber, Paragraph, TabStopType, TextRun } from "docx";
import type { Block, Document, Page } from "../model";
import { wordRuns } from "./docx-runs";
import type { BaseStyle } from "./docx-styles";
import { twips } from "./fonts";
import { ownRuns } from "./spans";

/** A block's middle this close (share of the page width) to the page's middle is centred. */
const CENTRE_SHARE = 0.05;

export interface Furniture {
  headers?: { default: Header; first?: Header };
  footers?: { default: Footer; first?: Footer };
  /** The first page shows other furniture (often none) than the rest. */
  titlePage: boolean;
  /** The number the PDF printed on its first page, when its page numbers do not start at 1. */
  firstPageNumber?: number;
  /** Distance of the header's top and the footer's bottom from the page edge (twips). */
  headerMargin?: number;
  footerMargin?: number;
}

interface Options {
  base: BaseStyle;
  /** Left margin of the section (points): header tab stops are measured from it. */
  marginLeft: number;
}

export function wordFurniture(doc: Document, opts: Options): Furniture {
  const pageNumber = printedPageNumbers(doc);
  const header = pick(doc, "header");
  const footer = pick(doc, "footer");
  const make = (page: Page | undefined, layer: "header" | "footer") => paragraphs(page ? blocksOf(page, layer) : [], page, opts, pageNumber !== undefined);
  const out: Furniture = { titlePage: header.firstDiffers || footer.firstDiffers, firstPageNumber: pageNumber && pageNumber !== 1 ? pageNumber : undefined };
  if (header.page) {
    out.headers = { default: new Header({ children: make(header.page, "header") }), first: header.firstDiffers ? new Header({ children: make(header.first, "header") }) : undefined };
    out.headerMargin = twips(Math.min(...blocksOf(header.page, "header").map((b) => b.bbox[1])));
  }
  if (footer.page) {
    out.footers = { default: new Footer({ children: make(footer.page, "footer") }), first: footer.firstDiffers ? new Footer({ children: make(footer.first, "footer") }) : undefined };
    out.footerMargin = twips(footer.page.height - Math.max(...blocksOf(footer.page, "footer").map((b) => b.bbox[3])));
  }
  return out;
}

/** A page's furniture of one layer, top to bottom; line numbers are left to Word's own line numbering. */
const blocksOf = (page: Page, layer: "header" | "footer") => page.blocks.filter((b) => b.layer === layer && !b.lineNumber && b.text.trim()).sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
/** Furniture that differs only in its numbers is the same furniture. */
const pattern = (blocks: Block[]) => blocks.map((b) => b.text.replace(/\d+/g, "#").trim()).join("\n");

/** The page whose furniture most pages show, and whether the first page shows something else. */
function pick(doc: Document, layer: "header" | "footer"): { page?: Page; first?: Page; firstDiffers: boolean } {
  const counts = new Map<string, { page: Page; n: number }>();
  for (const page of doc.pages) {
    const key = pattern(blocksOf(page, layer));
    if (!key) continue;
    const entry = counts.get(key) ?? { page, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!best) return { firstDiffers: false };
  const first = doc.pages[0];
  const firstDiffers = doc.pages.length > 1 && first !== undefined && pattern(blocksOf(first, layer)) !== pattern(blocksOf(best.page, layer));
  return { page: best.page, first, firstDiffers };
}

/**
 * The number printed on the first page, when the furniture numbers its pages: some header
 * or footer number grows by one from page to page (a lone page counts).
 */
function printedPageNumbers(doc: Document): number | undefined {
  const numbered = doc.pages.map((p) => ({ index: p.index, value: pageNumberIn(p) })).filter((n) => n.value !== undefined) as { index: number; value: number }[];
  if (!numbered.length) return undefined;
  const offset = numbered[0].value - numbered[0].index;
  return numbered.every((n) => n.value - n.index === offset) ? offset + doc.pages[0].index : undefined;
}

/** A bare number (or "Page N") among the page's header and footer blocks. */
function pageNumberIn(page: Page): number | undefined {
  for (const b of page.blocks) {
    if (b.layer !== "header" && b.layer !== "footer") continue;
    const m = /^(?:page\s*)?[-–—]?\s*(\d{1,4})\s*[-–—]?$/i.exec(b.text.trim());
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** One paragraph per line of furniture; blocks side by side on a line are separated by tabs at their places. */
function paragraphs(blocks: Block[], page: Page | undefined, opts: Options, numbered: boolean): Paragraph[] {
  if (!page || !blocks.length) return [new Paragraph({})];
  const lines: Block[][] = [];
  for (const b of blocks) {
    const line = lines.find((l) => l.some((o) => o.bbox[1] < b.bbox[3] && b.bbox[1] < o.bbox[3]));
    if (line) line.push(b);
    else lines.push([b]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const alone = line.length === 1 ? placement(line[0], page) : undefined;
    const children = line.flatMap((b, i) => [...(i ? [new TextRun({ text: "\t" })] : []), ...blockRuns(b, opts.base, numbered)]);
    return new Paragraph({
      alignment: alone,
      spacing: { before: 0, after: 0 },
      // Word never numbers furniture lines; LibreOffice does unless told.
      suppressLineNumbers: true,
      tabStops: line.slice(1).map((b) => ({ type: TabStopType.LEFT, position: twips(Math.max(0, b.bbox[0] - opts.marginLeft)) })),
      children,
    });
  });
}

/** A block's runs; a bare page number becomes Word's PAGE field. */
function blockRuns(block: Block, base: BaseStyle, numbered: boolean) {
  if (numbered && /^(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?$/i.test(block.text.trim())) {
    const [before, after] = block.text.trim().split(/\d{1,4}/);
    return [new TextRun({ children: [before ?? "", PageNumber.CURRENT, after ?? ""].filter(Boolean) })];
  }
  return wordRuns(ownRuns(block), base);
}

function placement(block: Block, page: Page): (typeof AlignmentType)[keyof typeof AlignmentType] | undefined {
  const middle = (block.bbox[0] + block.bbox[2]) / 2;
  if (Math.abs(middle - page.width / 2) < page.width * CENTRE_SHARE) return AlignmentType.CENTER;
  if (middle > page.width / 2) return AlignmentType.RIGHT;
  return undefined;
}
