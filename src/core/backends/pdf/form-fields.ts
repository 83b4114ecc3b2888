// What a filled form holds beyond its printed page: the values typed into its fields (text,
// ticked boxes, chosen items), as runs placed where the field is drawn, so they read beside
// their labels. pdf.js's text content has only the page's own content stream; these live in
// the page's annotations. Each run is marked (`formField`), so the JSON can tell a filled
// value from printed text. Notes and stamps are read apart (notes.ts).
import type { BBox } from "../../model";
import type { Run } from "../../runs";
import { comparable, printedWithin, shown, viewportBox, type Annotation, type PageViewport } from "./annotations";

export const TICKED = "☑";
export const UNTICKED = "☐";
export const CHOSEN = "◉";
export const NOT_CHOSEN = "◯"; // not ○, which lists take for a bullet

/** A field's font size when its appearance leaves it to the reader (0, auto): a share of the field's height. */
const AUTO_SIZE_SHARE = 0.7;
/** Largest size an auto-sized field is read at (a tall multi-line field is not one huge line). */
const MAX_AUTO_SIZE = 12;
/** A value's lines, this many sizes apart. */
const LINE_SPACING = 1.2;
/** A character's advance, a share of the size (the value's width is not measured: no font is loaded for it). */
const MEAN_ADVANCE = 0.5;

/** The text a form field shows when filled, or undefined for one that shows none (an empty field, a push button, any other annotation). */
export function annotationText(a: Annotation): string | undefined {
  if (!shown(a)) return undefined;
  if (a.subtype !== "Widget") return undefined;
  if (a.fieldType === "Tx") return typeof a.fieldValue === "string" && a.fieldValue.trim() ? a.fieldValue.trim() : undefined;
  if (a.fieldType === "Ch") {
    const chosen = (Array.isArray(a.fieldValue) ? a.fieldValue : [a.fieldValue]).filter((v): v is string => typeof v === "string" && v.trim() !== "");
    return chosen.length ? chosen.join(", ") : undefined;
  }
  if (a.fieldType === "Btn" && a.checkBox) return a.fieldValue != null && a.fieldValue !== "Off" ? TICKED : UNTICKED;
  if (a.fieldType === "Btn" && a.radioButton) return a.fieldValue != null && a.fieldValue !== "Off" && a.fieldValue === a.buttonValue ? CHOSEN : NOT_CHOSEN;
  return undefined;
}

/**
 * The page's filled values as runs, in the page's frame as its text was read. A value the
 * page already prints where it lies (a form flattened into the page with its fields kept)
 * is not read twice.
 */
export function formFieldRuns(annotations: Annotation[], viewport: PageViewport, printed: Run[]): Run[] {
  const runs: Run[] = [];
  for (const a of annotations) {
    const text = annotationText(a);
    if (text === undefined || a.rect?.length !== 4) continue;
    const box = viewportBox(viewport, a.rect);
    if (printedWithin(printed, box).includes(comparable(text))) continue;
    if (text === TICKED || text === UNTICKED || text === CHOSEN || text === NOT_CHOSEN) runs.push(markRun(text, box));
    else runs.push(...stackedRuns(text, box, a.defaultAppearanceData, { formField: true }));
  }
  return runs;
}

/** A box's mark as a glyph filling the box, its baseline where a label beside it stands. */
function markRun(text: string, box: BBox): Run {
  const size = box[3] - box[1];
  return { text, bbox: box, baseline: box[3] - size * 0.2, fontSize: round(size), fontFamily: "Helvetica", bold: false, italic: false, eol: true, formField: true };
}

/**
 * Text an annotation shows without drawing it itself (a field's value, a note with no
 * appearance), its lines stacked from the box's top (a single line sits in the middle of its
 * box), each as wide as it takes, marked as `mark` says.
 */
export function stackedRuns(text: string, box: BBox, appearance: Annotation["defaultAppearanceData"], mark: Pick<Run, "formField" | "note">): Run[] {
  const height = box[3] - box[1];
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim());
  const size = appearance?.fontSize || Math.min(MAX_AUTO_SIZE, (height / lines.length) * AUTO_SIZE_SHARE) || MAX_AUTO_SIZE;
  const top = lines.length > 1 ? box[1] : box[1] + Math.max(0, (height - size) / 2);
  return lines.map((line, i) => {
    const y0 = top + i * size * LINE_SPACING;
    const width = Math.min(box[2] - box[0], [...line].length * size * MEAN_ADVANCE);
    return { text: line, bbox: [box[0], y0, box[0] + width, y0 + size], baseline: y0 + size * 0.8, fontSize: round(size), fontFamily: appearance?.fontName ?? "Helvetica", bold: false, italic: false, eol: true, ...mark };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;
