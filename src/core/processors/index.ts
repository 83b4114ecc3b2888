// The one place the order of the processing steps lives.
//   per page:  runs -> skew -> (margin line numbers, notes apart) -> tables -> vector figures -> lines -> blocks -> code -> formulas (display, inline) -> figures -> reading order -> captions
//   document:  (notes set aside) -> furniture -> line numbers -> footnotes -> headings -> lists -> cross-page merges
import type { OutlineEntry, PageRuns } from "../runs";
import type { Page } from "../model";
import type { FeatureConfig } from "../options";
import { buildLines } from "./lines";
import { buildBlocks } from "./blocks";
import { orderBlocks } from "./reading-order";
import { buildVerticalBlocks } from "./vertical";
import { artifactBlocks } from "./artifacts";
import { markFurniture } from "./furniture";
import { bodyFontSize, markHeadings } from "./headings";
import { markFootnotes } from "./footnotes";
import { applyOutline } from "./outline";
import { markLists } from "./lists";
import { lineNumberBlocks, marginLineNumbers, markLineNumbers } from "./line-numbers";
import { mergeAcrossPages } from "./cross-page";
import { extractTables, mergeTablesAcrossPages } from "./tables/index";
import { buildTurnedBlocks } from "./turned";
import { figureBlocks, hideImagesInTables, placeInlineImages } from "./figures";
import { attachCaptions } from "./captions";
import { markFormulas } from "./formulas";
import { vectorFigureBlocks, vectorFigures } from "./vector-figures";
import { markInlineFormulas } from "./inline-formulas";
import { markCode } from "./code";
import { straightenSkew } from "./skew";
import { evenOcrSizes, phrasesOfOcrLayer } from "./ocr-layer";
import { noteBlocks, setNotesAside } from "./notes";

export function processPage(index: number, read: PageRuns): Page {
  // Lines are found by baseline and paragraphs by size: a text layer slanting over a
  // skewed scan is levelled first, an OCR layer's words joined into phrases and its sizes evened out.
  const levelled = evenOcrSizes(phrasesOfOcrLayer(straightenSkew(read.runs)));
  // Line numbers in the margin are set apart before anything else reads the runs: a column
  // of them beside a table of contents is no column of the table.
  const lineNumbers = marginLineNumbers(levelled.filter((r) => !r.note));
  // Notes drawn over the page (annotations) are laid out apart: a note beside a heading is not part of its line.
  const raw = { ...read, runs: levelled.filter((r) => !r.note && !lineNumbers.has(r)) };
  const notes = noteBlocks(levelled.filter((r) => r.note));
  // Tables first: the runs they take never reach the paragraph steps. Tagged artifacts
  // (pagination) reach neither.
  const furniture = artifactBlocks(raw.runs.filter((r) => r.artifact), raw.height);
  const { tables, columns, rest: beyondTables } = extractTables(furniture.length ? { ...raw, runs: raw.runs.filter((r) => !r.artifact) } : raw);
  // Vector figures next: their labels are part of the picture, not paragraphs.
  const { figures, rest, images } = vectorFigures(raw.drawings, beyondTables, tables.map((t) => t.bbox), raw.images ?? [], { index, firstRef: raw.images?.length ?? 0, width: raw.width, height: raw.height });
  const horizontal = rest.filter((r) => !r.vertical && !r.rotated);
  const vertical = rest.filter((r) => r.vertical);
  const textBlocks = [...markCode(buildBlocks(buildLines(horizontal))), ...columns, ...buildTurnedBlocks(rest.filter((r) => r.rotated))];
  markFormulas(textBlocks, raw.formulaRules);
  markInlineFormulas(textBlocks, raw.formulaRules);
  const blocks = orderBlocks([...textBlocks, ...tables, ...figureBlocks(images), ...vectorFigureBlocks(figures), ...notes], raw.width);
  attachCaptions(blocks);
  placeInlineImages(blocks, images);
  // A page set mostly in vertical writing reads its columns first (right to left); on a
  // horizontal page, vertical labels come after the text.
  const verticalBlocks = buildVerticalBlocks(vertical);
  const mostlyVertical = chars(vertical) > chars(horizontal);
  return {
    index,
    width: round(raw.width),
    height: round(raw.height),
    blocks: [...(mostlyVertical ? [...verticalBlocks, ...blocks] : [...blocks, ...verticalBlocks]), ...furniture, ...lineNumberBlocks(lineNumbers, raw.height)],
    ...(raw.turned ? { turned: raw.turned } : {}),
    ...(lineNumbers.size ? { lineNumbers: true } : {}),
  };
}

const chars = (runs: { text: string }[]) => runs.reduce((n, r) => n + r.text.length, 0);

/** What the file itself says about its structure, beyond the text on its pages. */
export interface DocumentHints {
  /** Bookmarks. */
  outline?: OutlineEntry[];
  /** Headings named by a tagged PDF's structure tree. */
  tagged?: OutlineEntry[];
}

export function processDocument(pages: Page[], features: FeatureConfig, hints: DocumentHints = {}): void {
  // The body text's size, which the furniture, footnote and heading steps all measure against (hiding and retyping blocks leaves it as it is).
  const bodySize = bodyFontSize(pages);
  // Notes are the annotator's, not the document's: no step makes them furniture, headings, footnotes or list items, or merges them.
  const restoreNotes = setNotesAside(pages);
  markFurniture(pages, bodySize);
  markLineNumbers(pages);
  markFootnotes(pages, bodySize);
  markHeadings(pages, features.enable_title_level_recognition, bodySize);
  // The author's own word on headings, where the file carries it; the structure tree is the more precise of the two.
  for (const entries of [hints.outline, hints.tagged]) if (entries?.length) applyOutline(pages, entries, features.enable_title_level_recognition);
  markLists(pages);
  if (features.enable_text_cross_page) mergeAcrossPages(pages);
  if (features.enable_table_cross_page) mergeTablesAcrossPages(pages);
  if (!features.enable_table_image) hideImagesInTables(pages);
  restoreNotes();
}

const round = (n: number) => Math.round(n * 100) / 100;
