// Pages OCR could not read (handwriting, a photograph of a notice) or read with low confidence,
// transcribed by a vision language model when the host has one (ParseOptions.transcriber):
// the page's text blocks are replaced by the model's Markdown, its figures kept, and the page
// says its text came from the model (`text_source: "vlm"`), with a warning that such a model
// may misread or invent. A model that fails leaves the page as OCR read it, with a warning.
import type { Page, Warning } from "../model";
import type { PageTranscriber } from "../ports";
import { blocksOfMarkdown } from "./markdown-blocks";
import { LOW_CONFIDENCE, pageReading } from "./reading-confidence";

/** A picture of the whole page, as the model is sent it. */
export interface PagePicture {
  bytes: Uint8Array;
  mime: string;
}

/** Whether a page is one to transcribe: read by OCR, or from a text layer, and doubted (a page with no reading has no ink worth sending). */
export const doubtedPage = (page: Page) => !!page.reading && page.reading.source !== "vlm" && page.reading.confidence < LOW_CONFIDENCE;

/** Codes of the warnings a transcription answers: the page no longer holds what OCR read. */
const ANSWERED = new Set(["no_text_read", "low_confidence"]);

export async function transcribeDoubtedPage(page: Page, picture: () => Promise<PagePicture | undefined>, transcriber: PageTranscriber | undefined, warnings: Warning[]): Promise<void> {
  if (!transcriber || !doubtedPage(page)) return;
  const before = page.reading!;
  const fail = (why: string) => void warnings.push({ page: page.index, code: "vlm_failed", message: `Page ${page.index + 1} was read with low confidence and its transcription by ${transcriber.model} failed (${why}): the page keeps what OCR read.` });
  let markdown: string;
  try {
    const drawn = await picture();
    if (!drawn) return fail("the page could not be drawn");
    markdown = (await transcriber.transcribe(drawn.bytes, drawn.mime, { languages: before.languages })).trim();
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
  if (!markdown) return fail("the model answered no text");
  const blocks = blocksOfMarkdown(markdown, page.width, page.height, "vlm");
  page.blocks = [...page.blocks.filter((b) => b.type === "image"), ...blocks];
  page.reading = { ...(pageReading("vlm", blocks.map((b) => b.text).join(" ")) ?? { source: "vlm", confidence: 0 }), ...(before.languages ? { languages: before.languages } : {}), ...(before.scripts ? { scripts: before.scripts } : {}) };
  for (let i = warnings.length - 1; i >= 0; i--) if (warnings[i].page === page.index && ANSWERED.has(warnings[i].code)) warnings.splice(i, 1);
  const how = before.source === "ocr" ? "OCR read it" : before.source === "ocr-layer" ? "its OCR text layer reads" : "its text layer reads";
  warnings.push({ page: page.index, code: "vlm_transcribed", message: `Page ${page.index + 1} was transcribed by the vision language model ${transcriber.model}, because ${how} with low confidence (${before.confidence.toFixed(2)}): such a model can misread or invent words, so check it against the page.` });
}
