// The styled text of a block, as runs a converter can write. The block's text is
// authoritative (hyphenation mended, list marker removed, a paragraph continued from the
// next page appended); the spans carry the styles. Each character of the text takes the
// style of the span character it matches, so bold words, links and font changes survive
// even when the text and the spans differ by a hyphen or a marker.
import type { Block, Line, Span } from "../model";
import { markerHang } from "./alignment";
import { gapSpaces } from "./text-width";
import type { Decoration, DecoratedSpan } from "./text-decorations";

/** A span without its geometry: what a converter needs to write a run (with the marks Word flow reads from the drawing, text-decorations.ts). */
export type StyledRun = Omit<Span, "bbox"> & Decoration & {
  /** Extra space (points) after each character of this run (layout modes: its line's fit to the PDF's width). */
  letterSpacing?: number;
};

/** How far ahead (in span characters) to look for a text character the spans dropped or added. */
const MAX_SKIP = 12;
/** Size assumed when a block carries no spans at all (a table cell, a hand-made block). */
export const FALLBACK_FONT_SIZE = 11;

const isSpace = (ch: string) => /\s/.test(ch);

/** Runs for `text`, styled from `spans` (the spans of the lines the text came from). */
export function styledRuns(text: string, spans: Span[]): StyledRun[] {
  if (!spans.length) return text ? [{ ...plainStyle(), text }] : [];
  // Every span character with the span it came from; spaces are not matched (lines join with them).
  const chars: { ch: string; span: number }[] = [];
  spans.forEach((s, i) => {
    for (const ch of s.text) if (!isSpace(ch)) chars.push({ ch, span: i });
  });
  const owner: number[] = [];
  let p = 0;
  let current = chars[0]?.span ?? 0;
  for (const ch of text) {
    if (!isSpace(ch)) {
      const end = Math.min(chars.length, p + MAX_SKIP);
      let hit = -1;
      for (let k = p; k < end; k++) {
        if (chars[k].ch === ch) {
          hit = k;
          break;
        }
      }
      if (hit >= 0) {
        current = chars[hit].span;
        p = hit + 1;
      }
    }
    // A space (or an unmatched character) keeps the style before it.
    owner.push(current);
  }
  const host = scriptHostSize(spans);
  return mergeRuns([...text].map((ch, i) => ({ ...styleOf(spans[owner[i]], host), text: ch })));
}

/**
 * Word and PowerPoint draw a superscript or subscript smaller than its run's size (about two
 * thirds), so a script is written at the size that draws it as printed: its own size over
 * that share, at most the size of the text it rides on.
 */
const OFFICE_SCRIPT_SCALE = 2 / 3;

/** The main size of the spans that are not scripts: what a script rides on. */
function scriptHostSize(spans: Span[]): number | undefined {
  if (!spans.some((s) => s.script)) return undefined;
  const level = spans.filter((s) => !s.script);
  return level.length ? dominantStyle(level).fontSize : undefined;
}

/** Runs of a block as the flow converter writes it: its whole text, spans of its own lines and any continuation. */
export function blockRuns(block: Block, extraLines: Line[] = []): StyledRun[] {
  return styledRuns(block.text, [...(block.lines ?? []), ...extraLines].flatMap((l) => l.spans));
}

/**
 * Runs of what a block shows on its own page (layout modes): its lines as printed, each
 * ending in a "\n" (a line break inside the one paragraph, so the block stays one editable
 * block while every line breaks where the PDF's did, hyphen and all), with the marker a list
 * item printed, and without text merged in from the next page.
 */
export function ownRuns(block: Block, spacings?: number[]): StyledRun[] {
  const lines = block.lines ?? [];
  if (!lines.length) return styledRuns(block.list ? `${block.list.marker} ${block.text}` : block.text, []);
  const out: StyledRun[] = [];
  // A marker the PDF tabbed off its text is followed by a tab (the paragraph hangs to it).
  const tabbed = markerHang(block) > 0;
  const indent = codeIndents(block);
  for (const [i, line] of lines.entries()) {
    const printed = i === 0 && tabbed ? `${line.spans[0].text.trim()}\t${spacedText(line.spans.slice(1)).trim()}` : indent(i) + spacedText(line.spans).trim();
    const runs = styledRuns(printed, line.spans);
    if (!runs.length) continue;
    if (out.length) out[out.length - 1].text += "\n";
    const letterSpacing = spacings?.[i];
    out.push(...(letterSpacing === undefined ? runs : runs.map((r) => ({ ...r, letterSpacing }))));
  }
  return out;
}

