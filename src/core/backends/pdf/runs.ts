// Glyph runs of one PDF page from pdf.js's text layer, in page units with a top-left
// origin (the viewport applies /Rotate, or the turn that stands sideways text upright,
// and the crop box), with font size and style.
import type { PageRuns, Ruling, Run } from "../../runs";
import type { BBox } from "../../model";
import { union } from "../../geometry";
import type { PdfPage } from "./open";
import { pdfjs } from "./pdfjs";
import { linkAt, pageLinks } from "./links";
import { formFieldRuns } from "./form-fields";
import { noteRuns } from "./notes";
import { pageAnnotations } from "./annotations";
import { headingContent, taggedHeadings } from "./tags";
import { fontInfoFromName, pageFonts } from "./fonts";
import { pageRulings } from "./graphics";
import { EXTENSION_FONT, MATH_FONT } from "../../latex/math-fonts";
import { uprightRotation } from "./upright";
import { withoutOverprints } from "./overprint";
import { withMapsTo } from "./maps-to";
import { withUnicodePieces } from "./symbol-pieces";
import { ZAPF_DINGBATS } from "./dingbats";

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
  dir: string;
}

/** Ascent of a typical Latin font as a share of the font size: the top of a line above its baseline. */
const ASCENT = 0.8;
/** Descent below the baseline, as a share of the font size. */
const DESCENT = 0.2;
/**
 * How far (font sizes) a hanging glyph reaches below its origin, and how far below the
 * origin the baseline of the line it stands in lies (TeX centres these glyphs on the math
 * axis, a quarter above the baseline): text-style operators and radicals about one size
 * deep, display-style sums and integrals deeper, bigger radicals growing.
 */
const HANGING: Record<string, { depth: number; baseline: number }> = {
  ...Object.fromEntries([..."PQRSTHp√"].map((g) => [g, { depth: 1, baseline: 0.8 }])),
  ...Object.fromEntries([..."XY[\\"].map((g) => [g, { depth: 1.4, baseline: 0.95 }])),
  Z: { depth: 2.2, baseline: 1.35 },
  I: { depth: 2.2, baseline: 1.35 },
  q: { depth: 1.2, baseline: 0.9 },
  r: { depth: 1.8, baseline: 1.2 },
  s: { depth: 2.4, baseline: 1.5 },
};
const OTHER_HANGING = { depth: 1.2, baseline: 0.9 };

/**
 * TeX's extension fonts (the OMX encoding) keep their delimiters in codes 0 to 0x2F, four
 * sizes of ( ) [ ] ⌊ ⌋ ⌈ ⌉ { } ⟨ ⟩ | ‖ / \. A font without a Unicode map gives the codes
 * themselves: control characters, "!" for a right parenthesis. Those are read as their
 * delimiters; "(", ")" and "/", which a Unicode map may give for the real thing, are left as
 * they are, and so is a space, which pdf.js also puts between words of its own accord (the
 * largest left parenthesis, code 0x20, is lost).
 */
const OMX_DELIMITERS = "()[]⌊⌋⌈⌉{}⟨⟩|‖/\\()()[]⌊⌋⌈⌉{}⟨⟩/\\()[]⌊⌋⌈⌉{}⟨⟩/\\/\\";
function extensionDelimiter(text: string, fontName: string): string {
  if (text.length !== 1 || !EXTENSION_FONT.test(fontName)) return text;
  const code = text.charCodeAt(0);
  return code < OMX_DELIMITERS.length && !"()/ ".includes(text) ? OMX_DELIMITERS[code] : text;
}

/**
 * A mathematical operator or relation a Unicode map names, other than the n-ary operators
 * and the radical, or a horizontal arrow: an ordinary symbol an extension font also
 * carries (Euler's ∞ and → come from euex), standing on its baseline as in any font.
 * (Vertical arrows are the pieces of TeX's growing delimiters \Uparrow, \Downarrow.)
 */
const STANDING_SYMBOL = /^((?![∏∐∑∫∬∭∮∯∰⋀⋁⋂⋃√∛∜])[\u2200-\u22FF]|[←→↔↚↛↞↠↢↣↤↦↩↪↼↽⇀⇁⇄⇆⇇⇉⇋⇌⇍⇎⇏⇐⇒⇔⇚⇛⟵⟶⟷⟸⟹⟺⟼])$/u;

