// A page picture read in the language it is written in, by the engine that reads it best.
// Tesseract's English model reads it first: on Latin print it is both the more exact
// (visible scans: 2.95 % CER against PP-OCR's 29 %: lines around pictures cut short, and
// ordered worse) and four times the faster (a page set on end is read turned a quarter both
// ways). A page it reads with confidence is Latin: its little words tell the language
// (text-language.ts), and a page in French, Polish, Vietnamese... is read again in that
// language's model, which knows its letters. A page it doubts, or whose words it doubts in
// part (English mixed with Russian, Japanese...), has a sample of its doubted lines read in
// one model per script (page-script.ts); a page in Cyrillic, Greek, Arabic, Japanese... is
// then read in its script's model, with English's beside it on a mixed page, and kept when
// it holds that script's letters read with confidence (models read leaders, specks and
// upside-down Latin as their own). Chinese, pages upside down, and what no script's model
// reads with confidence go to PP-OCR, which reads Chinese and English and finds the page's
// direction and skew from its lines; its reading is kept when it is confident, or more
// confident than Tesseract's. Where PP-OCR is not there, Tesseract reads on alone: turned,
// and in Chinese. A user who knows the page's languages names them
// (feature_config.ocr_languages): nothing is looked for.
import { fitWithin, rotateGray, type GrayImage } from "../images/gray";
import { MAX_OCR_PIXELS } from "../limits";
import { hasModel, type OcrInput } from "./engine";
import type { OcrLanguage, Script } from "./languages";
import { sampleOfDoubtedLines } from "./line-sample";
import { readTurned, recognizeUpright, standsOnEnd, type UprightReading } from "./orientation";
import { scriptOfSample, type ScriptTrial } from "./page-script";
import { paddleReader, type PaddlePageReading } from "./paddle/reader";
import { DOUBTFUL_CONFIDENCE } from "./recognize";
import { withoutRules } from "./rulings";
import { pointsPerPixel } from "./resolution";
import { languageOfText } from "./text-language";
import { shareInScript } from "./scripts";
import type { OcrWord } from "./tsv";

/** What OCR knows of a page's languages: the models it read in, and the scripts it had no model for when it read nothing well. */
export interface OcrLanguages {
  languages?: OcrLanguage[];
  unreadScripts?: Script[];
}

export interface PictureReading extends UprightReading {
  /** The Tesseract models of the language(s) the page was read in, the main one first. */
  languages: OcrLanguage[];
  /** Scripts of ours whose models this deployment lacks, when the page is in no script it could read. */
  unreadScripts?: Script[];
}

/** A script's reading of the sample below this score (confidence times the share of its own letters) does not name the page's script... */
const SCRIPT_FOUND = 50;
/** ...nor below this one on a page English reads with confidence (the Thai model reads specks and signs as Thai at 60 to 70). */
const SCRIPT_SURE = 75;
/** A word read as two different letters or more: what a script is told by (not dot leaders, rules or specks, which English reads as "LLL" or "..."). */
const readAsLetters = (text: string) => new Set(text.match(/\p{L}/gu) ?? []).size >= 2;
/** An English word read below this confidence is doubted... */
const DOUBTED_WORD = 50;
/** A page read in a script's model holds at least this share of its letters in that script. */
const OWN_SCRIPT_SHARE = 0.1;
/** A column reading must read this much more to be kept over the page's own layout. */
const COLUMN_GAIN = 1.05;
/** An English word read at this confidence is English... */
const CONFIDENT_WORD = 85;
/** ...and a page with this share of such words mixes English with its script, as one with this share of doubted words may mix another script with English. */
const MIXED_SHARE = 0.15;
/** A reading in a language's own model is kept unless it is this much less confident than the English one (accents cost a little confidence). */
const LANGUAGE_MARGIN = 5;

