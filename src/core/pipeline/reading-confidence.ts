// How far a page's text can be trusted, given in the JSON beside the page and, when low,
// as a warning: a page read badly says so instead of passing its noise off as text. A
// text layer (the file's own, or an OCR layer another program laid over a scan) is judged
// by its words: the share of its characters in tokens that read as words or numbers, which
// symbol soup, glyph codes without letters and an OCR engine's misreadings are not. A page
// we read by OCR is also judged by the recogniser's own confidence in its words, and an OCR
// layer by how much of its scan's print its words cover (backends/pdf/layer-coverage.ts).
import type { Page, PageReading, Warning } from "../model";
import { languageInfo, scriptName, type OcrLanguage } from "../ocr/languages";
import type { OcrLanguages } from "../ocr/read-picture";
import { languageOfScript } from "../ocr/text-language";
import { scriptsOfText } from "../ocr/scripts";

/** Below this, a page's reading is reported as doubtful. */
export const LOW_CONFIDENCE = 0.6;
/** Fewer characters than this say too little to judge: such a page gets no figure. */
const MIN_CHARS = 20;

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
/** CJK and full-width punctuation (、。，：；！？「」《》（）...). */
const CJK_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/gu;
/** A word: letters (any script, with their marks), joined by apostrophes, hyphens or dots. */
const WORD = /^[\p{L}\p{M}]+(['’.\-][\p{L}\p{M}]+)*\.?$/u;
const NUMBER = /^[+\-−]?[\d.,:/%]*\d[\d.,:/%]*$/;
/** A short mix of letters and figures (H2O, 3D, x1, 2026a). */
const MIXED = /^[\p{L}\d]{1,6}$/u;
const LATIN = /[A-Za-z]/;
const VOWEL = /[aeiouyAEIOUYàáâäèéêëìíîïòóôöùúûü]/;
/** Latin words longer than this without a vowel are not words (except in capitals: acronyms). */
const MAX_VOWELLESS = 4;

/** The share (0..1) of the text's characters in tokens that read as words or numbers; undefined for too little text. */
export function textConfidence(text: string): number | undefined {
  let readable = 0;
  let all = 0;
  // Scripts written without spaces run a sentence into one token: their punctuation parts it.
  for (const token of text.replace(CJK_PUNCTUATION, " ").split(/\s+/)) {
    const core = token.replace(EDGE_PUNCTUATION, "");
    // Punctuation and symbols alone (dashes, bullets, operators) say nothing either way.
    if (!core) continue;
    all += core.length;
    if (readsAsWord(core)) readable += core.length;
  }
  return all >= MIN_CHARS ? readable / all : undefined;
}

function readsAsWord(token: string): boolean {
  if (NUMBER.test(token)) return true;
  if (WORD.test(token)) return !LATIN.test(token) || VOWEL.test(token) || token.length <= MAX_VOWELLESS || token === token.toUpperCase();
  return MIXED.test(token);
}

/** What a page was read from, and how well: confidence from the text, capped by `cap` (the recogniser's own for our OCR, an OCR layer's coverage of its scan). */
export function pageReading(source: PageReading["source"], text: string, cap?: number): PageReading | undefined {
  const fromText = textConfidence(text);
  // Text too short or all signs says nothing: a recogniser's own confidence is then all there is.
  if (fromText === undefined) return cap !== undefined && text.trim() ? { source, confidence: Math.round(cap * 100) / 100 } : undefined;
  const confidence = cap === undefined ? fromText : Math.min(fromText, cap);
  return { source, confidence: Math.round(confidence * 100) / 100 };
}

/**
 * The trust an OCR layer's coverage of its scan's print allows: whole at full coverage,
 * none when half the print is unread (a complete layer covers 97-100 % of it, the cells
 * under a picture or a rule aside; one that skipped a column covers about two thirds).
 */
export function coverageConfidence(coverage: number | undefined): number | undefined {
  return coverage === undefined ? undefined : Math.max(0, Math.min(1, 2 * coverage - 1));
}

/** A page in a script without a model here is trusted no further than this. */
const UNREAD_SCRIPT_CONFIDENCE = 0.3;

/** Records on the page how it was read and how well, with a warning when that was poorly. */
export function noteReading(page: Page, source: PageReading["source"], runs: { text: string }[], cap: number | undefined, warnings: Warning[], ocr: OcrLanguages = {}): void {
  const text = runs.map((r) => r.text).join(" ");
  const unread = ocr.unreadScripts?.length ? ocr.unreadScripts : undefined;
  const reading = pageReading(source, text, unread ? Math.min(cap ?? 1, UNREAD_SCRIPT_CONFIDENCE) : cap);
  if (!reading) return;
  page.reading = { ...reading, ...languagesOf(text, ocr.languages) };
  if (unread) {
    warnings.push({ page: page.index, code: "ocr_script_unavailable", message: `Page ${page.index + 1} looks written in a script no installed OCR model reads (${unread.map(scriptName).join(", ")} have no model here): its text was read as the nearest script and is likely wrong.` });
  }
  const low = lowConfidenceWarning(page);
  if (low) warnings.push(low);
}

/** The page's scripts from its letters, its languages from the OCR models that read it or from its words. */
function languagesOf(text: string, models: readonly OcrLanguage[] | undefined): Pick<PageReading, "languages" | "scripts"> {
  const scripts = scriptsOfText(text);
  const languages = models?.length ? models.map((m) => languageInfo(m)?.code).filter((c): c is string => !!c) : scripts.map((s) => languageOfScript(text, s)).filter((c): c is string => !!c);
  return { ...(languages.length ? { languages: [...new Set(languages)] } : {}), ...(scripts.length ? { scripts } : {}) };
}

/**
 * A page that is a picture in which OCR read no text (a photograph, or handwriting or type
 * it cannot read) says so, with no trust in what little it holds, rather than passing for
 * an empty page.
 */
export function noteNothingRead(page: Page, warnings: Warning[]): void {
  page.reading = { source: "ocr", confidence: 0 };
  warnings.push({ page: page.index, code: "no_text_read", message: `Page ${page.index + 1} is a picture in which OCR read no text (a photograph, or handwriting or type it cannot read): the page has no text.` });
}

/** A warning for a page read with low confidence, or none. */
function lowConfidenceWarning(page: Page): Warning | undefined {
  const reading = page.reading;
  if (!reading || reading.confidence >= LOW_CONFIDENCE) return undefined;
  const how = reading.source === "ocr" ? "read by OCR" : reading.source === "ocr-layer" ? "read from its OCR text layer" : "read from its text layer";
  return { page: page.index, code: "low_confidence", message: `Page ${page.index + 1} was ${how} with low confidence (${reading.confidence.toFixed(2)}): its text may be incomplete or misread (handwriting, unusual type, a poor scan).` };
}
