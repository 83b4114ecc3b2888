// The script a page is written in, for a page the English model doubts: a sample of its
// lines is read by one model per script (the first of the script's languages installed
// here), and each reading is scored by its confidence times the share of its letters in
// the model's own script (a third of them is enough: pages mix scripts). Each model reads
// its own script with confidence 85-95 and others with 5-55, except the Japanese and Thai
// ones, which read Latin pages in Latin letters with 75-90: the share of their own
// script's letters tells those apart.
import { rotateGray, type GrayImage } from "../images/gray";
import { hasModel, recognize } from "./engine";
import { LANGUAGES, type OcrLanguage, type Script } from "./languages";
import { shareInScript, kanaShare, hanForm } from "./scripts";

/**
 * Scripts tried, each by its first installed language, the likelier first (Japanese's model
 * reads Chinese too, told apart by kana); the trials stop at the first reading of its own
 * script from DECISIVE.
 */
const TRIED: readonly Script[] = ["Jpan", "Cyrl", "Arab", "Kore", "Deva", "Grek", "Hebr", "Thai", "Latn"];
/** A model reads its own script at 85-95; no model reads another's above 78, its share of own letters aside. */
const DECISIVE = 85;

/**
 * A reading with this share of its letters in its model's script counts as fully in it: a
 * page mixing Japanese with English is Japanese's as much as one all in Japanese (every
 * model reads Latin too: the Japanese one reads such a page at 91, its kana and Han a third
 * of the letters).
 */
const MIXED_SCRIPT_SHARE = 0.3;

export interface ScriptTrial {
  script: Script;
  /** The model that read the sample best in its script. */
  model: OcrLanguage;
  /** Its confidence times its own script's share of the letters (whole from MIXED_SCRIPT_SHARE), 0..100. */
  score: number;
  /** The sample as that model read it. */
  text: string;
  /** Scripts of ours whose models this deployment lacks: a page in one of them cannot be told. */
  missing: Script[];
  /** The sample read best turned half round (in English): the page stands on its head. */
  upsideDown?: boolean;
}

export async function scriptOfSample(sample: GrayImage): Promise<ScriptTrial | undefined> {
  let best = undefined as ScriptTrial | undefined;
  const missing: Script[] = [];
  const read = async (image: GrayImage, script: Script, model: OcrLanguage, turned?: boolean) => {
    const result = await recognize({ bytes: image.pgm, dpi: image.dpi, layout: "block" }, model);
    const text = result.words.map((w) => w.text).join(" ");
    const score = result.meanConfidence * Math.min(1, shareInScript(text, script) / MIXED_SCRIPT_SHARE);
    if (!best || score > best.score) best = { script, model, score, text, missing, ...(turned ? { upsideDown: true } : {}) };
  };
  for (const script of TRIED) {
    const model = await firstInstalled(script);
    if (model) await read(sample, script, model);
    else missing.push(script);
    if (best && best.score >= DECISIVE) break;
  }
  // A page English doubts may stand on its head: the Thai model reads Latin upside down as Thai at 70.
  if (!best || best.score < DECISIVE) await read(rotateGray(sample, 180), "Latn", "eng", true);
  if (!best) return undefined;
  // Han without kana is Chinese, read by Chinese models.
  if (best.script === "Jpan" && kanaShare(best.text) < 0.1) {
    const script = hanForm(best.text);
    best = { ...best, script, model: script === "Hant" && (await hasModel("chi_tra")) ? "chi_tra" : "chi_sim" };
  }
  return { ...best, missing };
}

/** Found once per isolate; a script found without a model is asked again next time (storage may have failed for a moment). */
const installed = new Map<Script, OcrLanguage>();

async function firstInstalled(script: Script): Promise<OcrLanguage | undefined> {
  if (!installed.has(script)) {
    for (const l of LANGUAGES) {
      if (l.script !== script || !(await hasModel(l.model))) continue;
      installed.set(script, l.model);
      break;
    }
  }
  return installed.get(script);
}

/**
 * The language of a script whose words did not tell it (Russian, Ukrainian and Bulgarian
 * share most little words): the sample read in each of the script's installed models, the
 * most confident kept (Ukrainian's і, ї, є are not in Russian's model, which reads them as
 * "!" and loses confidence).
 */
export async function languageOfSample(sample: GrayImage, script: Script): Promise<OcrLanguage | undefined> {
  const models: OcrLanguage[] = [];
  for (const l of LANGUAGES) if (l.script === script && (await hasModel(l.model))) models.push(l.model);
  if (models.length < 2) return models[0];
  let best: { model: OcrLanguage; confidence: number } | undefined;
  for (const model of models) {
    const { meanConfidence } = await recognize({ bytes: sample.pgm, dpi: sample.dpi, layout: "block" }, model);
    if (!best || meanConfidence > best.confidence) best = { model, confidence: meanConfidence };
  }
  return best?.model;
}
