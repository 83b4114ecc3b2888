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
/** Below DECISIVE, the best script must lead the next by this much to be named (the Thai model reads Ukrainian at 75, Russian's at 72). */
const SCRIPT_MARGIN = 5;

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
  /** No script read the sample decisively, and the best led the next by less than SCRIPT_MARGIN: no script is named. */
  ambiguous?: boolean;
}

export async function scriptOfSample(sample: GrayImage): Promise<ScriptTrial | undefined> {
  const bests = new Map<Script, ScriptTrial>();
  const missing: Script[] = [];
  const read = async (image: GrayImage, script: Script, model: OcrLanguage, turned?: boolean) => {
    const result = await recognize({ bytes: image.pgm, dpi: image.dpi, layout: "block" }, model);
    const text = result.words.map((w) => w.text).join(" ");
    const score = result.meanConfidence * Math.min(1, shareInScript(text, script) / MIXED_SCRIPT_SHARE);
    const key = turned ? ("Latn-upside-down" as Script) : script;
    if (score > (bests.get(key)?.score ?? -1)) bests.set(key, { script, model, score, text, missing, ...(turned ? { upsideDown: true } : {}) });
    return score;
  };
  const decided = () => [...bests.values()].some((t) => t.score >= DECISIVE);
  for (const script of TRIED) {
    const models = await installedModels(script);
    if (!models.length) missing.push(script);
    // A script's languages each read the sample until one reads it decisively (Ukrainian's і, ї, є are not in Russian's model).
    for (const model of models) if ((await read(sample, script, model)) >= DECISIVE) break;
    if (decided()) break;
  }
  // A page English doubts may stand on its head: the Thai model reads Latin upside down as Thai at 70.
  if (!decided()) await read(rotateGray(sample, 180), "Latn", "eng", true);
  const [first, second] = [...bests.values()].sort((a, b) => b.score - a.score);
  if (!first) return undefined;
  let best = { ...first, missing, ...(first.score < DECISIVE && second && first.score - second.score < SCRIPT_MARGIN ? { ambiguous: true } : {}) };
  // Han without kana is Chinese, read by Chinese models.
  if (best.script === "Jpan" && kanaShare(best.text) < 0.1) {
    const script = hanForm(best.text);
    best = { ...best, script, model: script === "Hant" && (await hasModel("chi_tra")) ? "chi_tra" : "chi_sim" };
  }
  return best;
}

/** Found once per isolate; a script found without a model is asked again next time (storage may have failed for a moment). */
const installed = new Map<Script, OcrLanguage[]>();

/** A script's installed models, its languages in our order; Latin's English only (Latin languages are told by their words). */
async function installedModels(script: Script): Promise<OcrLanguage[]> {
  if (!installed.has(script)) {
    const models: OcrLanguage[] = [];
    for (const l of LANGUAGES) if (l.script === script && (await hasModel(l.model))) models.push(l.model);
    if (models.length) installed.set(script, script === "Latn" ? models.slice(0, 1) : models);
  }
  return installed.get(script) ?? [];
}
