// The document model every backend produces and every renderer and converter reads.
// Plain data only (no classes, no functions): a Document is stored as JSON in R2 between
// the parse stage and the convert stage of a conversion task.

/** [x0, y0, x1, y1] in page units (PDF points for PDFs), origin at the page's top-left. */
export type BBox = [number, number, number, number];

export type FileType = ".pdf" | ".png" | ".jpg" | ".jpeg" | ".bmp" | ".tif" | ".tiff" | ".webp" | ".gif"
  | ".docx" | ".doc" | ".pptx" | ".ppt" | ".xlsx" | ".xls" | ".odt" | ".odp" | ".ods";

export type BlockType =
  | "title" | "text" | "list" | "table" | "image" | "formula" | "caption"
  | "header" | "footer" | "footnote" | "code";

/** Where a block sits on the page: body text, or furniture hidden unless asked for. */
export type Layer = "body" | "header" | "footer" | "footnote";

export type BlockSource = "text-layer" | "ocr" | "ooxml" | "vlm";

/** A run of text with one style, kept so converters can reproduce fonts and emphasis. */
export interface Span {
  text: string;
  bbox: BBox;
  fontFamily: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  /** CSS-like hex colour "#rrggbb" when known. */
  color?: string;
  link?: string;
  script?: "super" | "sub";
  /** Filled into a form field, not printed by the page itself. */
  formField?: boolean;
}

/** One visual line of text inside a block. */
export interface Line {
  bbox: BBox;
  spans: Span[];
}

export interface TableCell {
  text: string;
  rowSpan: number;
  colSpan: number;
  header?: boolean;
  bbox?: BBox;
  /** Offsets in `text` of the spaces where the PDF's lines ended (layout converters keep the printed lines). */
  lineBreaks?: number[];
  /** The cell's text is turned a quarter turn, reading up the page or down it. */
  rotated?: "up" | "down";
}

export interface Table {
  /** Rows of cells as in HTML: a cell covered by a span above or left is absent. */
  rows: TableCell[][];
  columnCount: number;
  /** Whether the PDF drew the table's grid (false: a table made of aligned text only); converters draw borders to match. */
  ruled?: boolean;
  /**
   * Where a ruled table's column borders were drawn, left to right (columnCount + 1 page
   * positions, points), and its row borders top to bottom (one more than the rows printed on
   * the table's first page): converters set cells on the PDF's own grid.
   */
  columnBorders?: number[];
  rowBorders?: number[];
  /** The table's region drawn as a picture (element_formats.table "image"). */
  image?: ImageRef;
}

export interface ImageRef {
  /** Key of the image bytes, relative to the document's own image store. */
  ref: string;
  mime: string;
  width?: number;
  height?: number;
  /** What image understanding said about the figure (absent when it was not asked for). */
  description?: ImageDescription;
  /** Text read inside the picture by OCR, line by line (enable_image_ocr; empty when none was found). */
  text?: string;
}

/** A figure's description by a vision model, or why there is none: never an invented one. */
export interface ImageDescription {
  text?: string;
  /** The model that wrote `text`. */
  model?: string;
  /** Set when there is no text: no model configured, or the model failed. */
  reason?: string;
}

export interface InlineImage {
  image: ImageRef;
  bbox: BBox;
  /** Where the image sits in the block's `text` (a word boundary). */
  offset: number;
}

export interface Formula {
  latex: string;
  display: boolean;
}

export interface ListInfo {
  ordered: boolean;
  /** 0 for top level; deeper items have larger levels. */
  level: number;
  /** The marker as printed ("1.", "a)", "•"). */
  marker: string;
}

/** An inline formula of a PDF paragraph: its glyphs as printed in `text`, its LaTeX, and about where in `text` it stands. */
export interface InlineMath {
  printed: string;
  latex: string;
  /** Character offset in the block's text, near enough to tell it from the same glyphs elsewhere (the article "a" before a variable a). */
  at?: number;
}

export interface Block {
  type: BlockType;
  bbox: BBox;
  /** Plain text of the block (lines joined, hyphenation resolved). */
  text: string;
  lines?: Line[];
  /** 1 is the top heading level; present on `title` blocks. */
  titleLevel?: number;
  list?: ListInfo;
  table?: Table;
  image?: ImageRef;
  formula?: Formula;
  /** LaTeX of the inline formulas written into `text` as `$latex$` (renderers put them in the asked notation). */
  inlineFormulas?: string[];
  /** Inline formulas of a PDF paragraph, in reading order: the glyphs as printed in `text`, and their LaTeX (renderers write it in their place). */
  inlineMath?: InlineMath[];
  captions?: string[];
  /** A picture that sat in a table cell (Office files: a cell holds text only, so it follows its table); hidden with enable_table_image off. */
  inTable?: boolean;
  /** An annotation's words drawn over the page (a free-text note, a stamp), not the page's own print: laid out apart and left out of the document steps (processors/notes.ts). */
  note?: boolean;
  /** A line number printed in the margin (processors/line-numbers.ts). */
  lineNumber?: boolean;
  /** The picture is drawn from the page itself (a vector figure, rendered to PNG), not an image the file holds. */
  drawn?: boolean;
  /** Small images inside the block's lines (enable_inline_image), at a character offset of `text`. */
  inlineImages?: InlineImage[];
  layer: Layer;
  source: BlockSource;
  /** Processors hide rather than delete, so debugging and keep_header_footer both work. */
  hidden?: boolean;
  /** This block continues a paragraph begun on the previous page or column. */
  continuesFromPreviousPage?: boolean;
  /** Horizontal alignment, when a processor could tell. */
  align?: "left" | "center" | "right" | "justify";
}

/** What a page's text was read from, and how far it can be trusted (pipeline/reading-confidence.ts). */
export interface PageReading {
  /** The file's own text layer, an OCR layer another program laid over a scan, our OCR, or a vision language model's transcription of the page. */
  source: "text-layer" | "ocr-layer" | "ocr" | "vlm";
  /** 0..1. */
  confidence: number;
  /** The languages of its text, ISO 639-1 ("zh-Hans", "zh-Hant" for Chinese), most of it first: those OCR read it in, or those its words tell. */
  languages?: string[];
  /** The scripts of its text, ISO 15924 ("Latn", "Cyrl", "Jpan"...), most letters first. */
  scripts?: string[];
}

export interface Page {
  /** 0-based page index in the source document. */
  index: number;
  width: number;
  height: number;
  blocks: Block[];
  /** Degrees clockwise the displayed page was turned to read its text upright (width, height and bboxes are of the turned page). */
  turned?: number;
  /** The page numbers its lines in the margin (their blocks are hidden furniture with `lineNumber`). */
  lineNumbers?: boolean;
  /** How the page's text was read and how well; absent for pages with (next to) no text. */
  reading?: PageReading;
  /** The page's straight-edged vector drawing (rules, boxes, fills), read only for conversions (ParseOptions.drawing). */
  drawing?: Shape[];
}

/** A rule or a rectangle of a page's drawing, in page units. Colours "#rrggbb". */
export type Shape =
  | { kind: "line"; from: [number, number]; to: [number, number]; stroke: string; width: number }
  | { kind: "rect"; bbox: BBox; fill?: string; stroke?: string; width?: number };

export interface Warning {
  page?: number;
  code: string;
  message: string;
}

export interface DocumentSource {
  fileName: string;
  fileType: FileType;
  sha256?: string;
  pageCount: number;
  title?: string;
}

export interface Document {
  source: DocumentSource;
  pages: Page[];
  warnings: Warning[];
}
