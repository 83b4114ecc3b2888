// A page's annotations as pdf.js reads them, fetched once a page (links, filled forms and
// notes all read them), an annotation's rectangle in the page's frame, and whether the page
// already prints what an annotation shows.
import type { BBox } from "../../model";
import { boxesMeet } from "../../geometry";
import type { Run } from "../../runs";
import type { PdfPage } from "./open";

/** What pdf.js says of an annotation, the parts docparse reads. */
export interface Annotation {
  subtype?: string;
  url?: string;
  rect?: number[];
  fieldType?: string;
  fieldValue?: unknown;
  checkBox?: boolean;
  radioButton?: boolean;
  buttonValue?: unknown;
  hidden?: boolean;
  noView?: boolean;
  hasAppearance?: boolean;
  annotationFlags?: number;
  contentsObj?: { str?: string };
  defaultAppearanceData?: { fontSize?: number; fontName?: string };
  /** The text drawn by the appearance of a note or stamp, item by item in the page's user space (a pdf.js patch: scripts/build-pdfjs.mjs). */
  textItems?: AppearanceTextItem[];
}

export interface AppearanceTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export interface PageViewport {
  convertToViewportPoint(x: number, y: number): number[];
}

export async function pageAnnotations(page: PdfPage): Promise<Annotation[]> {
  try {
    return (await page.getAnnotations()) as Annotation[];
  } catch {
    return []; // broken annotations cost the links and the filled values, not the page
  }
}

/** An annotation's /Rect (PDF units, bottom-left origin) as a box of the page as read (top-left origin, turned and cropped). */
export function viewportBox(viewport: PageViewport, [ax0, ay0, ax1, ay1]: number[]): BBox {
  const [x0, y0] = viewport.convertToViewportPoint(ax0, ay0);
  const [x1, y1] = viewport.convertToViewportPoint(ax1, ay1);
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** The annotation flags (PDF 32000-1, 12.5.3) that keep an annotation off the screen. */
const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

/** Whether a viewer shows the annotation. */
export const shown = (a: Annotation) => !a.hidden && !a.noView && !((a.annotationFlags ?? 0) & (HIDDEN | NO_VIEW));

export const comparable = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** The printed text of the runs that reach into `box` (a run is a line's stretch: the annotation's text may be a word of it), comparable. */
export function printedWithin(printed: Run[], box: BBox): string {
  return comparable(printed.filter((r) => boxesMeet(r.bbox, box)).map((r) => r.text).join(" "));
}
