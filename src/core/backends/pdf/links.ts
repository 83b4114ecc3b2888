// URI link annotations: each run whose middle lies inside a link's rectangle carries the
// link's address, so renderers can keep it (Markdown links, Word hyperlinks).
import type { BBox } from "../../model";
import { viewportBox, type Annotation, type PageViewport } from "./annotations";

export interface PageLink {
  url: string;
  bbox: BBox;
}

export function pageLinks(annotations: Annotation[], viewport: PageViewport): PageLink[] {
  return annotations
    .filter((a) => a.subtype === "Link" && typeof a.url === "string" && /^(https?|mailto|ftp):/i.test(a.url) && a.rect?.length === 4)
    .map((a) => ({ url: a.url!, bbox: viewportBox(viewport, a.rect!) }));
}

export function linkAt(links: PageLink[], bbox: BBox): string | undefined {
  const x = (bbox[0] + bbox[2]) / 2;
  const y = (bbox[1] + bbox[3]) / 2;
  return links.find((l) => x >= l.bbox[0] && x <= l.bbox[2] && y >= l.bbox[1] && y <= l.bbox[3])?.url;
}
