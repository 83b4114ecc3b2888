// Fitting a substitute font to the PDF's widths, for the layout converters. A PDF set in a
// font the reader's machine lacks (Computer Modern, Trebuchet, Melior...) is written in a
// common family whose letters are wider or narrower, so every line would wrap elsewhere
// and the block would grow or shrink. A little letter spacing makes the substitute text
// as wide as the PDF's, so lines break where they did and the page keeps its look. Fonts
// that are metric-compatible with the family written need (and get) none.
import { firstLineIndent, markerHang } from "./alignment";
import type { Block, Line } from "../model";
import { measureLine, measuredText, naturalWidth } from "./text-width";

/** Width ratios this close to 1 are the same metrics (rounding, kerning): no spacing. */
const SAME_METRICS = 0.015;
/** Never space letters by more than this share of the font size either way: a wrong measurement must not scramble the text. */
const MAX_SPACING_EM = 0.15;

export interface Fit {
  /** Extra space (points) after every character; 0 when nothing needs fitting. */
  spacing: number;
  /** The substitute text now has the PDF's widths, so its box needs no room to grow. */
  fitted: boolean;
}

/** How to space the block's letters so its text set in the substitute families is as wide as the PDF printed it. */
export function letterSpacing(block: Block): Fit {
  // The narrowest ratio among the block's lines: justified lines are stretched by their
  // spaces, so the least stretched (usually the last) shows the font's own width best.
  let best: { ratio: number; perChar: number } | undefined;
  for (const line of fittedLines(block)) {
    const m = measureLine(line);
    if (m && (!best || m.ratio < best.ratio)) best = m;
  }
  if (!best) return { spacing: 0, fitted: false };
  if (Math.abs(best.ratio - 1) < SAME_METRICS) return { spacing: 0, fitted: true };
  const limit = MAX_SPACING_EM * dominantSize(block);
  const spacing = (best.ratio - 1) * best.perChar;
  return { spacing: Math.max(-limit, Math.min(limit, spacing)), fitted: Math.abs(spacing) <= limit };
}

/** Room (a share of the box) a line keeps free when squeezed to fit: rounding in the Office renderers. */
const SQUEEZE_MARGIN = 0.995;
/**
 * Room (points) a justified line keeps free per character. Its box is barely wider than the
 * PDF's line, and LibreOffice sets a line of small type wider than the fonts' metrics add up
 * to (8 pt references: some 0.03 pt a glyph, and a letter spacing of a few hundredths of a
 * point did not narrow them); a line that wraps pushes the rest of its block down.
 * Justification stretches the line back to the box.
 */
const JUSTIFIED_GLYPH_ROOM = 0.06;

/**
 * The letter spacing of each of the block's lines (points), for layout modes that keep every
 * line: the block's spacing, or less where a line set with it would not fit in the box
 * (`boxWidth` points) and wrap, pushing the block's later lines down over the next block.
 * Justified lines are then stretched back to the box by their spaces, as the PDF's were.
 * `writtenSize` maps a PDF font size to the one the file gets (a tenth or half a point wider
 * makes a long line a point wider).
 */
export function lineSpacings(block: Block, fit: Fit, boxWidth: number, justified = false, writtenSize?: (points: number) => number): number[] {
  const limit = MAX_SPACING_EM * dominantSize(block);
  // Under a hanging first line (a numbered reference) the other lines are indented by as much.
  const hanging = Math.max(0, -firstLineIndent(block));
  return fittedLines(block).map((line, i) => {
    const natural = naturalWidth(line, writtenSize);
    if (!natural || natural.gaps < 1) return fit.spacing;
    // The first line may be indented: it has that much less room.
    const room = (boxWidth - (i === 0 ? Math.max(0, line.bbox[0] - block.bbox[0]) : hanging)) * SQUEEZE_MARGIN - (justified ? natural.gaps * JUSTIFIED_GLYPH_ROOM : 0);
    const fits = (room - natural.width) / natural.gaps;
    return Math.max(-limit, Math.min(justified || !fit.fitted ? fit.spacing : ownSpacing(line, natural, fit.spacing), fits));
  });
}

/** A line's own spacing may differ from its block's by at most this share of its font size. */
const LINE_SPREAD_EM = 0.03;

/**
 * The spacing that sets a ragged line as wide as it was printed: a substitute's letters
 * differ from the PDF font's by more in some words than in others, so with its block's
 * spacing (from its least stretched line) a line ends short of where the PDF ended it.
 * Only a little off the block's: a line's width says nothing of gaps it holds.
 */
function ownSpacing(line: Line, natural: { width: number; gaps: number }, blockSpacing: number): number {
  // A character without a measured width (font-widths.ts) is a guess, and a guessed line set wider may wrap.
  if (!line.spans.every((s) => measuredText(s.text))) return blockSpacing;
  const spread = LINE_SPREAD_EM * Math.max(...line.spans.map((s) => s.fontSize));
  const own = (line.bbox[2] - line.bbox[0] - natural.width) / natural.gaps;
  return Math.max(blockSpacing - spread, Math.min(blockSpacing + spread, own));
}

/**
 * The block's lines as the fit measures them: a marker tabbed off the first line's text
 * (markerHang) is left out, since the tab, not the letters, spans the gap after it.
 */
function fittedLines(block: Block): Line[] {
  const lines = block.lines ?? [];
  if (!markerHang(block)) return lines;
  const [first, ...rest] = lines;
  const spans = first.spans.slice(1).map((s, k) => (k === 0 ? { ...s, text: s.text.trimStart() } : s));
  return [{ bbox: [spans[0].bbox[0], first.bbox[1], first.bbox[2], first.bbox[3]], spans }, ...rest];
}

function dominantSize(block: Block): number {
  const sizes = (block.lines ?? []).flatMap((l) => l.spans.map((s) => s.fontSize)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 10;
}
