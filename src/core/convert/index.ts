// PDF (as a parsed Document) to Word or PowerPoint.
import type { Document } from "../model";
import { CoreError } from "../errors";
import { docxFlow } from "./docx-flow";
import { docxLayout } from "./docx-layout";
import { pptxLayout } from "./pptx-layout";

/** The media types of the two Office formats (IANA registrations). */
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX_MIME = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

export async function convertDocument(doc: Document, target: "word" | "ppt", mode: "flow" | "layout"): Promise<{ bytes: Uint8Array; mime: string; extension: ".docx" | ".pptx" }> {
  try {
    if (target === "ppt") {
      if (mode !== "layout") throw new CoreError("processing_failed", "PowerPoint output supports layout mode only.");
      return { bytes: await pptxLayout(doc), mime: PPTX_MIME, extension: ".pptx" };
    }
    const bytes = mode === "flow" ? await docxFlow(doc) : await docxLayout(doc);
    return { bytes, mime: DOCX_MIME, extension: ".docx" };
  } catch (e) {
    if (e instanceof CoreError) throw e;
    throw new CoreError("processing_failed", `The ${target === "ppt" ? "PowerPoint" : "Word"} file could not be generated (${e instanceof Error ? e.message : String(e)}).`);
  }
}
