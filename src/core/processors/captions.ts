// Captions: the text block that labels a figure or a table ("Figure 3.", "Fig. 2:",
// "Table 1", "Scheme 1", ...), or small text right under a figure, is attached to it in
// `captions`. The caption block itself becomes type `caption` and is hidden, so the body
// does not say it twice: renderers write captions with their figure or table.
import type { Block } from "../model";

/** A caption opens with a label and a number (arabic, roman or a letter: "Figure A.1"). */
const LABELLED = /^(fig(ure)?s?|table|tab|scheme|chart|plate|graph|diagram|photo|exhibit|illustration|listing|abbildung|tabelle|tableau|figura|tabla|图|表)\s*\.?\s*([0-9]+|[ivxlc]+\b|[a-z]\b)/i;
/** Largest gap (points) between a figure or table and its caption. */
const MAX_GAP = 28;
/** An unlabelled caption under a figure is small text: below this share of the page's body size. */
const SMALL_TEXT = 0.92;
/** ...and short: at most this many lines. */
const MAX_UNLABELLED_LINES = 3;
/** Caption and owner share at least this share of the narrower one's width. */
const MIN_OVERLAP = 0.5;

export function attachCaptions(blocks: Block[]): void {
  const owners = blocks.filter((b) => (b.type === "image" || b.type === "table") && !b.hidden);
  if (!owners.length) return;
  const bodySize = medianFontSize(blocks);
  const taken = new Set<Block>();
  // Labelled captions first (both above and below), then small text under figures.
  for (const pass of ["labelled", "small"] as const) {
    for (const owner of owners) {
      if (owner.captions?.length) continue;
      let best: { block: Block; rank: number } | null = null;
      for (const b of blocks) {
        if (taken.has(b) || b.hidden || b.type !== "text" || b.layer !== "body") continue;
        const gap = verticalGap(owner, b);
        if (gap === null || gap > MAX_GAP || overlapShare(owner, b) < MIN_OVERLAP) continue;
        const labelled = LABELLED.test(b.text.trim());
        const below = b.bbox[1] >= owner.bbox[3] - 1;
        const fits = pass === "labelled" ? labelled : owner.type === "image" && below && isSmallNote(b, bodySize) && !amidOtherImages(b, owner, owners);
        // Figures are captioned below and tables above, as a rule: a label on the usual side wins over a nearer one on the other (the caption of the listing above a figure).
        const usualSide = owner.type === "image" ? below : !below;
        const rank = gap + (usualSide ? 0 : MAX_GAP);
        if (fits && (!best || rank < best.rank)) best = { block: b, rank };
      }
      if (!best) continue;
      taken.add(best.block);
      owner.captions = [oneLine(best.block.text)];
      best.block.type = "caption";
      best.block.hidden = true;
    }
  }
}

/**
 * Small text touching another image too is a label inside a figure made of several images
 * (parts of a drawing with their names), not the caption of one of them.
 */
function amidOtherImages(text: Block, owner: Block, owners: Block[]): boolean {
  return owners.some((o) => o !== owner && o.type === "image" && boxDistance(o, text) <= MAX_GAP);
}

function boxDistance(a: Block, b: Block): number {
  const dx = Math.max(0, a.bbox[0] - b.bbox[2], b.bbox[0] - a.bbox[2]);
  const dy = Math.max(0, a.bbox[1] - b.bbox[3], b.bbox[1] - a.bbox[3]);
  return Math.hypot(dx, dy);
}

/** The gap between two blocks stacked one above the other; null when they overlap vertically. */
function verticalGap(a: Block, b: Block): number | null {
  if (b.bbox[1] >= a.bbox[3] - 1) return Math.max(0, b.bbox[1] - a.bbox[3]);
  if (b.bbox[3] <= a.bbox[1] + 1) return Math.max(0, a.bbox[1] - b.bbox[3]);
  return null;
}

function overlapShare(a: Block, b: Block): number {
  const overlap = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);
  const narrower = Math.min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0]);
  return narrower > 0 ? overlap / narrower : 0;
}

function isSmallNote(b: Block, bodySize: number): boolean {
  const size = blockFontSize(b);
  return size > 0 && bodySize > 0 && size < SMALL_TEXT * bodySize && (b.lines?.length ?? 1) <= MAX_UNLABELLED_LINES;
}

function blockFontSize(b: Block): number {
  const sizes = (b.lines ?? []).flatMap((l) => l.spans.map((s) => s.fontSize));
  return sizes.length ? Math.max(...sizes) : 0;
}

/** The size most of the page's text is set in, weighted by characters. */
function medianFontSize(blocks: Block[]): number {
  const sizes: [number, number][] = [];
  for (const b of blocks) for (const l of b.lines ?? []) for (const s of l.spans) sizes.push([s.fontSize, s.text.length]);
  sizes.sort((a, b) => a[0] - b[0]);
  const total = sizes.reduce((n, [, w]) => n + w, 0);
  let seen = 0;
  for (const [size, w] of sizes) if ((seen += w) >= total / 2) return size;
  return 0;
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
