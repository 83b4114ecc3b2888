// One page image -> recognised words, the language chosen per page: English first; a page
// English reads with little confidence is read again as Simplified Chinese, and the more
// confident reading is kept (each model scores its own script far above the other's).
import { recognize, type OcrInput, type OcrPageResult } from "./engine";
import { BUNDLED_LANGUAGES, type OcrLanguage } from "./languages";

/** Mean word confidence below which an English reading is doubted: clean English pages score 85-95, a Chinese page read as English 30-60. */
export const DOUBTFUL_CONFIDENCE = 70;

export async function recognizePage(input: OcrInput, languages: readonly OcrLanguage[] = BUNDLED_LANGUAGES): Promise<OcrPageResult> {
  let best: OcrPageResult | undefined;
  for (const language of languages) {
    const result = await recognize(input, language);
    if (!best || result.meanConfidence > best.meanConfidence) best = result;
    if (best.meanConfidence >= DOUBTFUL_CONFIDENCE) break;
  }
  return best!;
}
