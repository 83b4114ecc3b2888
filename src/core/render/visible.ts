// Which blocks a renderer shows: body blocks always, header/footer furniture only when
// asked for, other hidden blocks (merged continuations) never.
import type { Block, Page } from "../model";
import type { FeatureConfig } from "../options";

export function visibleBlocks(page: Page, features: FeatureConfig): Block[] {
  return page.blocks.filter((b) => {
    if (b.layer === "header" || b.layer === "footer") return features.keep_header_footer;
    return !b.hidden;
  });
}