/** The hang of a TeX extension glyph (or of a radical sign in a math font); undefined for type standing on its baseline. */
function hangingGlyph(text: string, fontName: string): { depth: number; baseline: number } | undefined {
  const glyph = text.trim();
  if (glyph === "√" && MATH_FONT.test(fontName)) return HANGING["√"];
  if (!EXTENSION_FONT.test(fontName) || [...glyph].length !== 1 || STANDING_SYMBOL.test(glyph)) return undefined;
  return HANGING[glyph] ?? OTHER_HANGING;
}

export async function pageRuns(page: PdfPage): Promise<PageRuns> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const rotation = uprightRotation(content.items, page.rotate, page.getViewport({ scale: 1 }).transform);
  const viewport = page.getViewport({ scale: 1, rotation });
  const fonts = pageFonts(content.styles as Record<string, { fontFamily?: string; fontName?: string }>);
  let runs: Run[] = [];
  // Marked content nests: the innermost id names the structure element, any Artifact around marks furniture.
  const marked: MarkedSpan[] = [];
  for (const raw of content.items) {
    if (!("str" in raw)) {
      const mark = raw as { type: string; id?: string; tag?: string; actualText?: string };
      if (mark.type === "endMarkedContent") marked.pop();
      else marked.push({ id: mark.id, tag: mark.tag, actualText: mark.actualText });
      continue;
    }
    const item = raw as PdfTextItem;
    // A span that says what its glyphs read as (/ActualText) gives its text to the first run
    // inside it; the glyphs after it only widen that run. Spaces inside it stay spaces (a
    // browser opens a cluster's span before the space that precedes it).
    const span = /^\s*$/.test(item.str) ? undefined : marked.find((m) => m.actualText !== undefined);
    const fontName = fonts.get(item.fontName)?.name ?? "";
    const str = span ? readableText(span.actualText) : withUnicodePieces(asDingbats(readableText(extensionDelimiter(item.str, fontName)), fontName));
    if (!str.trim() && !span?.run) {
      if (item.hasEOL && runs.length) runs[runs.length - 1].eol = true;
      continue;
    }
    const m = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || item.height || 1;
    // Direction of the text in page space: horizontal runs use width along x.
    const dx = m[0];
    const dy = m[1];
    const horizontal = Math.abs(dx) >= Math.abs(dy);
    const length = item.width * (horizontal ? Math.abs(viewport.scale) : 1);
    const x = m[4];
    const y = m[5];
    // Vertical writing: pdf.js places the run at the top centre of its column and gives
    // the column's length as the height.
    const vertical = item.dir === "ttb";
    let bbox: BBox;
    if (vertical) {
      bbox = [x - item.width / 2, y, x + item.width / 2, y + item.height];
    } else if (horizontal) {
      bbox = dx >= 0 ? [x, y - size * ASCENT, x + length, y + size * DESCENT] : [x - length, y - size * DESCENT, x, y + size * ASCENT];
    } else {
      bbox = dy >= 0 ? [x - size * DESCENT, y, x + size * ASCENT, y + length] : [x - size * ASCENT, y - length, x + size * DESCENT, y];
    }
    // pageFonts has every style of the page; an item naming none has no known font.
    const font = fonts.get(item.fontName) ?? fontInfoFromName("");
    // TeX's math extension glyphs (radicals, big operators and delimiters) hang from their
    // origin, which TeX sets near the top of the line: the glyph is below it, and the line
    // it belongs to has its baseline lower down.
    const hanging = horizontal && dx >= 0 && !vertical ? hangingGlyph(str, font.name) : undefined;
    if (hanging) bbox = [bbox[0], y, bbox[2], y + size * hanging.depth];
    if (span?.run) {
      span.run.bbox = clamp(union(span.run.bbox, bbox), viewport.width, viewport.height);
      if (item.hasEOL) span.run.eol = true;
      continue;
    }
    runs.push({
      // An actual text is written in reading order already, and pdf.js has put right-to-left text in reading order (its bidi pass; a patch keeps a
      // glyph that stands for several letters from being turned around: scripts/build-pdfjs.mjs).
      text: asTyped(str),
      bbox: clamp(bbox, viewport.width, viewport.height),
      baseline: hanging ? y + size * hanging.baseline : y,
      fontSize: round(size),
      fontFamily: font.name,
      bold: font.bold,
      italic: font.italic,
      eol: item.hasEOL,
      ...(vertical ? { vertical } : {}),
      ...(!vertical && !horizontal ? { rotated: dy < 0 ? ("up" as const) : ("down" as const) } : {}),
      ...markedContentOf(marked),
    });
    if (span) span.run = runs[runs.length - 1];
  }
  runs = withMapsTo(withoutOverprints(runs));
  const annotations = await pageAnnotations(page);
  runs.push(...formFieldRuns(annotations, viewport, runs), ...noteRuns(annotations, viewport, runs));
  const links = pageLinks(annotations, viewport);
  if (links.length) for (const run of runs) run.link = linkAt(links, run.bbox);
  const headings = taggedHeadings(runs, await headingContent(page), page.pageNumber - 1);
  return {
    width: viewport.width,
    height: viewport.height,
    runs,
    ...(headings.length ? { headings } : {}),
    ...(rotation !== page.rotate ? { turned: (rotation - page.rotate + 360) % 360 } : {}),
    rotation,
  };
}

