// An Office file through its backend, then the steps on its pictures: each page's pictures
// described and read while the backend has their bytes at hand, and pictures inside tables
// hidden unless tables are wanted as images.
import type { Document } from "../model";
import type { ParseOptions } from "../options";
import { readOfficeDocument, type OfficeType } from "../backends/office/index";
import { hideImagesInTables } from "../processors/figures";
import { describeBudget, describeFigures } from "./describe";
import { figureTextBudget, readFigureText } from "./figure-text";

export async function officeDocument(bytes: Uint8Array, fileName: string, type: OfficeType, options: ParseOptions): Promise<Document> {
  const { features, images } = options;
  const describe = describeBudget();
  const figureText = figureTextBudget();
  const doc = await readOfficeDocument(bytes, fileName, type, {
    pageRange: options.pageRange,
    sink: images?.sink,
    async picturesAtHand(blocks, bytesOf) {
      if (features.enable_image_understanding) await describeFigures(blocks.filter((b) => b.image && bytesOf.has(b.image.ref)), bytesOf, images?.describer, describe);
      if (features.enable_image_ocr) await readFigureText(blocks, bytesOf, figureText);
    },
  });
  if (!features.enable_table_image) hideImagesInTables(doc.pages);
  options.onProgress?.(doc.pages.length, doc.pages.length);
  return doc;
}
