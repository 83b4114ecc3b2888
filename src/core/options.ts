// Options the core understands. The API's form fields (feature_config, element_formats,
// output_formats) are validated at the edge and turned into these.
import type { ImageDescriber, ImageSink, PageTranscriber, RegionRenderer } from "./ports";

export interface FeatureConfig {
  enable_text_cross_page: boolean;
  enable_table_cross_page: boolean;
  enable_title_level_recognition: boolean;
  enable_inline_image: boolean;
  enable_table_image: boolean;
  enable_image_understanding: boolean;
  enable_image_ocr: boolean;
  keep_header_footer: boolean;
  /**
   * An extension of ours: the languages of the text OCR reads (ISO 639-1 codes, "zh-Hans",
   * "zh-Hant"), which skips finding them from the page. Absent: found page by page.
   */
  ocr_languages?: string[];
}

export const DEFAULT_FEATURES: FeatureConfig = {
  enable_text_cross_page: false,
  enable_table_cross_page: false,
  enable_title_level_recognition: false,
  enable_inline_image: false,
  enable_table_image: true,
  enable_image_understanding: true,
  enable_image_ocr: false,
  keep_header_footer: false,
};

export interface ElementFormats {
  image: "url" | "base64" | "file" | "none";
  formula: "latex" | "mathml" | "ascii";
  table: "markdown" | "html" | "image";
  cs: "image";
}

export const DEFAULT_ELEMENT_FORMATS: ElementFormats = {
  image: "url",
  formula: "latex",
  table: "html",
  cs: "image",
};

export type OutputFormat = "json" | "markdown" | "zip";

export interface ParseOptions {
  features: FeatureConfig;
  /** Parse only pages [start, end) (0-based); the whole document when absent. */
  pageRange?: [number, number];
  /** The most the parsed pages may hold, as JSON bytes (MAX_HELD_PAGES_JSON_BYTES); past it the parse fails with `limit_exceeded`. None when absent. */
  heldBudgetBytes?: number;
  /** Called after each page with (pages done, pages total); the CLI draws a progress bar. */
  onProgress?: (done: number, total: number) => void;
  /** Where figures' images go, page at a time; without it no image is extracted (and the page's drawing is not read for them). */
  images?: ImageOptions;
  /** Keep each page's vector drawing (rules, boxes, fills) on the page, for conversions that redraw it. */
  drawing?: boolean;
  /**
   * Draws regions of the PDF's pages (PDFium: the renderer Worker, or in process): vector
   * figures and table images become pictures, and pages whose text layer is garbled are
   * drawn for OCR. Absent, vector figures' text stays text and such pages keep their text.
   */
  renderer?: RegionRenderer;
  /**
   * A vision language model that transcribes the pages OCR could not read or doubted (below
   * LOW_CONFIDENCE). Absent, such pages keep what OCR read, with their warnings.
   */
  transcriber?: PageTranscriber;
}

export interface ImageOptions {
  sink: ImageSink;
  /** Vision model for enable_image_understanding; absent, figures say no description was produced. */
  describer?: ImageDescriber;
  /** element_formats.table "image": each table's region drawn too (needs ParseOptions.renderer). */
  tableImages?: boolean;
}

export interface RenderOptions {
  outputFormats: OutputFormat[];
  elementFormats: ElementFormats;
  features: FeatureConfig;
  /** img_url of each image ref, per element_formats.image (render/images.ts resolves them); a ref missing here renders without a source. */
  imageSources?: ReadonlyMap<string, string>;
}