/** A line's spans joined, a tab's gap between two filled with as many spaces as it is wide. */
const spacedText = (spans: Span[]) => spans.map((s, i) => " ".repeat(gapSpaces(spans, i)) + s.text).join("");

/**
 * The spaces that indent each line of a code block, as its text has them (a listing read from
 * a PDF, processors/code.ts): a line's own spans start at its ink. Nothing for other blocks.
 */
export function codeIndents(block: Block): (line: number) => string {
  const texts = block.type === "code" ? block.text.split("\n") : [];
  if (texts.length !== (block.lines?.length ?? 0)) return () => "";
  return (i) => /^ */.exec(texts[i])![0];
}

/** The style covering most characters of some spans: a document's or a block's main style. */
export function dominantStyle(spans: Span[]): Omit<StyledRun, "text"> {
  const weight = new Map<string, { style: Omit<StyledRun, "text">; chars: number }>();
  for (const s of spans) {
    const style = { fontFamily: s.fontFamily, fontSize: Math.round(s.fontSize * 10) / 10, bold: s.bold, italic: s.italic, color: s.color };
    const key = JSON.stringify(style);
    const entry = weight.get(key) ?? { style, chars: 0 };
    entry.chars += s.text.length;
    weight.set(key, entry);
  }
  return [...weight.values()].sort((a, b) => b.chars - a.chars)[0]?.style ?? plainStyle();
}

function plainStyle(): Omit<StyledRun, "text"> {
  return { fontFamily: "", fontSize: FALLBACK_FONT_SIZE, bold: false, italic: false };
}

function styleOf(s: DecoratedSpan, scriptHost?: number): Omit<StyledRun, "text"> {
  const fontSize = s.script && scriptHost ? Math.max(s.fontSize, Math.min(scriptHost, s.fontSize / OFFICE_SCRIPT_SCALE)) : s.fontSize;
  const marks = { ...(s.underline ? { underline: true } : {}), ...(s.strike ? { strike: true } : {}), ...(s.highlight ? { highlight: s.highlight } : {}) };
  return { fontFamily: s.fontFamily, fontSize, bold: s.bold, italic: s.italic, color: s.color, link: s.link, script: s.script, ...marks };
}

const sameStyle = (a: StyledRun, b: StyledRun) =>
  a.fontFamily === b.fontFamily && a.fontSize === b.fontSize && a.bold === b.bold && a.italic === b.italic && a.color === b.color && a.link === b.link && a.script === b.script &&
  a.underline === b.underline && a.strike === b.strike && a.highlight === b.highlight;

/** Neighbouring characters (or PDF text items) with one style become one run. */
function mergeRuns(runs: StyledRun[]): StyledRun[] {
  const out: StyledRun[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && sameStyle(last, r)) last.text += r.text;
    else out.push({ ...r });
  }
  // A space after a link or a superscript belongs to the plain text that follows it.
  for (let i = 0; i + 1 < out.length; i++) {
    const trailing = /\s+$/.exec(out[i].text);
    if (!trailing || !(out[i].link || out[i].script) || trailing[0].length === out[i].text.length) continue;
    out[i].text = out[i].text.slice(0, trailing.index);
    out[i + 1].text = trailing[0] + out[i + 1].text;
  }
  return out;
}

/**
 * Runs cut at character offsets of their joined text (where pictures sit inside a line):
 * one more piece than offsets. An offset inside a word moves on to the word's end (a
 * layout converter's text joins lines its own way, so offsets counted in the block's text
 * can land a few characters off).
 */
export function splitRunsAt(runs: StyledRun[], offsets: number[]): StyledRun[][] {
  const text = runs.map((r) => r.text).join("");
  const cuts = offsets.map((o) => {
    const at = Math.max(0, Math.min(text.length, o));
    if (at === 0 || at === text.length || /\s/.test(text[at]) || /\s/.test(text[at - 1])) return at;
    const end = text.slice(at).search(/\s/);
    return end < 0 ? text.length : at + end;
  });
  const pieces: StyledRun[][] = [[]];
  let start = 0;
  let k = 0;
  for (const run of runs) {
    let rest = run.text;
    let from = start;
    while (k < cuts.length && cuts[k] <= from + rest.length) {
      const head = rest.slice(0, cuts[k] - from);
      if (head) pieces[pieces.length - 1].push({ ...run, text: head });
      pieces.push([]);
      rest = rest.slice(head.length);
      from = cuts[k];
      k++;
    }
    if (rest) pieces[pieces.length - 1].push({ ...run, text: rest });
    start += run.text.length;
  }
  while (pieces.length < offsets.length + 1) pieces.push([]);
  return pieces;
}
