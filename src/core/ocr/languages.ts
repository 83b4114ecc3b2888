// The languages the OCR engine reads, each with its Tesseract model's name, its ISO 639-1
// code (what the API speaks) and its script (ISO 15924). English and Simplified Chinese
// ship with the Worker; the others' models are fetched when a page needs them
// (models.json; a deployment may lack some: assets.ts answers undefined for those).

/** A Tesseract model's name: "eng", "chi_sim", ... */
export type OcrLanguage = string;

/** ISO 15924 codes of the scripts we tell apart. Han is told apart as written in China (Hans) or Taiwan and Hong Kong (Hant); Japanese mixes Han with kana (Jpan). */
export type Script = "Latn" | "Cyrl" | "Grek" | "Arab" | "Hebr" | "Deva" | "Hans" | "Hant" | "Jpan" | "Kore" | "Thai";

export interface LanguageInfo {
  /** Tesseract's model name. */
  model: OcrLanguage;
  /** ISO 639-1 code, or a BCP 47 tag where one code names two written forms (zh-Hans, zh-Hant). */
  code: string;
  name: string;
  script: Script;
  /** Written without spaces between words: the words of a line join without one. */
  unspaced?: boolean;
}

/** In the order a script's first language is the one its pages are first tried in. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { model: "eng", code: "en", name: "English", script: "Latn" },
  { model: "fra", code: "fr", name: "French", script: "Latn" },
  { model: "deu", code: "de", name: "German", script: "Latn" },
  { model: "spa", code: "es", name: "Spanish", script: "Latn" },
  { model: "ita", code: "it", name: "Italian", script: "Latn" },
  { model: "por", code: "pt", name: "Portuguese", script: "Latn" },
  { model: "nld", code: "nl", name: "Dutch", script: "Latn" },
  { model: "pol", code: "pl", name: "Polish", script: "Latn" },
  { model: "ces", code: "cs", name: "Czech", script: "Latn" },
  { model: "swe", code: "sv", name: "Swedish", script: "Latn" },
  { model: "ron", code: "ro", name: "Romanian", script: "Latn" },
  { model: "tur", code: "tr", name: "Turkish", script: "Latn" },
  { model: "ind", code: "id", name: "Indonesian", script: "Latn" },
  { model: "vie", code: "vi", name: "Vietnamese", script: "Latn" },
  { model: "rus", code: "ru", name: "Russian", script: "Cyrl" },
  { model: "ukr", code: "uk", name: "Ukrainian", script: "Cyrl" },
  { model: "bul", code: "bg", name: "Bulgarian", script: "Cyrl" },
  { model: "ell", code: "el", name: "Greek", script: "Grek" },
  { model: "ara", code: "ar", name: "Arabic", script: "Arab" },
  { model: "fas", code: "fa", name: "Persian", script: "Arab" },
  { model: "heb", code: "he", name: "Hebrew", script: "Hebr" },
  { model: "hin", code: "hi", name: "Hindi", script: "Deva" },
  { model: "chi_sim", code: "zh-Hans", name: "Chinese (simplified)", script: "Hans", unspaced: true },
  { model: "chi_tra", code: "zh-Hant", name: "Chinese (traditional)", script: "Hant", unspaced: true },
  { model: "jpn", code: "ja", name: "Japanese", script: "Jpan", unspaced: true },
  { model: "kor", code: "ko", name: "Korean", script: "Kore" },
  { model: "tha", code: "th", name: "Thai", script: "Thai", unspaced: true },
];

/** The models that travel inside the Worker bundle. */
export const BUNDLED_LANGUAGES: readonly OcrLanguage[] = ["eng", "chi_sim"];

const BY_MODEL = new Map(LANGUAGES.map((l) => [l.model, l]));

export const languageInfo = (model: OcrLanguage): LanguageInfo | undefined => BY_MODEL.get(model);

/**
 * The model named by a user's code: ISO 639-1 ("fr"), ISO 639-2/3 or Tesseract's name
 * ("fra", "fre"), a BCP 47 tag ("zh-Hant", "pt-BR": its language decides, or the script
 * for Chinese). Undefined when we have no such language.
 */
export function modelOfCode(code: string): OcrLanguage | undefined {
  const tag = code.trim().replace(/_/g, "-").toLowerCase();
  if (BY_MODEL.has(tag.replace(/-/g, "_"))) return tag.replace(/-/g, "_");
  if (/^zh(-|$)/.test(tag)) return /-(hant|tw|hk|mo)\b/.test(tag) ? "chi_tra" : "chi_sim";
  const primary = tag.split("-")[0];
  return LANGUAGES.find((l) => l.code === primary)?.model ?? BIBLIOGRAPHIC[primary];
}

/** The models of a user's codes (feature_config.ocr_languages, checked at the edge): undefined when none were told. */
export function modelsOfCodes(codes: readonly string[] | undefined): OcrLanguage[] | undefined {
  const models = [...new Set((codes ?? []).map(modelOfCode).filter((m): m is OcrLanguage => m !== undefined))];
  return models.length ? models : undefined;
}

/** ISO 639-2's bibliographic codes where they differ from Tesseract's (terminology) names. */
const BIBLIOGRAPHIC: Record<string, OcrLanguage> = { fre: "fra", ger: "deu", dut: "nld", cze: "ces", rum: "ron", gre: "ell", per: "fas", chi: "chi_sim", zho: "chi_sim" };

/** Every code the API accepts, for the message that turns an unknown one away. */
export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);

const SCRIPT_NAMES: Record<Script, string> = { Latn: "Latin", Cyrl: "Cyrillic", Grek: "Greek", Arab: "Arabic", Hebr: "Hebrew", Deva: "Devanagari", Hans: "Chinese (simplified)", Hant: "Chinese (traditional)", Jpan: "Japanese", Kore: "Korean (Hangul)", Thai: "Thai" };

export const scriptName = (script: Script): string => SCRIPT_NAMES[script];