/**
 * The page's text with the rules of its drawing, read only where they are wanted (a page's
 * operator list costs more than its text): every ruling line when its text may hold a table
 * (`forTables`, the table processor's judgement of the text), and the level rules of its
 * formulas (fraction and radical bars) when it is set partly in math fonts.
 */
export async function withDrawnRules(page: PdfPage, text: PageRuns, forTables: boolean): Promise<PageRuns> {
  const rotation = text.rotation ?? page.rotate;
  const rulings = forTables ? await drawnRulings(page, rotation) : undefined;
  const formulaRules = text.runs.some((r) => MATH_FONT.test(r.fontFamily)) ? (rulings ?? (await drawnRulings(page, rotation))).filter((r) => r.y0 === r.y1) : undefined;
  const { width, height, runs, ...rest } = text;
  return { width, height, runs, rulings, ...(formulaRules?.length ? { formulaRules } : {}), ...rest };
}

/** A span of marked content the text is inside: its structure id, its tag, what its glyphs read as, and the run that took that text. */
interface MarkedSpan {
  id?: string;
  tag?: string;
  actualText?: string;
  run?: Run;
}

function markedContentOf(stack: MarkedSpan[]): Pick<Run, "markedContent" | "artifact"> {
  const id = stack.findLast((m) => m.id)?.id;
  const artifact = stack.some((m) => m.tag === "Artifact");
  return { ...(id ? { markedContent: id } : {}), ...(artifact ? { artifact } : {}) };
}

async function drawnRulings(page: PdfPage, rotation: number): Promise<Ruling[]> {
  try {
    return await pageRulings(page, rotation);
  } catch {
    // A drawing pdf.js cannot read leaves the text: tables are then found from alignment alone, formulas without their bars.
    return [];
  }
}

/**
 * A run's text without control characters: glyphs of a font without a Unicode map can come
 * out as U+0002, U+0003 (a subset's first codes) or U+0084 (a Wingdings symbol), which are
 * no text anyone can read; tabs and line breaks inside a run are spaces.
 */
const readableText = (text: string | undefined) => (text ?? "").replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, "").replace(/[\t\n\v\f\r]/g, " ");

/**
 * A ZapfDingbats run (that font, not other dingbat faces) that pdf.js gave as its codes'
 * letters ("4" for ✔, the font not embedded) as the symbols the font shows; a run already in
 * Unicode stays.
 */
function asDingbats(text: string, fontName: string): string {
  if (!/zapf.?dingbats/i.test(fontName) || ![...text].every((c) => c.codePointAt(0)! < 0x100)) return text;
  return [...text].map((c) => ZAPF_DINGBATS.get(c.codePointAt(0)!) ?? c).join("");
}

/**
 * Characters some fonts map their glyphs to that nobody types, as the characters they stand
 * for, so the text can be searched and read by machines; NFKC does exactly that for them:
 * Arabic presentation forms (the shaped glyphs) as the letters they shape, and Kangxi and
 * CJK supplement radicals (what Word's Japanese and Chinese fonts map many ideographs to:
 * ⽊ U+2F4A for 木, ⽇ for 日, ⼀ for 一) as the ideographs. A radical NFKC leaves alone stays.
 */
const asTyped = (text: string) => text.replace(/[\u2E80-\u2EFF\u2F00-\u2FDF\uFB50-\uFDFF\uFE70-\uFEFC]+/g, (m) => m.normalize("NFKC"));

const round = (n: number) => Math.round(n * 100) / 100;

function clamp(b: BBox, w: number, h: number): BBox {
  return [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(w, Math.max(b[0], b[2])), Math.min(h, Math.max(b[1], b[3]))];
}
