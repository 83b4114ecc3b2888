// PDF (as a parsed Document) to Word or PowerPoint.
import type { Document } from "../model";
import type { FeatureConfig } from "../options";
import { CoreError } from "../errors";
import { docxFlow } from "./docx-flow";
import { docxLayout } from "./docx-layout";
import { pptxLayout } from "./pptx-layout";
import { loadPictures, type ImageReader } from "./pictures";

/** What a conversion asks of the parser: the whole document, headings ranked, furniture kept aside, icons inside lines. */
export const CONVERT_FEATURES: FeatureConfig = {
  enable_text_cross_page: true,
  enable_table_cross_page: true,
  enable_title_level_recognition: true,
  enable_inline_image: true,
  enable_table_image: true,
  enable_image_understanding: false,
  enable_image_ocr: false,
  keep_header_footer: true,
};

/** The media types of the two Office formats (IANA registrations). */
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX_MIME = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** `images` gives the figures' bytes (the parse's image store); without it figures are left out. */
export async function convertDocument(doc: Document, target: "word" | "ppt", mode: "flow" | "layout", images?: ImageReader): Promise<{ bytes: Uint8Array; mime: string; extension: ".docx" | ".pptx" }> {
  try {
    if (target === "ppt" && mode !== "layout") throw new CoreError("processing_failed", "PowerPoint output supports layout mode only.");
    const pictures = await loadPictures(doc, images);
    if (target === "ppt") return { bytes: await pptxLayout(doc, pictures), mime: PPTX_MIME, extension: ".pptx" };
    const bytes = mode === "flow" ? await docxFlow(doc, pictures) : await docxLayout(doc, pictures);
    return { bytes, mime: DOCX_MIME, extension: ".docx" };
  } catch (e) {
    if (e instanceof CoreError) throw e;
    throw new CoreError("processing_failed", `The ${target === "ppt" ? "PowerPoint" : "Word"} file could not be generated (${e instanceof Error ? e.message : String(e)}).`);
  }
}
