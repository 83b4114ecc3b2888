// A page's annotations as pdf.js reads them, fetched once a page (links and filled forms
// both read them), and an annotation's rectangle in the page's frame.
import type { BBox } from "../../model";
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
  contentsObj?: { str?: string };
  defaultAppearanceData?: { fontSize?: number; fontName?: string };
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
