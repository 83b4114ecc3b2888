// Page geometry for flow mode: the first page's size, margins where the text sits.
import type { BBox, Document } from "../model";
import { twips } from "./fonts";
import { numberedLinePitch } from "./docx-numbered-lines";

/** Pages looked at for margins: enough to see past a sparse cover page, few enough to stay cheap. */
const MARGIN_SAMPLE_PAGES = 5;
/** Margins outside this range (points) are a stray mark near the edge or an almost empty page. */
const MIN_MARGIN = 18;
const MAX_MARGIN = 108;
/** Word's own default margin (1 inch), when there is nothing to measure. */
const DEFAULT_MARGIN = 72;
/** US Letter, when the document has no pages at all. */
const DEFAULT_PAGE = { width: 612, height: 792 };

export interface FlowPage {
  /** Twips, as Word's section properties want them. */
  size: { width: number; height: number };
  margin: { top: number; right: number; bottom: number; left: number };
  /** Width between the margins, in points. */
  contentWidth: number;
}

/**
 * How much higher (points) the first numbered line must start: its lines are set at the
 * PDF's pitch with exact line spacing, which puts the text at the foot of each line's
 * height, not at its head as the PDF's boxes are measured. 0 without numbered lines.
 */
function numberedLineLead(numbers: BBox[]): number {
  if (numbers.length < 2) return 0;
  return Math.max(0, numberedLinePitch(numbers) - (numbers[0][3] - numbers[0][1]));
}

export function flowPage(doc: Document): FlowPage {
  const first = doc.pages[0] ?? { ...DEFAULT_PAGE, blocks: [] };
  const sample = doc.pages.slice(0, MARGIN_SAMPLE_PAGES).filter((p) => p.width === first.width && p.height === first.height);
  const boxes = sample.flatMap((p) => p.blocks.filter((b) => !b.hidden).map((b) => b.bbox));
  // Numbered lines run on, blank, below the text: the page must hold them all (left and right stay the text's).
  const numbered = sample.flatMap((p) => p.blocks.filter((b) => b.lineNumber).map((b) => b.bbox));
  const clamp = (v: number) => Math.min(MAX_MARGIN, Math.max(MIN_MARGIN, v));
  const m = boxes.length
    ? {
        left: clamp(Math.min(...boxes.map((b) => b[0]))),
        top: clamp(Math.min(...[...boxes, ...numbered].map((b) => b[1])) - numberedLineLead(numbered)),
        right: clamp(first.width - Math.max(...boxes.map((b) => b[2]))),
        bottom: clamp(first.height - Math.max(...[...boxes, ...numbered].map((b) => b[3]))),
      }
    : { left: DEFAULT_MARGIN, top: DEFAULT_MARGIN, right: DEFAULT_MARGIN, bottom: DEFAULT_MARGIN };
  return {
    size: { width: twips(first.width), height: twips(first.height) },
    margin: { top: twips(m.top), right: twips(m.right), bottom: twips(m.bottom), left: twips(m.left) },
    contentWidth: Math.max(1, first.width - m.left - m.right),
  };
}
