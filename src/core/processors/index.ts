// The one place the order of the processing steps lives.
//   per page:  runs -> lines -> blocks -> reading order
//   document:  furniture -> headings -> lists -> cross-page merges
import type { Page } from "../model";
import type { FeatureConfig } from "../options";
import type { PageRuns } from "../backends/pdf/runs";
import { buildLines } from "./lines";
import { buildBlocks } from "./blocks";
import { orderBlocks } from "./reading-order";
import { markFurniture } from "./furniture";
import { markHeadings } from "./headings";
import { markLists } from "./lists";
import { mergeAcrossPages } from "./cross-page";

export function processPage(index: number, raw: PageRuns): Page {
  const blocks = buildBlocks(buildLines(raw.runs));
  return { index, width: round(raw.width), height: round(raw.height), blocks: orderBlocks(blocks, raw.width) };
}

export function processDocument(pages: Page[], features: FeatureConfig): void {
  markFurniture(pages);
  markHeadings(pages, features.enable_title_level_recognition);
  markLists(pages);
  if (features.enable_text_cross_page) mergeAcrossPages(pages);
}

const round = (n: number) => Math.round(n * 100) / 100;
