// The languages the engine recognises: their models ship with the Worker (scripts/build-ocr.mjs).
export type OcrLanguage = "eng" | "chi_sim";

export const OCR_LANGUAGES: readonly OcrLanguage[] = ["eng", "chi_sim"];

/** Scripts written without spaces between words: the words of a line join without one. */
export const JOINS_WITHOUT_SPACES: Readonly<Record<OcrLanguage, boolean>> = { eng: false, chi_sim: true };
