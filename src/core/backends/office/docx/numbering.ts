// List numbering of a Word document (word/numbering.xml): each paragraph with a numbering
// reference gets the marker Word shows ("2.1.", "b)", "•"), counted in document order.
// Counters belong to the abstract definition, so separate w:num instances of one list
// continue each other, unless an instance overrides a start value (then it counts alone).
import { attr, kid, kids, onOff, parseXml, type XmlElement } from "../xml";

export interface NumberingRef {
  numId: string;
  level: number;
}

interface LevelDef {
  start: number;
  format: string;
  text: string;
  /** "Legal" numbering shows every level's number in decimal. */
  legal: boolean;
}

interface NumDef {
  abstractId: string;
  /** Start overrides per level: this instance restarts there. */
  starts: Map<number, number>;
  levels: Map<number, LevelDef>;
}

export interface ListMarker {
  marker: string;
  ordered: boolean;
  level: number;
}

const MAX_LEVELS = 9;

export class Numbering {
  private readonly nums = new Map<string, NumDef>();
  private readonly counters = new Map<string, number[]>();

  constructor(xml: string | null) {
    if (!xml) return;
    const root = parseXml(xml, "word/numbering.xml");
    const abstracts = new Map<string, Map<number, LevelDef>>();
    for (const a of kids(root, "abstractNum")) abstracts.set(attr(a, "abstractNumId") ?? "", readLevels(a));
    for (const n of kids(root, "num")) {
      const numId = attr(n, "numId");
      const abstractId = attr(kid(n, "abstractNumId"), "val");
      if (!numId || abstractId === undefined) continue;
      const levels = new Map(abstracts.get(abstractId) ?? []);
      const starts = new Map<number, number>();
      for (const o of kids(n, "lvlOverride")) {
        const ilvl = Number(attr(o, "ilvl") ?? 0);
        const start = attr(kid(o, "startOverride"), "val");
        if (start !== undefined) starts.set(ilvl, Number(start));
        const lvl = kid(o, "lvl");
        if (lvl) levels.set(ilvl, readLevel(lvl));
      }
      this.nums.set(numId, { abstractId, starts, levels });
    }
  }

  /** The marker of the next paragraph with this reference, advancing the counters; null for "no list". */
  next(ref: NumberingRef): ListMarker | null {
    const num = this.nums.get(ref.numId);
    if (!num || ref.numId === "0") return null;
    const level = Math.max(0, Math.min(MAX_LEVELS - 1, ref.level));
    const def = num.levels.get(level);
    if (!def) return null;
    const key = num.starts.size ? `num:${ref.numId}` : `abs:${num.abstractId}`;
    let counts = this.counters.get(key);
    if (!counts) {
      counts = [];
      this.counters.set(key, counts);
    }
    const startOf = (l: number) => num.starts.get(l) ?? num.levels.get(l)?.start ?? 1;
    counts[level] = counts[level] === undefined ? startOf(level) : counts[level] + 1;
    // A new item at this level restarts every deeper level.
    counts.length = level + 1;
    for (let l = 0; l < level; l++) if (counts[l] === undefined) counts[l] = startOf(l);

    if (def.format === "bullet") return { marker: bulletGlyph(def.text), ordered: false, level };
    if (def.format === "none") return { marker: "", ordered: false, level };
    const marker = def.text.replace(/%([1-9])/g, (_, d: string) => {
      const l = Number(d) - 1;
      const lvl = num.levels.get(l);
      const n = counts![l] ?? startOf(l);
      return formatNumber(n, def.legal && l < level ? "decimal" : (lvl?.format ?? "decimal"));
    });
    return { marker: marker.trim(), ordered: true, level };
  }
}

function readLevels(abstract: XmlElement): Map<number, LevelDef> {
  const levels = new Map<number, LevelDef>();
  for (const lvl of kids(abstract, "lvl")) levels.set(Number(attr(lvl, "ilvl") ?? 0), readLevel(lvl));
  return levels;
}

function readLevel(lvl: XmlElement): LevelDef {
  return {
    start: Number(attr(kid(lvl, "start"), "val") ?? 1),
    format: attr(kid(lvl, "numFmt"), "val") ?? "decimal",
    text: attr(kid(lvl, "lvlText"), "val") ?? "",
    legal: onOff(kid(lvl, "isLgl")) ?? false,
  };
}

/** Bullets are often Symbol/Wingdings private-use characters: show them as the glyphs they draw. */
function bulletGlyph(text: string): string {
  const c = text.codePointAt(0);
  if (c === undefined) return "•";
  if (c === 0xf0a7 || c === 0xf0fc) return "▪";
  if (c >= 0xf000 && c <= 0xf0ff) return "•";
  if (text === "o") return "◦";
  return text;
}

export function formatNumber(n: number, format: string): string {
  switch (format) {
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n);
    case "lowerLetter":
      return letters(n).toLowerCase();
    case "upperLetter":
      return letters(n);
    case "lowerRoman":
      return roman(n).toLowerCase();
    case "upperRoman":
      return roman(n);
    case "ordinal":
      return `${n}${ordinalSuffix(n)}`;
    default:
      return String(n);
  }
}

/** Word's letter numbering repeats the letter: a..z, aa..zz. */
function letters(n: number): string {
  if (n < 1) return String(n);
  const letter = String.fromCharCode(65 + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}

function roman(n: number): string {
  if (n < 1 || n > 3999) return String(n);
  const table: [number, string][] = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"], [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
  let out = "";
  for (const [v, s] of table) while (n >= v) (out += s), (n -= v);
  return out;
}

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}
