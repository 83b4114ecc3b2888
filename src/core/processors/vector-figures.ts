// Figures drawn with vector graphics (charts, diagrams, chemical structures): the clusters
// of the page's drawing (backends/pdf/drawing-clusters.ts) that are artwork rather than
// rules, frames or tables become image blocks, drawn to PNG by the renderer later. The
// text inside such a figure (axis labels, legends, atom symbols) belongs to the picture:
// it leaves the page's paragraphs and is kept as the figure's text.
import type { DrawingCluster, PlacedImage, Run } from "../runs";
import type { BBox, Block } from "../model";
import { imageRef } from "../images/store";
import { REGION_DPI, regionPixelSize } from "../raster/region";
import { centreIn, coveredShare } from "../geometry";
import { union } from "../geometry";

/** Smallest figure (points): about two thirds of an inch across and half an inch down. */
const MIN_WIDTH = 48;
const MIN_HEIGHT = 36;
const MIN_AREA = 72 * 54;
/** A drawing of fewer straight paths is a frame, a rule or a box, not artwork. */
const MIN_STRAIGHT_PATHS = 6;
/** Text covering more of the drawing than this makes it a text panel or a table, not a figure... */
const MAX_TEXT_SHARE = 0.3;
/** ...and more than this when the drawing is straight lines and boxes only (a frame round a code listing, a form, a banner). */
const MAX_TEXT_SHARE_STRAIGHT = 0.12;
/** A line of text spanning this much of the drawing's width is prose set in a box. */
const PROSE_WIDTH = 0.7;
/** Runs of this many words are sentences; a figure has at most one (a long label)... */
const SENTENCE_WORDS = 7;
/** ...and a figure's labels hold fewer words than this in all. */
const MAX_LABEL_WORDS = 80;
/** Share of the drawing a table or a raster image may cover before the drawing is theirs. */
const TAKEN_SHARE = 0.3;
/** A drawing around this much of a table holds it (a page frame, a form): no figure holds a table. */
const HOLDS_TABLE = 0.5;
/** Text this much larger than the page's body text inside a drawing makes it a banner or a title panel. */
const DISPLAY_TYPE = 1.3;
/** Labels this close (points) outside the drawing are part of it (tick labels, axis titles). */
const LABEL_REACH = 14;
/** Labels are short; a longer line beside a drawing is the page's text. */
const MAX_LABEL_CHARS = 24;
/** A caption is not a label, however close it sits. */
const CAPTION = /^\s*(fig(ure)?|table|scheme|chart|plate|graph|exhibit|图|表)\b/i;

export interface VectorFigure extends PlacedImage {
  /** The text layer's words inside the figure, line by line. */
  text: string;
}

/**
 * The page's vector figures, the runs left for its paragraphs, and the page's raster images
 * left as figures of their own: an image inside a drawn figure (an icon in a diagram) is
 * part of that figure's picture.
 */
export function vectorFigures(
  clusters: DrawingCluster[] | undefined,
  runs: Run[],
  tables: BBox[],
  images: PlacedImage[],
  page: { index: number; firstRef: number; width: number; height: number },
): { figures: VectorFigure[]; rest: Run[]; images: PlacedImage[] } {
  if (!clusters?.length) return { figures: [], rest: runs, images };
  const bodySize = median(runs.map((r) => r.fontSize));
  const figures: VectorFigure[] = [];
  let rest = runs;
  let restImages = images;
  for (const cluster of mergeNear(clusters).sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])) {
    if (!isArtwork(cluster) || tables.some((t) => coveredShare(cluster.bbox, t) >= TAKEN_SHARE || coveredShare(t, cluster.bbox) >= HOLDS_TABLE)) continue;
    if ([...figures, ...images].some((f) => coveredShare(cluster.bbox, f.bbox) >= TAKEN_SHARE)) continue;
    const inside = rest.filter((r) => centreIn(r.bbox, cluster.bbox));
    if (isTextPanel(cluster, inside) || inside.some((r) => r.fontSize > DISPLAY_TYPE * bodySize)) continue;
    const bbox = padded(withLabels(cluster.bbox, rest), page);
    const absorbed = rest.filter((r) => centreIn(r.bbox, bbox));
    rest = rest.filter((r) => !absorbed.includes(r));
    restImages = restImages.filter((i) => !centreIn(i.bbox, bbox));
    const ref = imageRef(page.index, page.firstRef + figures.length);
    figures.push({ bbox, image: { ref, mime: "image/png", ...regionPixelSize(bbox, REGION_DPI) }, text: linesOf(absorbed) });
  }
  return { figures, rest, images: restImages };
}

/** Paths' boxes are their centre lines: the figure's picture reaches this far (points) past them, so strokes are not cut in half. */
const STROKE_MARGIN = 2;

function padded([x0, y0, x1, y1]: BBox, page: { width: number; height: number }): BBox {
  return [Math.max(0, x0 - STROKE_MARGIN), Math.max(0, y0 - STROKE_MARGIN), Math.min(page.width, x1 + STROKE_MARGIN), Math.min(page.height, y1 + STROKE_MARGIN)];
}

/** Clusters this close (points)... */
const NEAR = 8;
/** ...and overlapping across by this share of the narrower are parts of one drawing (a chart and its tick labels drawn as outlines). */
const ALIGNED = 0.5;

