// The heading tree (`catalog`): title blocks nested by title_level, pointing at the
// block's page and its index among the page's emitted blocks.
import type { WirePage } from "./json";

export interface CatalogEntry {
  page_num: number;
  block_idx: number;
  title_level: number;
  content: string;
  children: CatalogEntry[];
}

export function buildCatalog(pages: WirePage[]): CatalogEntry[] {
  const root: CatalogEntry[] = [];
  const stack: CatalogEntry[] = [];
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.type !== "title") continue;
      const entry: CatalogEntry = { page_num: page.page_num, block_idx: block.idx, title_level: block.title_level ?? 1, content: block.content, children: [] };
      while (stack.length && stack[stack.length - 1].title_level >= entry.title_level) stack.pop();
      (stack.length ? stack[stack.length - 1].children : root).push(entry);
      stack.push(entry);
    }
  }
  return root;
}
