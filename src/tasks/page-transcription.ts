// Pages OCR could not read or doubted, transcribed by a Workers AI vision model, when the
// Worker has an AI binding and the operator turned it on (VLM_TRANSCRIPTION = "on"; off by
// default, as each page sent costs inference). Without either, there is no transcriber and such
// pages keep what OCR read, with their warnings.
import type { PageTranscriber } from "../core/ports";
import { languageInfo, modelOfCode } from "../core/ocr/languages";
import { base64 } from "../core/images/base64";
import type { WorkersAiRunner } from "../env";

/** Llama 4 Scout: natively multimodal, reads many languages, answers OpenAI-style messages with an image part. */
export const TRANSCRIPTION_MODEL = "@cf/meta/llama-4-scout-17b-16e-instruct";

/** Enough for a dense page of text (about 700 words) as Markdown. */
const MAX_TOKENS = 4096;

const PROMPT =
  "Transcribe all the text on this document page into Markdown, exactly as written, in its own language and reading order. " +
  "Use # headings for headings, - or 1. for list items, pipe tables for tables and $$...$$ for display formulas. " +
  "Leave out running headers, footers and page numbers. Do not describe pictures, do not summarise, do not add anything that is not written on the page. " +
  "Write [illegible] for a word you cannot read. Answer with the Markdown only.";

export function workersAiTranscriber(ai: WorkersAiRunner | undefined, enabled: boolean): PageTranscriber | undefined {
  if (!ai || !enabled) return undefined;
  return {
    model: TRANSCRIPTION_MODEL,
    async transcribe(picture, mime, { languages }) {
      const named = (languages ?? []).map((code) => { const model = modelOfCode(code); return model && languageInfo(model)?.name; }).filter(Boolean);
      const text = named.length ? `${PROMPT} The page looks written in ${named.join(" and ")}.` : PROMPT;
      const answer = (await ai.run(TRANSCRIPTION_MODEL, {
        messages: [{ role: "user", content: [{ type: "text", text }, { type: "image_url", image_url: { url: `data:${mime};base64,${base64(picture)}` } }] }],
        max_tokens: MAX_TOKENS,
        temperature: 0,
      })) as { response?: unknown };
      if (typeof answer?.response !== "string") throw new Error("the model's answer holds no text");
      return answer.response;
    },
  };
}
