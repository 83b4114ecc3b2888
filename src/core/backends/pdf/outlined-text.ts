// Text drawn as outlines on a born-digital page (a poster's title, a slide's banner, words
// of a logo turned to paths by a design program): the drawing holds glyph shapes the text
// layer knows nothing of. Such shapes are small curved paths in rows, with no text of the
// layer among them. Where a page has them, and a renderer can draw it, the page is read by
// OCR and the words that fall on those shapes join the page's runs, so they go through
// lines, blocks and reading order with the rest of the text.
import type { DrawingCluster, PageRuns, Run } from "../../runs";
import type { PageRenderer } from "./scan";
import { readPicture } from "../../ocr/read-picture";
import { ocrRuns } from "../../ocr/runs";
import type { BBox } from "../../model";
import { boxesMeet, centreIn } from "../../geometry";

/** A glyph shape is no taller than this (points): larger curved drawings are artwork. */
const MAX_GLYPH_HEIGHT = 80;
/** ...and no shorter (a dot, a rule's rounded end). */
const MIN_GLYPH_HEIGHT = 4;
/** Shapes in a row overlap in height by this share of the smaller... */
const ROW_OVERLAP = 0.6;
/** ...and are of like height (within this factor)... */
const LIKE_HEIGHT = 1.6;
/** ...three or more of them. */
const MIN_ROW_SHAPES = 3;
/** Shapes of letters on a page before it is read: a stray icon or two is no text. */
const MIN_GLYPH_CLUSTERS = 6;
/** A cluster holding this many curved paths with no text among them is a block of outlined text by itself. */
const MIN_CURVED_BLOCK = 20;
/** Words read with less confidence (0..100) than this are not taken. */
const MIN_WORD_CONFIDENCE = 70;
/** Points a word may stand beyond its shapes' box (the renderer's anti-aliasing, the recogniser's box). */
const SLACK = 2;
const POINTS_PER_INCH = 72;
/** Two letters or figures in a row. */
const WORD = /[\p{L}\p{N}]{2}/u;
const LETTERS = /\p{L}{2}/u;

/**
 * The page's runs with the text it draws as outlines added, read by OCR, and its drawing
 * without those outlines (they are text now, not a figure); the page as it was when it has
 * none or cannot be drawn.
 */
export async function withOutlinedText(raw: PageRuns, render: PageRenderer): Promise<PageRuns> {
  // The drawing is read where it is read anyway, for the page's figures (the service's
  // parse, with the renderer and an image store): reading it for this alone cost the CLI a
  // third of its time on the bench's 280 pages, for no outlined text.
  const drawings = raw.drawings;
  if (!drawings) return raw;
  const runs = await outlinedTextRuns(drawings, raw, render);
  if (!runs.length) return raw;
  const read = drawings.filter((c) => runs.some((r) => boxesMeet(r.bbox, c.bbox)));
  return { ...raw, runs: [...raw.runs, ...runs], ...(raw.drawings ? { drawings: raw.drawings.filter((c) => !read.includes(c)) } : {}) };
}

async function outlinedTextRuns(drawings: DrawingCluster[], raw: PageRuns, render: PageRenderer): Promise<Run[]> {
  const shapes = glyphShapes(drawings, raw.runs);
  if (!shapes.length) return [];
  const displayed = await render();
  if (!displayed) return [];
  const dpi = (displayed.width / raw.width) * POINTS_PER_INCH;
  const { result, turn } = await readPicture(displayed, dpi);
  // A page whose own text stands sideways is read in its own frame; its outlines are not guessed at.
  if (turn) return [];
  const scale = raw.width / displayed.width;
  const onShapes = result.words.filter((w) => {
    if (w.confidence < MIN_WORD_CONFIDENCE || !/[\p{L}\p{N}]/u.test(w.text)) return false;
    const box: BBox = [w.bbox[0] * scale, w.bbox[1] * scale, w.bbox[2] * scale, w.bbox[3] * scale];
    return shapes.some((s) => centreIn(box, [s[0] - SLACK, s[1] - SLACK, s[2] + SLACK, s[3] + SLACK])) && !raw.runs.some((r) => boxesMeet(box, r.bbox));
  });
  // A lone letter or figure read from a mark (a bullet, an arrow) is no text: a word is, or a
  // letter among the words of its line ("a", "I", "18 April"); and a line needs a word of
  // letters (figures alone are read off a drawing's shapes by chance).
  const words = onShapes.filter((w) => (WORD.test(w.text) || onShapes.some((o) => o !== w && o.lineKey === w.lineKey && WORD.test(o.text))) && onShapes.some((o) => o.lineKey === w.lineKey && LETTERS.test(o.text)));
  return words.length ? ocrRuns({ words, scale, width: raw.width, height: raw.height }).runs : [];
}

/**
 * Boxes of the drawing that look like letters and hold none of the layer's text: shapes of
 * a letter's height set in rows as letters and words are (three or more side by side, of
 * like height, a letter's height apart at most), once the page has enough of them and some
 * have curves ("l" and "v" have none; a chart's markers stand scattered); and blocks of many
 * curved paths. Empty when the page has no such text.
 */
function glyphShapes(clusters: DrawingCluster[], runs: Run[]): BBox[] {
  const textless = clusters.filter((c) => !runs.some((r) => boxesMeet(r.bbox, c.bbox)));
  const letterHigh = textless.filter((c) => height(c.bbox) >= MIN_GLYPH_HEIGHT && height(c.bbox) <= MAX_GLYPH_HEIGHT);
  const inRows = inLetterRows(letterHigh);
  const blocks = textless.filter((c) => c.curved >= MIN_CURVED_BLOCK && !letterHigh.includes(c));
  const enough = inRows.length >= MIN_GLYPH_CLUSTERS && inRows.some((c) => c.curved > 0);
  return [...(enough ? inRows : []), ...blocks].map((c) => c.bbox);
}

/** The shapes that stand in a row of three or more, side by side as letters and words do. */
function inLetterRows(shapes: DrawingCluster[]): DrawingCluster[] {
  const sorted = [...shapes].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const rows: DrawingCluster[][] = [];
  for (const s of sorted) {
    const row = rows.find((r) => {
      const last = r[r.length - 1];
      const h = Math.max(height(last.bbox), height(s.bbox));
      const overlap = Math.min(last.bbox[3], s.bbox[3]) - Math.max(last.bbox[1], s.bbox[1]);
      return overlap >= ROW_OVERLAP * Math.min(height(last.bbox), height(s.bbox)) && h <= LIKE_HEIGHT * Math.min(height(last.bbox), height(s.bbox)) && s.bbox[0] - last.bbox[2] <= h;
    });
    if (row) row.push(s);
    else rows.push([s]);
  }
  return rows.filter((r) => r.length >= MIN_ROW_SHAPES).flat();
}

const height = (b: BBox) => b[3] - b[1];
