// Invisible text layers that OCR engines lay over a scan (Tesseract and ocrmypdf write them
// in GlyphLessFont; Acrobat in HiddenHorzOCR). Their font sizes are not type sizes but each
// line's measured height, so lines of one paragraph differ by a point or two (a line with
// descenders is taller), which would cut paragraphs at every change of size. Sizes near the
// page's body size are taken as the body size; a heading, twice as tall, keeps its own.
// Our own OCR's runs (a scan, text drawn as outlines) are measured the same way.
import type { Run } from "../backends/pdf/runs";

/** Fonts OCR engines write their invisible layers in... */
const OCR_FONT = /glyphless|hiddenhorzocr|hiddenvertocr/i;
/** ...and the one our own OCR's runs name (ocr/runs.ts). */
const READ_BY_OCR = /glyphless|hiddenhorzocr|hiddenvertocr|^OCR$/i;
/** Share of the page's characters set in such a font for the page to be an OCR layer. */
const MIN_OCR_SHARE = 0.8;
/** Sizes within this factor of the body size are the body size measured unevenly. */
const SIZE_NOISE = 1.25;

export function isOcrLayer(runs: Run[]): boolean {
  const chars = (rs: Run[]) => rs.reduce((n, r) => n + r.text.length, 0);
  const all = chars(runs);
  return all > 0 && chars(runs.filter((r) => OCR_FONT.test(r.fontFamily))) >= MIN_OCR_SHARE * all;
}

/**
 * The runs read by OCR (an OCR layer's, or ours: a page's scan, text drawn as outlines) with
 * the jitter taken out of their sizes; the other runs as they are.
 */
export function evenOcrSizes(runs: Run[]): Run[] {
  const read = runs.filter((r) => READ_BY_OCR.test(r.fontFamily));
  if (!read.length) return runs;
  const weight = new Map<number, number>();
  for (const r of read) weight.set(r.fontSize, (weight.get(r.fontSize) ?? 0) + r.text.length);
  const body = [...weight].sort((a, b) => b[1] - a[1])[0][0];
  return runs.map((r) => (READ_BY_OCR.test(r.fontFamily) && r.fontSize !== body && r.fontSize <= body * SIZE_NOISE && r.fontSize >= body / SIZE_NOISE ? { ...r, fontSize: body } : r));
}