export async function readPicture(gray: GrayImage, dpi: number | undefined, languages?: readonly OcrLanguage[]): Promise<PictureReading> {
  if (languages?.length) return { ...(await recognizeUpright(gray, dpi, { languages: [languages.join("+")] })), languages: [...languages] };
  const paddle = paddleReader();
  // A page Tesseract finds set on end is read turned a quarter both ways first: on Latin print its reading stays the better.
  const english = await recognizeUpright(gray, dpi, { languages: ["eng"], upsideDown: !paddle });
  const confident = english.result.meanConfidence >= DOUBTFUL_CONFIDENCE && !standsOnEnd(english.result.words);
  // A page English reads with confidence is read in the Latin language its words tell; it may
  // still hold lines of another script: the words that reading doubts, read as letters (not
  // dot leaders, rules, specks or figures).
  const latin = confident ? await inItsLanguage(english, gray, dpi, "Latn", "eng") : undefined;
  const words = (latin ?? english).result.words;
  const doubted = words.filter((w) => w.confidence < DOUBTED_WORD && readAsLetters(w.text));
  if (latin && doubted.length < MIXED_SHARE * words.length) return latin;
  const sample = sampleOfDoubtedLines(english.image, latin ? doubted : words.filter((w) => readAsLetters(w.text)));
  const trial = sample ? await scriptOfSample(sample) : undefined;
  // Beside a Latin language read with confidence, another script must be read as surely to be believed.
  const found = trial && !trial.ambiguous && trial.score >= (latin ? SCRIPT_SURE : SCRIPT_FOUND) ? trial : undefined;
  if (found && found.script !== "Latn" && found.script !== "Hans" && found.script !== "Hant") {
    const model = latin ? `${found.model}+${latin.languages[0]}` : mixesLatin(words) ? `${found.model}+eng` : found.model;
    const reading = await inItsLayout(gray, dpi, model);
    const bar = (latin ?? english).result.meanConfidence;
    if (reading.result.meanConfidence > bar && readsInScript(reading.result.words, found.script)) return inItsLanguage(reading, gray, dpi, found.script, model);
  }
  if (latin && found?.script !== "Hans" && found?.script !== "Hant") return latin;
  const read = await latinOrChinese(gray, dpi, english);
  // A page read in English after all (a poor scan, a page of leaders and figures) may be in another Latin language.
  return unreadable(read.languages.join() === "eng" ? await inItsLanguage(read, gray, dpi, "Latn", "eng") : read, trial);
}

/**
 * A page in another script read as one column of lines too, and that reading kept when it
 * reads more (confidence times characters): Tesseract's block finder, made for Latin
 * print, drops whole lines of Hangul (the command line reads a Korean paragraph at 50-60 %
 * CER), while on a page of columns both read the same and the page's own layout stands.
 */
async function inItsLayout(gray: GrayImage, dpi: number | undefined, model: OcrLanguage): Promise<LaidOutReading> {
  const page = await recognizeUpright(gray, dpi, { languages: [model], upsideDown: false });
  const column = await readTurned(gray, dpi, page.turn, [model], "column");
  return confidentCharacters(column) > COLUMN_GAIN * confidentCharacters(page) ? { ...column, layout: "column" } : page;
}

/** A reading, and how its lines were found when not by Tesseract's page layout. */
type LaidOutReading = UprightReading & { layout?: OcrInput["layout"] };

/**
 * A page read in a script's model holds that script's letters, read with confidence: the
 * Thai and Devanagari models read Latin letters, leaders and specks as their own with
 * confidence 55 to 70, and beside English's model a page may keep none of them.
 */
function readsInScript(words: readonly OcrWord[], script: Script): boolean {
  const own = words.filter((w) => shareInScript(w.text, script) >= 0.5);
  const letters = (ws: readonly OcrWord[]) => ws.reduce((n, w) => n + (w.text.match(/\p{L}/gu)?.length ?? 0), 0);
  const confidence = own.reduce((n, w) => n + w.confidence, 0) / Math.max(1, own.length);
  return letters(own) >= OWN_SCRIPT_SHARE * letters(words) && confidence >= DOUBTFUL_CONFIDENCE;
}