function mergeNear(clusters: DrawingCluster[]): DrawingCluster[] {
  const out = clusters.map((c) => ({ ...c, bbox: [...c.bbox] as BBox }));
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        if (!adjacent(out[i].bbox, out[j].bbox)) continue;
        const [a, b] = [out[i], out[j]];
        out[i] = { bbox: union(a.bbox, b.bbox), paths: a.paths + b.paths, curved: a.curved + b.curved };
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

function adjacent(a: BBox, b: BBox): boolean {
  const gapX = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
  const gapY = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
  const overlapShare = (lo: number, hi: number, lo2: number, hi2: number) => (Math.min(hi, hi2) - Math.max(lo, lo2)) / Math.max(1, Math.min(hi - lo, hi2 - lo2));
  if (gapY <= NEAR && gapY > -1e9 && overlapShare(a[0], a[2], b[0], b[2]) >= ALIGNED) return true;
  return gapX <= NEAR && overlapShare(a[1], a[3], b[1], b[3]) >= ALIGNED;
}

function isArtwork({ bbox: [x0, y0, x1, y1], paths, curved }: DrawingCluster): boolean {
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < MIN_WIDTH || h < MIN_HEIGHT || w * h < MIN_AREA) return false;
  return curved > 0 ? paths >= 2 : paths >= MIN_STRAIGHT_PATHS;
}

/** Text that reads as the page's own (sentences, much of it) framed or underlaid by a drawing: the text stays text. */
function isTextPanel({ bbox, curved }: DrawingCluster, inside: Run[]): boolean {
  const area = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]);
  const textArea = inside.reduce((sum, r) => sum + (r.bbox[2] - r.bbox[0]) * (r.bbox[3] - r.bbox[1]), 0);
  if (textArea > (curved ? MAX_TEXT_SHARE : MAX_TEXT_SHARE_STRAIGHT) * area) return true;
  const words = inside.map((r) => r.text.match(/\p{L}+/gu)?.length ?? 0);
  if (words.reduce((a, b) => a + b, 0) >= MAX_LABEL_WORDS || words.filter((n) => n >= SENTENCE_WORDS).length >= 2) return true;
  return inside.some((r, k) => r.bbox[2] - r.bbox[0] > PROSE_WIDTH * (bbox[2] - bbox[0]) && words[k] > 4);
}

/** The drawing's box grown over the short labels around it. */
function withLabels(bbox: BBox, runs: Run[]): BBox {
  const out: BBox = [...bbox];
  for (const r of runs) {
    const text = r.text.trim();
    if (!text || text.length > MAX_LABEL_CHARS || CAPTION.test(text)) continue;
    const [x0, y0, x1, y1] = r.bbox;
    const near = x1 >= bbox[0] - LABEL_REACH && x0 <= bbox[2] + LABEL_REACH && y1 >= bbox[1] - LABEL_REACH && y0 <= bbox[3] + LABEL_REACH;
    if (!near) continue;
    out[0] = Math.min(out[0], x0);
    out[1] = Math.min(out[1], y0);
    out[2] = Math.max(out[2], x1);
    out[3] = Math.max(out[3], y1);
  }
  return out.map((v) => Math.round(v * 100) / 100) as BBox;
}

/** Lines of one label stand closer than this share of their type's size (a label's leading)... */
const LABEL_LEADING = 0.6;
/** ...and words of one line closer than this many sizes. */
const LABEL_WORD_GAP = 1;

/**
 * The figure's text, one label a line, labels top to bottom and left to right: runs set
 * close under or beside one another are one label ("binærpakke for amd64 / bygget av
 * vedlikeholderen"), its lines joined, a word broken at a hyphen made whole again.
 */
function linesOf(runs: Run[]): string {
  const labels = runs.map((r) => [r]);
  const near = (a: Run, b: Run) => {
    const size = Math.max(a.fontSize, b.fontSize);
    const across = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);
    const gapY = Math.max(a.bbox[1], b.bbox[1]) - Math.min(a.bbox[3], b.bbox[3]);
    const sameLine = Math.abs(a.baseline - b.baseline) <= Math.max(2, size * 0.3);
    const gapX = Math.max(a.bbox[0], b.bbox[0]) - Math.min(a.bbox[2], b.bbox[2]);
    return sameLine ? gapX <= LABEL_WORD_GAP * size : across > 0 && gapY <= LABEL_LEADING * size;
  };
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < labels.length && !merged; i++) {
      for (let j = i + 1; j < labels.length && !merged; j++) {
        if (!labels[i].some((a) => labels[j].some((b) => near(a, b)))) continue;
        labels[i].push(...labels.splice(j, 1)[0]);
        merged = true;
      }
    }
  }
  const top = (label: Run[]) => Math.min(...label.map((r) => r.bbox[1]));
  const left = (label: Run[]) => Math.min(...label.map((r) => r.bbox[0]));
  return labels.sort((a, b) => top(a) - top(b) || left(a) - left(b)).map(labelText).filter(Boolean).join("\n");
}

/** A label's lines by baseline, their words left to right, joined over its line breaks. */
function labelText(runs: Run[]): string {
  const lines: Run[][] = [];
  for (const r of [...runs].sort((a, b) => a.baseline - b.baseline || a.bbox[0] - b.bbox[0])) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0].baseline - r.baseline) <= Math.max(2, r.fontSize * 0.3)) line.push(r);
    else lines.push([r]);
  }
  const texts = lines.map((l) => l.sort((a, b) => a.bbox[0] - b.bbox[0]).map((r) => r.text.trim()).filter(Boolean).join(" ")).filter(Boolean);
  return texts.reduce((out, t) => (!out ? t : /\p{L}-$/u.test(out) && /^\p{Ll}/u.test(t) ? out.slice(0, -1) + t : `${out} ${t}`), "");
}

function median(values: number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1] : 0;
}

/** The figures as image blocks (the renderer draws their pictures; `drawn` tells it which). */
export function vectorFigureBlocks(figures: VectorFigure[]): Block[] {
  return figures.map(({ bbox, image, text }) => ({ type: "image", bbox, text: "", image: { ...image, text }, drawn: true, layer: "body", source: "text-layer" }));
}
