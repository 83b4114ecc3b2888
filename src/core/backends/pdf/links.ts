// URI link annotations: each run whose middle lies inside a link's rectangle carries the
// link's address, so renderers can keep it (Markdown links, Word hyperlinks).
import type { BBox } from "../../model";
import type { PdfPage } from "./open";

interface LinkAnnotation {
  subtype?: string;
  url?: string;
  rect?: number[];
}

export interface PageViewport {
  convertToViewportPoint(x: number, y: number): number[];
}

export interface PageLink {
  url: string;
  bbox: BBox;
}

export async function pageLinks(page: PdfPage, viewport: PageViewport): Promise<PageLink[]> {
  let annotations: LinkAnnotation[];
  try {
    annotations = (await page.getAnnotations()) as LinkAnnotation[];
  } catch {
    return []; // broken annotations cost the links, not the page
  }
  return annotations
    .filter((a) => a.subtype === "Link" && typeof a.url === "string" && /^(https?|mailto|ftp):/i.test(a.url) && a.rect?.length === 4)
    .map((a) => ({ url: a.url!, bbox: viewportBox(viewport, a.rect!) }));
}

/** An annotation's /Rect (PDF units, bottom-left origin) as a box of the page as read (top-left origin, turned and cropped). */
export function viewportBox(viewport: PageViewport, [ax0, ay0, ax1, ay1]: number[]): BBox {
  const [x0, y0] = viewport.convertToViewportPoint(ax0, ay0);
  const [x1, y1] = viewport.convertToViewportPoint(ax1, ay1);
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

export function linkAt(links: PageLink[], bbox: BBox): string | undefined {
  const x = (bbox[0] + bbox[2]) / 2;
  const y = (bbox[1] + bbox[3]) / 2;
  return links.find((l) => x >= l.bbox[0] && x <= l.bbox[2] && y >= l.bbox[1] && y <= l.bbox[3])?.url;
}