/** Characters read, each counted at its word's confidence. */
const confidentCharacters = (reading: UprightReading) => reading.result.words.reduce((n, w) => n + w.confidence * [...w.text].length, 0);

/** English read with confidence on a share of the page: it mixes Latin with its script, and English's model reads beside the script's. */
function mixesLatin(words: readonly OcrWord[]): boolean {
  const confident = words.filter((w) => w.confidence >= CONFIDENT_WORD && /\p{L}{3}/u.test(w.text));
  return confident.length >= MIXED_SHARE * words.length;
}

/** A reading in a script's first model, read again in the script's language its words tell, when that is another and installed. */
async function inItsLanguage(reading: LaidOutReading, gray: GrayImage, dpi: number | undefined, script: ScriptTrial["script"], model: OcrLanguage): Promise<PictureReading> {
  const languages = model.split("+");
  const told = languageOfText(reading.result.words.map((w) => w.text).join(" "), script);
  if (!told || told === languages[0] || !(await hasModel(told))) return { ...reading, languages };
  const own = [told, ...languages.slice(1)];
  const again = await readTurned(gray, dpi, reading.turn, [own.join("+")], reading.layout);
  return again.result.meanConfidence >= reading.result.meanConfidence - LANGUAGE_MARGIN ? { ...again, languages: own } : { ...reading, languages };
}

/** A page read with confidence in no script's model: Chinese, or a poor scan, or a script without a model here. */
function unreadable(read: PictureReading, trial: ScriptTrial | undefined): PictureReading {
  if (read.result.meanConfidence >= DOUBTFUL_CONFIDENCE || !trial?.missing.length) return read;
  return { ...read, unreadScripts: trial.missing };
}

/** English's doubted reading, or Chinese's when that is the more confident (each model scores its own script far above the other's). */
async function orChinese(gray: GrayImage, dpi: number | undefined, english: UprightReading): Promise<UprightReading> {
  const chinese = await recognizeUpright(gray, dpi, { languages: ["chi_sim"] });
  return chinese.result.meanConfidence > english.result.meanConfidence ? chinese : english;
}

/** Today's reading of a page English doubts: PP-OCR (Chinese and English) when it is there, else Tesseract turned and in Chinese. */
async function latinOrChinese(gray: GrayImage, dpi: number | undefined, english: UprightReading): Promise<PictureReading> {
  const paddle = paddleReader();
  const told = (reading: UprightReading): PictureReading => ({ ...reading, languages: [reading.result.language] });
  if (!paddle) return told(await orChinese(gray, dpi, english));
  const image = fitWithin(gray, MAX_OCR_PIXELS);
  let reading: PaddlePageReading;
  try {
    reading = await paddle.read(withoutRules(image, pointsPerPixel(image.width, dpi ? (dpi * image.width) / gray.width : undefined)));
  } catch (e) {
    // PP-OCR out of reach (its Worker or networks missing, a failed call) costs the page nothing: Tesseract reads it.
    console.warn(`PP-OCR failed, Tesseract reads the page: ${e instanceof Error ? e.message : String(e)}`);
    return told(await orChinese(gray, dpi, english));
  }
  const paddled = { result: reading.result, turn: reading.turn, image: rotateGray(image, reading.turn), languages: reading.result.language === "eng" ? ["eng"] : [reading.result.language, "eng"] };
  const doubted = english.result.meanConfidence;
  if (paddled.result.meanConfidence >= DOUBTFUL_CONFIDENCE) return paddled;
  // Neither engine reads the page with confidence (handwriting, blackletter, signs): the more
  // confident reading is kept, with the lower of the two confidences, two recognisers'
  // doubts being surer than either's hope; the page is then flagged (low_confidence).
  const best = paddled.result.meanConfidence > doubted ? paddled : told(english);
  return { ...best, result: { ...best.result, meanConfidence: Math.min(doubted, paddled.result.meanConfidence) } };
}
