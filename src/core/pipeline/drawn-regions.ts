// Pictures the page draws itself (vector figures, and tables asked for as images): while a
// part of the document is parsed their regions are only noted; the renderer then draws
// them all in a few calls (PDFium loads the document once a call), and the PNGs go to the
// image sink like any extracted image. A figure the renderer could not draw leaves the
// page (a picture without pixels is no figure), with a warning; a table keeps its HTML.
import type { ImageSink, RegionRenderer, RegionRequest } from "../ports";
import type { Block, Page, Warning } from "../model";

export interface PendingRegion {
  page: Page;
  block: Block;
  request: RegionRequest;
  /** Whose picture it is: the figure's own (`image`), or the table's rendering (`table`). */
  of: "image" | "table";
}

/** Regions drawn per renderer call: each call answers with its PNGs at once, kept well under a message's size. */
const REGIONS_PER_CALL = 12;

/**
 * Draws the regions and stores their PNGs. `drawn` is given each call's figures that were
 * drawn and their bytes by ref (for image understanding), which are dropped after it: a
 * part's pictures are never all held at once.
 */
export async function renderPendingRegions(pending: PendingRegion[], renderer: RegionRenderer, sink: ImageSink, warnings: Warning[], drawn: (figures: Block[], bytes: Map<string, Uint8Array>) => Promise<void>): Promise<void> {
  const failedPages = new Set<number>();
  let reason = "";
  for (let at = 0; at < pending.length; at += REGIONS_PER_CALL) {
    const batch = pending.slice(at, at + REGIONS_PER_CALL);
    let regions: Awaited<ReturnType<RegionRenderer["render"]>>;
    try {
      regions = await renderer.render(batch.map((p) => p.request));
    } catch (e) {
      reason = ` (${e instanceof Error ? e.message : String(e)})`;
      regions = batch.map(() => null);
    }
    const bytes = new Map<string, Uint8Array>();
    const figures: Block[] = [];
    for (const [k, p] of batch.entries()) {
      const ref = refOf(p);
      const region = regions[k];
      if (region && ref) {
        await sink.put(ref, region.png, "image/png");
        bytes.set(ref, region.png);
        if (p.of === "image") figures.push(p.block);
        continue;
      }
      failedPages.add(p.page.index);
      if (p.of === "image") p.page.blocks = p.page.blocks.filter((b) => b !== p.block);
      else if (p.block.table) delete p.block.table.image;
    }
    if (figures.length) await drawn(figures, bytes);
  }
  for (const page of failedPages) warnings.push({ page, code: "regions_not_rendered", message: `A drawn figure or table image of page ${page + 1} could not be rendered${reason} and is left out.` });
}

const refOf = (p: PendingRegion) => (p.of === "image" ? p.block.image?.ref : p.block.table?.image?.ref);
