// The words an annotation draws over the page: a free-text note, a stamp (APPROVED, PAID), a
// page whose print was flattened into one. pdf.js's text content has only the page's own
// content stream; these live in the annotations' appearances, which pdf.js reads item by
// item (a patch keeps each item's place: scripts/build-pdfjs.mjs). Each run is marked
// (`note`): the processors lay notes out apart from the page's own text, so a note set beside
// a heading does not join its line.
import type { BBox } from "../../model";
import type { Run } from "../../runs";
import { union } from "../../geometry";
import { comparable, printedWithin, shown, viewportBox, type Annotation, type AppearanceTextItem, type PageViewport } from "./annotations";
import { stackedRuns } from "./form-fields";

/** A glyph's reach above and below its baseline, shares of its size (as the page's own runs take them). */
const ASCENT = 0.8;
const DESCENT = 0.2;

/**
 * The page's notes as runs, in the page's frame as its text was read. A note whose words the
 * page already prints where it lies (an appearance drawn over its own printed copy) is not
 * read twice.
 */
export function noteRuns(annotations: Annotation[], viewport: PageViewport, printed: Run[]): Run[] {
  const runs: Run[] = [];
  for (const a of annotations) {
    if (!shown(a)) continue;
    const note = drawnRuns(a, viewport) ?? unDrawnRuns(a, viewport);
    if (!note?.length) continue;
    const box = note.map((r) => r.bbox).reduce(union);
    if (printedWithin(printed, box).includes(comparable(note.map((r) => r.text).join(" ")))) continue;
    runs.push(...note);
  }
  return runs;
}

/** The words a note's or stamp's appearance draws, where it draws them (a field's value is form-fields.ts's). */
function drawnRuns(a: Annotation, viewport: PageViewport): Run[] | undefined {
  if (a.subtype === "Widget" || !a.textItems?.length) return undefined;
  return a.textItems.filter((i) => i.str.trim()).map((i) => itemRun(i, viewport)).filter((r): r is Run => r !== undefined);
}

/**
 * A free-text note with no appearance of its own: viewers draw its text (/Contents) in its
 * rectangle, as pdftotext reads it. A sticky note's text is not drawn (it opens in a popup).
 */
function unDrawnRuns(a: Annotation, viewport: PageViewport): Run[] | undefined {
  const text = a.contentsObj?.str?.trim();
  if (a.subtype !== "FreeText" || a.hasAppearance || !text || a.rect?.length !== 4) return undefined;
  return stackedRuns(text, viewportBox(viewport, a.rect), a.defaultAppearanceData, { note: true });
}

/** One item of an appearance as a run: its glyph box from its baseline origin, along its direction. */
function itemRun(item: AppearanceTextItem, viewport: PageViewport): Run | undefined {
  const [a, b, c, d, e, f] = item.transform;
  const size = Math.hypot(c, d);
  const advance = Math.hypot(a, b);
  if (!size || !advance) return undefined;
  const along = [(a / advance) * item.width, (b / advance) * item.width];
  const up = [c, d];
  const corners = [
    [e - up[0] * DESCENT, f - up[1] * DESCENT],
    [e + up[0] * ASCENT, f + up[1] * ASCENT],
    [e + along[0] - up[0] * DESCENT, f + along[1] - up[1] * DESCENT],
    [e + along[0] + up[0] * ASCENT, f + along[1] + up[1] * ASCENT],
  ].map(([x, y]) => viewport.convertToViewportPoint(x, y));
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [ox, oy] = viewport.convertToViewportPoint(e, f);
  const [tx, ty] = viewport.convertToViewportPoint(e + c, f + d);
  const bbox: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  // Words turned a quarter turn (a stamp set up the margin) read up the page or down it, as the page's own turned runs do.
  const [ax, ay] = viewport.convertToViewportPoint(e + a, f + b);
  const turned = Math.abs(ay - oy) > Math.abs(ax - ox) ? { rotated: ay < oy ? ("up" as const) : ("down" as const) } : {};
  return { text: item.str, bbox, baseline: oy, fontSize: round(Math.hypot(tx - ox, ty - oy)), fontFamily: "Helvetica", bold: false, italic: false, eol: item.hasEOL, note: true, ...turned };
}

const round = (n: number) => Math.round(n * 100) / 100;
