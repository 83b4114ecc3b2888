// Word numbering for list items. Consecutive list blocks (across pages, ignoring hidden
// furniture between them) form one list with its own numbering definition, so each list
// restarts at its own first number; each level's format ("1.", "a)", "(iv)", "•") is taken
// from the marker its first item printed.
import { AlignmentType, LevelFormat } from "docx";
import type { Block } from "../model";

/** Word has nine list levels. */
const MAX_LEVEL = 8;
/** Indent per level and the hanging indent of the marker (twips). */
const LEVEL_INDENT = 360;
const HANGING = 360;
const DEFAULT_BULLETS = ["•", "◦", "▪"];
const DEFAULT_ORDERED = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];

type Format = (typeof LevelFormat)[keyof typeof LevelFormat];
interface LevelDef {
  format: Format;
  text: string;
  start: number;
}

export interface ListPlan {
  /** `numbering.config` of the Word document. */
  config: { reference: string; levels: { level: number; format: Format; text: string; start: number; alignment: (typeof AlignmentType)["LEFT"]; style: { paragraph: { indent: { left: number; hanging: number } } } }[] }[];
  /** The numbering each list block uses. */
  of: Map<Block, { reference: string; level: number }>;
}

export const listLevel = (b: Block) => Math.min(MAX_LEVEL, Math.max(0, b.list?.level ?? 0));

/** `blocks` are the visible blocks in reading order. */
export function planLists(blocks: Block[]): ListPlan {
  const plan: ListPlan = { config: [], of: new Map() };
  let levels: (LevelDef | undefined)[] | null = null;
  let reference = "";
  /** Top-level items of the current list so far: an item numbered lower than the next number starts a new list. */
  let topItems = 0;
  for (const b of blocks) {
    if (b.type !== "list" || !b.list) {
      levels = null;
      continue;
    }
    const level = listLevel(b);
    const def = levelFromMarker(b.list.marker, b.list.ordered);
    if (!levels || (level === 0 && startsNewList(levels[0], def, topItems))) {
      levels = [];
      topItems = 0;
      reference = `list-${plan.config.length + 1}`;
      plan.config.push({ reference, levels: [] });
    }
    levels[level] ??= def;
    if (level === 0) topItems++;
    plan.config[plan.config.length - 1].levels = wordLevels(levels);
    plan.of.set(b, { reference, level });
  }
  return plan;
}

/** Another kind of marker ("1." after "•", "I." after "1)") or a number going back starts a new list. */
function startsNewList(top: LevelDef | undefined, item: LevelDef, topItems: number): boolean {
  if (!top) return false;
  if (top.format !== item.format || top.text !== item.text) return true;
  return item.format !== LevelFormat.BULLET && item.start < top.start + topItems;
}

function wordLevels(defs: (LevelDef | undefined)[]): ListPlan["config"][number]["levels"] {
  return Array.from({ length: MAX_LEVEL + 1 }, (_, level) => {
    const d = defs[level] ?? defaultLevel(level, defs[0]?.format !== LevelFormat.BULLET);
    return { level, format: d.format, text: levelText(d, level), start: d.start, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: LEVEL_INDENT * level + HANGING, hanging: HANGING } } } };
  });
}

function defaultLevel(level: number, ordered: boolean): LevelDef {
  if (!ordered) return { format: LevelFormat.BULLET, text: DEFAULT_BULLETS[level % DEFAULT_BULLETS.length], start: 1 };
  return { format: DEFAULT_ORDERED[level % DEFAULT_ORDERED.length], text: `%${level + 1}.`, start: 1 };
}

/** "3." -> decimal from 3, "(b)" -> lower letter from 2 in parentheses, "•" -> that bullet. */
export function levelFromMarker(marker: string, ordered: boolean): LevelDef {
  const m = /^(\(?)([0-9]{1,3}|[ivxlc]{1,6}|[IVXLC]{1,6}|[a-z]|[A-Z])([.)]?)$/.exec(marker.trim());
  if (!ordered) return { format: LevelFormat.BULLET, text: bulletGlyph(marker), start: 1 };
  if (!m) return { format: LevelFormat.DECIMAL, text: "%LEVEL.", start: 1 };
  const [, open, value, close] = m;
  const text = (n: string) => `${open}${n}${close || (open ? ")" : ".")}`;
  let format: Format;
  let start: number;
  if (/^[0-9]+$/.test(value)) [format, start] = [LevelFormat.DECIMAL, parseInt(value, 10)];
  // A lone "i", "v" or "x" opening a list is a Roman numeral; later letters are letters.
  else if (/^[ivxlc]+$/i.test(value) && (value.length > 1 || /^[ivx]$/i.test(value))) [format, start] = [value === value.toLowerCase() ? LevelFormat.LOWER_ROMAN : LevelFormat.UPPER_ROMAN, roman(value)];
  else [format, start] = [value === value.toLowerCase() ? LevelFormat.LOWER_LETTER : LevelFormat.UPPER_LETTER, value.toLowerCase().charCodeAt(0) - 96];
  return { format, text: text("%LEVEL"), start: Math.max(1, start) };
}

/** The level text with its own level number (Word's "%1" is level 0's number). */
export function levelText(def: LevelDef, level: number): string {
  return def.text.replace("%LEVEL", `%${level + 1}`);
}

/** The printed bullet, except markers that are plain typing stand-ins for one. */
function bulletGlyph(marker: string): string {
  const m = marker.trim();
  if (!m || m === "*" || m === "·") return "•";
  if (m === "-") return "–";
  return [...m][0];
}

function roman(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  const chars = s.toLowerCase();
  for (let i = 0; i < chars.length; i++) {
    const cur = v[chars[i]];
    const next = v[chars[i + 1]] ?? 0;
    total += cur < next ? -cur : cur;
  }
  return total;
}
