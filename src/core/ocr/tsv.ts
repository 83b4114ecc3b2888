// Tesseract's TSV output read into words, each knowing its line: the boxes the runs are
// built from. Columns: level page_num block_num par_num line_num word_num left top width
// height conf text; level 5 rows are words.
import type { BBox } from "../model";

export interface OcrWord {
  text: string;
  /** Pixels of the recognised image, origin top-left. */
  bbox: BBox;
  /** 0..100, Tesseract's confidence in the word. */
  confidence: number;
  /** Block, paragraph and line numbers: words sharing them sit on one Tesseract line. */
  lineKey: string;
}

const WORD_LEVEL = "5";

export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols[0] !== WORD_LEVEL || cols.length < 12) continue;
    // The text is the last column and may itself hold no tab; trim what Tesseract pads.
    const text = cols.slice(11).join("\t").trim();
    if (!text) continue;
    const [left, top, width, height, confidence] = cols.slice(6, 11).map(Number);
    words.push({ text, bbox: [left, top, left + width, top + height], confidence, lineKey: `${cols[2]}.${cols[3]}.${cols[4]}` });
  }
  return words;
}
