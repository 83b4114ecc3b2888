// What a backend hands the processors for one page: its glyph runs (text with font, size
// and place, in page units with a top-left origin), the drawing's rules, the headings a
// tagged PDF names, clusters of vector drawing and the pictures placed on it. PDF text
// layers, OCR and drawn text all come as these, whatever read them.
import type { BBox, ImageRef } from "./model";

export interface Run {
  text: string;
  bbox: BBox;
  /** Baseline y (top-left origin). */
  baseline: number;
  fontSize: number;
  fontFamily: string;
  bold: boolean;
  italic: boolean;
  /** Whether pdf.js saw a line break after this run. */
  eol: boolean;
  /** Address of the URI link annotation over this run. */
  link?: string;
  /** Fill colour "#rrggbb" when not black, read only for conversions (text-colors.ts). */
  color?: string;
  /** Set in vertical writing (CJK top to bottom): the run is a column, read downwards. */
  vertical?: boolean;
  /** Set for Latin text turned a quarter turn (a table's side heading): reading up the page, or down it. */
  rotated?: "up" | "down";
  /** Id of the tagged-PDF marked content holding the run (ties it to the structure tree). */
  markedContent?: string;
  /** Marked as an Artifact in a tagged PDF: pagination furniture, not content. */
  artifact?: boolean;
  /** Filled into a form field, not printed by the page itself (backends/pdf/form-fields.ts). */
  formField?: boolean;
  /** Drawn by an annotation over the page (a free-text note, a stamp), not printed by the page itself (backends/pdf/notes.ts). */
  note?: boolean;
}

export interface PageRuns {
  width: number;
  height: number;
  runs: Run[];
  /** Ruling lines of the drawing; fetched only when the text layer suggests a table (see tables/hints.ts). */
  rulings?: Ruling[];
  /** The drawing's level rules on pages set partly in math fonts: fraction bars, radicals' bars, overlines. */
  formulaRules?: Ruling[];
  /** Headings the tagged-PDF structure tree names on this page. */
  headings?: OutlineEntry[];
  /** Clusters of the vector drawing, read when figures are rendered (processors/vector-figures.ts picks the figures). */
  drawings?: DrawingCluster[];
  /** Raster images already handed to the image store (see backends/pdf/images.ts), by ref. */
  images?: PlacedImage[];
  /** Viewport rotation the page was read under (its /Rotate, or the one that stands its text upright: upright.ts). */
  rotation?: number;
  /** Degrees clockwise the displayed page was turned to read its text upright, when it was. */
  turned?: number;
}

/** An image of the page: where it is painted and the ref of its stored bytes. */
export interface PlacedImage {
  bbox: BBox;
  image: ImageRef;
  /** Smaller than a figure: an icon or a symbol, kept only to sit inside a text line (enable_inline_image). */
  small?: boolean;
}

/** An axis-aligned line: horizontal when y0 === y1, vertical when x0 === x1 (x0 <= x1, y0 <= y1). */
export interface Ruling {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A heading the document names itself: a bookmark of its outline, or a heading of its structure tree. */
export interface OutlineEntry {
  title: string;
  /** 1 for a top-level bookmark, deeper ones larger. */
  level: number;
  /** 0-based page index. */
  page: number;
  /** Distance of the destination from the page's top (page units), when the destination gives it. */
  top?: number;
}

/** Painted paths of a page's vector drawing that touch or nearly touch (backends/pdf/drawing-clusters.ts groups them). */
export interface DrawingCluster {
  bbox: BBox;
  /** Painted paths in the cluster. */
  paths: number;
  /** Paths with curves (pie slices, plotted lines, rings): artwork rather than rules. */
  curved: number;
}

/** The font size most of the runs' text is set in (weighted by characters): a page's body size. */
export function bodySizeOf(runs: Run[]): number {
  const chars = new Map<number, number>();
  for (const r of runs) chars.set(r.fontSize, (chars.get(r.fontSize) ?? 0) + r.text.length);
  return [...chars.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0])[0];
}
