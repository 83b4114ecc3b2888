// The script of a reading's letters, from their Unicode blocks: which alphabet a model read a
// page in, whatever confidence it claims (a Japanese or Thai model reads a Latin page in
// Latin letters with confidence 75 to 90; what it did not do is read kana or Thai).
import type { Script } from "./languages";

/** Each block's letters (letters and marks only), matched over a whole text at once: this runs on every page's text. */
const BLOCKS: [Script | "Han" | "Kana", RegExp][] = (
  [
    ["Latn", "A-Za-z\\u00C0-\\u024F\\u1E00-\\u1EFF"],
    ["Cyrl", "\\u0400-\\u052F"],
    ["Grek", "\\u0370-\\u03FF\\u1F00-\\u1FFF"],
    ["Arab", "\\u0600-\\u06FF\\u0750-\\u077F\\uFB50-\\uFDFF\\uFE70-\\uFEFF"],
    ["Hebr", "\\u0590-\\u05FF\\uFB1D-\\uFB4F"],
    ["Deva", "\\u0900-\\u097F"],
    ["Thai", "\\u0E00-\\u0E7F"],
    ["Kore", "\\uAC00-\\uD7AF\\u1100-\\u11FF\\u3130-\\u318F"],
    ["Kana", "\\u3040-\\u30FF\\u31F0-\\u31FF\\uFF66-\\uFF9F"],
    ["Han", "\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF"],
  ] as const
).map(([block, ranges]) => [block, new RegExp(`(?=[\\p{L}\\p{M}])[${ranges}]`, "gu")]);

/**
 * The letters of a text counted per script block (Han and kana apart); digits, signs and
 * spaces are no script's, even those of a script's own block (a Devanagari model reads
 * dot leaders as dandas, "।").
 */
export function scriptCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [block, letters] of BLOCKS) {
    const n = text.match(letters)?.length ?? 0;
    if (n) counts.set(block, n);
  }
  return counts;
}

/**
 * The share of a text's letters and digits written in `script` (Japanese: Han and kana;
 * Chinese: Han). Digits count as no script's: a model reading a foreign script turns many
 * of its letters into digits (a Latin "e" into an Arabic model's "6").
 */
export function shareInScript(text: string, script: Script): number {
  const counts = scriptCounts(text);
  const total = [...counts.values()].reduce((a, b) => a + b, 0) + (text.match(/\p{Nd}/gu)?.length ?? 0);
  if (!total) return 0;
  const han = counts.get("Han") ?? 0;
  const own = script === "Jpan" ? han + (counts.get("Kana") ?? 0) : script === "Hans" || script === "Hant" ? han : (counts.get(script) ?? 0);
  return own / total;
}

/** The share of a text's Japanese letters (Han and kana) that are kana: Japanese prose is a third or more kana, Chinese none. */
export function kanaShare(text: string): number {
  const counts = scriptCounts(text);
  const kana = counts.get("Kana") ?? 0;
  return kana / Math.max(1, kana + (counts.get("Han") ?? 0));
}

/** The scripts of a text, most letters first, each holding at least `minShare` of its letters. */
export function scriptsOfText(text: string, minShare = 0.1): Script[] {
  const counts = scriptCounts(text);
  const han = counts.get("Han") ?? 0;
  const kana = counts.get("Kana") ?? 0;
  // Han written with kana is Japanese; alone, Chinese (told simplified or traditional by its characters).
  const merged = new Map<Script, number>();
  for (const [block, n] of counts) if (block !== "Han" && block !== "Kana") merged.set(block as Script, n);
  if (han + kana) merged.set(kana > 0.1 * (han + kana) ? "Jpan" : hanForm(text), han + kana);
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  return [...merged].filter(([, n]) => n >= minShare * total).sort((a, b) => b[1] - a[1]).map(([s]) => s);
}

// Frequent characters each written form has and the other replaces (这/這, 们/們, ...).
const SIMPLIFIED = new Set("这们个来说时国对会学为发经与进过还没见现开关长门问间动电车东书样实务从应该认点头机业种产义");
const TRADITIONAL = new Set("這們個來說時國對會學為發經與進過還沒見現開關長門問間動電車東書樣實務從應該認點頭機業種產義");

/** Chinese text told simplified (Hans) or traditional (Hant) by its characters; simplified when it shows neither. */
export function hanForm(text: string): "Hans" | "Hant" {
  let simplified = 0;
  let traditional = 0;
  for (const ch of text) {
    if (SIMPLIFIED.has(ch)) simplified++;
    else if (TRADITIONAL.has(ch)) traditional++;
  }
  return traditional > simplified ? "Hant" : "Hans";
}
