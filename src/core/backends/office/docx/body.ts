// The body of a Word document (or of a header, footer, note, text box or table cell) in
// reading order, as blocks: paragraphs with their runs, headings from styles, list items
// with Word's numbering, tables with merged cells, equations, text boxes. Tracked changes
// are read as accepted (insertions kept, deletions dropped); comments are left out.
// Pictures (DrawingML inline and floating, legacy VML) are image blocks after their
// paragraph's text, in the order they stand (pictures.ts).
// Page breaks (explicit, section, and the ones Word recorded at its last layout) start a
// new page; consecutive breaks with nothing between count once.
import type { Block, TableCell } from "../../../model";
import { cleanText, tableBlock, textBlock, type RunText } from "../blocks";
import { attr, kid, kids, onOff, path, type XmlElement } from "../xml";
import type { Relationships } from "../rels";
import { altTextOf, blipOf, blipTarget, extentPoints, pictureBlock, pictureProps, type PictureParts } from "../pictures";
import type { Numbering } from "./numbering";
import { ommlToLatex } from "./omml";
import { paragraphStyleId, type Styles } from "./styles";

export interface DocxContext {
  styles: Styles;
  numbering: Numbering;
  rels: Relationships;
  /** Gives a footnote/endnote its display number on first reference. */
  noteNumber(kind: "footnote" | "endnote", id: string): number;
  /** Picture blocks and their parts, shared by every reader of the document. */
  pictures: PictureParts;
  /** Pictures the output cannot hold: linked (not in the file), or inside notes, headers and footers (text only). */
  lostPictures: { linked: number; outsideFlow: number };
}

export interface FlowPage {
  /** Index of the section the page starts in. */
  section: number;
  blocks: Block[];
  footnotes: string[];
}

interface FieldState {
  inInstruction: boolean;
  instruction: string;
  link?: string;
}

/** A paragraph being read: its runs and what else it carries. */
interface ParagraphReading {
  runs: RunText[];
  /** Blocks found inside (text boxes), emitted after the paragraph. */
  extra: Block[];
  breakBefore: boolean;
  breakAfter: boolean;
  fields: FieldState[];
  displayFormulas: string[];
  /** LaTeX of the paragraph's inline formulas, written into its text as `$latex$`. */
  inlineFormulas: string[];
}

const HYPERLINK_FIELD = /HYPERLINK\s+(?:\\l\s+)?"([^"]+)"/i;

export class BodyReader {
  readonly pages: FlowPage[] = [{ section: 0, blocks: [], footnotes: [] }];
  /** Pictures of the cells of the table being read, emitted after it. */
  private readonly cellPictures: Block[] = [];
  private pendingBreak = false;
  private section = 0;
  /** Section breaks whose next section starts on a new page (by sectPr order). */
  private readonly sectionBreaks: boolean[];

  constructor(
    private readonly ctx: DocxContext,
    sectPrs: XmlElement[] = [],
    /** Page breaks are followed only in the main body, not in cells, notes or text boxes. */
    private readonly paginate = true,
  ) {
    this.sectionBreaks = sectPrs.map((_, i) => attr(kid(sectPrs[i + 1], "type"), "val") !== "continuous");
  }

  get blocks(): Block[] {
    return this.pages.flatMap((p) => p.blocks);
  }

  /** Reads the children of a body-like container (w:body, w:hdr, w:footnote, w:tc, w:txbxContent). */
  readContainer(el: XmlElement): void {
    for (const c of kids(el)) {
      switch (c.local) {
        case "p":
          this.readParagraph(c);
          break;
        case "tbl":
          this.emit(this.readTable(c));
          // The pictures of its cells follow the table (a cell is text in the model), as a PDF table's images do.
          for (const picture of this.cellPictures.splice(0)) this.emit(picture);
          break;
        case "sdt":
          this.readContainer(kid(c, "sdtContent") ?? c);
          break;
        case "customXml":
        case "ins":
        case "moveTo":
          this.readContainer(c);
          break;
        case "AlternateContent":
          this.readContainer(kid(c, "Choice") ?? c);
          break;
        case "oMathPara":
          this.emit(formulaBlock(ommlToLatex(c), true));
          break;
        default:
          break; // sectPr, bookmarks, deletions, comments
      }
    }
  }

  private emit(block: Block, footnotes: string[] = []): void {
    let page = this.pages[this.pages.length - 1];
    if (this.pendingBreak && this.paginate && page.blocks.length) {
      page = { section: this.section, blocks: [], footnotes: [] };
      this.pages.push(page);
    }
    this.pendingBreak = false;
    page.blocks.push(block);
    page.footnotes.push(...footnotes);
  }

  private readParagraph(p: XmlElement): void {
    const pPr = kid(p, "pPr");
    const styleId = paragraphStyleId(p);
    const reading: ParagraphReading = { runs: [], extra: [], breakBefore: onOff(kid(pPr, "pageBreakBefore")) ?? false, breakAfter: false, fields: [], displayFormulas: [], inlineFormulas: [] };
    const emphasis = this.ctx.styles.emphasisOf(styleId);
    const notesBefore = this.noteCount;
    this.readInline(p, reading, { ...emphasis, text: "" }, undefined);
    if (reading.breakBefore) this.pendingBreak = true;

    const text = cleanText(reading.runs.map((r) => r.text).join(""));
    const numbering = numberingOf(pPr, styleId, this.ctx.styles);
    const marker = numbering ? this.ctx.numbering.next(numbering) : null;
    const heading = headingOf(pPr, styleId, this.ctx.styles);
    const notes = this.notesSince(notesBefore);

    let block: Block | null = null;
    if (text) {
      if (heading !== undefined) {
        block = textBlock("title", marker?.marker ? `${marker.marker} ${text}` : text, reading.runs);
        block.titleLevel = heading === "title" ? 0 : heading + 1; // shifted once the whole document is known
      } else if (marker && marker.marker) {
        block = textBlock("list", text, reading.runs);
        block.list = { ordered: marker.ordered, level: marker.level, marker: marker.marker };
      } else if (this.ctx.styles.isCode(styleId)) {
        block = textBlock("code", reading.runs.map((r) => r.text).join("").replace(/\t/g, "    "), reading.runs);
      } else if (/^caption$/i.test(this.ctx.styles.get(styleId)?.name ?? "")) {
        block = textBlock("caption", text, reading.runs);
      } else {
        block = textBlock("text", text, reading.runs);
      }
      const jc = attr(kid(pPr, "jc"), "val");
      if (reading.inlineFormulas.length) block.inlineFormulas = reading.inlineFormulas;
      if (jc === "center" || jc === "right" || jc === "both") block.align = jc === "both" ? "justify" : jc;
      else if (jc === "left" || jc === "start") block.align = "left";
    }
    if (block) this.emit(block, notes);
    else if (notes.length) this.pages[this.pages.length - 1].footnotes.push(...notes);
    for (const latex of reading.displayFormulas) this.emit(formulaBlock(latex, true));
    for (const extra of reading.extra) this.emit(extra);
    if (reading.breakAfter) this.pendingBreak = true;
    if (kid(pPr, "sectPr")) {
      if (this.sectionBreaks[this.section]) this.pendingBreak = true;
      this.section++;
    }
  }

  /** Footnote texts referenced while reading, collected per page by the caller. */
  private readonly noteRefs: string[] = [];
  private get noteCount() {
    return this.noteRefs.length;
  }
  private notesSince(n: number): string[] {
    return this.noteRefs.slice(n);
  }

  private readInline(el: XmlElement, reading: ParagraphReading, style: RunText, link: string | undefined): void {
    for (const c of kids(el)) {
      switch (c.local) {
        case "r":
          this.readRun(c, reading, style, link);
          break;
        case "hyperlink": {
          const rel = c.attrs["r:id"] ? this.ctx.rels.get(c.attrs["r:id"]) : undefined;
          const anchor = attr(c, "anchor");
          this.readInline(c, reading, style, rel?.external ? rel.target : anchor ? `#${anchor}` : link);
          break;
        }
        case "fldSimple": {
          const m = HYPERLINK_FIELD.exec(attr(c, "instr") ?? "");
          this.readInline(c, reading, style, m ? m[1] : link);
          break;
        }
        case "ins":
        case "moveTo":
        case "smartTag":
        case "customXml":
        case "bdo":
        case "dir":
          this.readInline(c, reading, style, link);
          break;
        case "sdt":
          this.readInline(kid(c, "sdtContent") ?? c, reading, style, link);
          break;
        case "oMath": {
          const latex = ommlToLatex(c);
          reading.inlineFormulas.push(latex);
          reading.runs.push({ ...style, text: ` $${latex}$ `, link });
          break;
        }
        case "oMathPara":
          reading.displayFormulas.push(ommlToLatex(c));
          break;
        case "AlternateContent":
          this.readInline(kid(c, "Choice") ?? c, reading, style, link);
          break;
        default:
          break; // pPr, deletions, bookmarks, comment ranges, proofing marks
      }
    }
  }

  private readRun(r: XmlElement, reading: ParagraphReading, paragraphStyle: RunText, link: string | undefined): void {
    const rPr = kid(r, "rPr");
    if (onOff(kid(rPr, "vanish"))) return; // hidden text
    const vertAlign = attr(kid(rPr, "vertAlign"), "val");
    const size = attr(kid(rPr, "sz"), "val");
    const style: RunText = {
      text: "",
      bold: onOff(kid(rPr, "b")) ?? paragraphStyle.bold,
      italic: onOff(kid(rPr, "i")) ?? paragraphStyle.italic,
      fontFamily: attr(kid(rPr, "rFonts"), "ascii") ?? paragraphStyle.fontFamily,
      fontSize: size ? Number(size) / 2 : paragraphStyle.fontSize,
    };
    if (vertAlign === "superscript") style.script = "super";
    else if (vertAlign === "subscript") style.script = "sub";
    const push = (text: string) => {
      const field = reading.fields[reading.fields.length - 1];
      if (field?.inInstruction) return;
      let fieldLink: string | undefined;
      for (let k = reading.fields.length - 1; k >= 0 && !fieldLink; k--) fieldLink = reading.fields[k].link;
      reading.runs.push({ ...style, text, link: fieldLink ?? link });
    };
    const hasText = () => reading.runs.some((x) => x.text.trim());

    for (const c of kids(r)) {
      switch (c.local) {
        case "t":
          push(c.children.filter((x): x is string => typeof x === "string").join(""));
          break;
        case "tab":
        case "ptab":
          push("\t");
          break;
        case "br": {
          const type = attr(c, "type");
          if (type === "page") {
            // The text on either side of a break is not one word.
            if (hasText()) push("\n");
            this.pageBreak(reading, hasText());
          }
          else push(type === "column" ? " " : "\n");
          break;
        }
        case "lastRenderedPageBreak":
          this.pageBreak(reading, hasText());
          break;
        case "cr":
          push("\n");
          break;
        case "noBreakHyphen":
          push("-");
          break;
        case "sym": {
          const code = parseInt(attr(c, "char") ?? "", 16);
          // Symbol-font characters sit in the private-use area; only real characters are kept.
          if (code > 0 && !(code >= 0xf000 && code <= 0xf0ff)) push(String.fromCodePoint(code));
          break;
        }
        case "footnoteReference":
        case "endnoteReference": {
          const id = attr(c, "id") ?? "";
          const kind = c.local === "footnoteReference" ? "footnote" : "endnote";
          const n = this.ctx.noteNumber(kind, id);
          push(`[${n}]`);
          if (kind === "footnote") this.noteRefs.push(id);
          break;
        }
        case "fldChar": {
          const type = attr(c, "fldCharType");
          if (type === "begin") reading.fields.push({ inInstruction: true, instruction: "" });
          else if (type === "separate") {
            const f = reading.fields[reading.fields.length - 1];
            if (f) {
              f.inInstruction = false;
              const m = HYPERLINK_FIELD.exec(f.instruction);
              if (m) f.link = /\\l/.test(f.instruction) ? `#${m[1]}` : m[1];
            }
          } else if (type === "end") reading.fields.pop();
          break;
        }
        case "instrText": {
          const f = reading.fields[reading.fields.length - 1];
          if (f?.inInstruction) f.instruction += c.children.filter((x): x is string => typeof x === "string").join("");
          break;
        }
        case "drawing":
        case "pict":
        case "AlternateContent":
        case "object":
          this.readEmbedded(c, reading);
          break;
        default:
          break; // rPr, delText, comment references, footnoteRef marks
      }
    }
  }

  private pageBreak(reading: ParagraphReading, afterText: boolean): void {
    if (!this.paginate) return;
    if (afterText) reading.breakAfter = true;
    else reading.breakBefore = true;
  }

  /** Pictures and text boxes inside drawings: they follow the anchoring paragraph. */
  private readEmbedded(el: XmlElement, reading: ParagraphReading): void {
    // Of alternative renderings (a DrawingML shape and its VML copy) only the first is read.
    const chosen = el.local === "AlternateContent" ? (kid(el, "Choice") ?? el) : el;
    // An OLE object's VML picture is a preview of the object (an equation, a sheet, an icon), not a picture the author placed.
    if (el.local !== "object") reading.extra.push(...this.pictures(chosen));
    for (const box of textBoxes(chosen)) {
      const inner = new BodyReader(this.ctx, [], false);
      inner.readContainer(box);
      reading.extra.push(...inner.blocks);
      this.noteRefs.push(...inner.noteRefs);
    }
  }

  /** Image blocks of the pictures in a drawing or VML picture, skipping text boxes (their own reader finds theirs). */
  private pictures(el: XmlElement): Block[] {
    const out: Block[] = [];
    const add = (target: ReturnType<typeof blipTarget>, alt: string | undefined, size: [number, number] | undefined) => {
      if (target && "part" in target) out.push(pictureBlock(target.part, alt, size, this.ctx.pictures));
      else if (target) this.ctx.lostPictures.linked++;
    };
    const walk = (node: XmlElement, frame: XmlElement | undefined, pics: number) => {
      for (const c of kids(node)) {
        if (c.local === "txbxContent" || c.local === "Fallback") continue;
        if (c.local === "inline" || c.local === "anchor") walk(c, c, countPics(c));
        else if (c.local === "pic" && kid(c, "blipFill")) {
          // A lone picture in its frame takes the frame's alt text and size (what Word's dialog edits); pictures of a group their own.
          const own = extentPoints(path(c, "spPr", "xfrm", "ext"));
          const alone = frame && pics === 1;
          add(blipTarget(blipOf(c), this.ctx.rels), (alone ? altTextOf(kid(frame, "docPr")) : undefined) ?? altTextOf(pictureProps(c)), (alone ? extentPoints(kid(frame, "extent")) : undefined) ?? own);
        } else if (c.local === "imagedata") {
          const id = c.attrs["r:id"] ?? c.attrs["o:relid"];
          const rel = id ? this.ctx.rels.get(id) : undefined;
          add(rel ? (rel.external ? { linked: rel.target } : { part: rel.target }) : null, vmlAlt(node, c), vmlSize(node));
        } else walk(c, frame, pics);
      }
    };
    walk(el, undefined, 0);
    return out;
  }

  private readTable(tbl: XmlElement): Block {
    const rows: TableCell[][] = [];
    /** The cell that starts a vertical merge, per grid column. */
    const openMerges = new Map<number, TableCell>();
    let columnCount = 0;
    const headerRows = tableHeaderRows(tbl);
    kids(tbl, "tr").forEach((tr, r) => {
      const trPr = kid(tr, "trPr");
      const row: TableCell[] = [];
      const header = (onOff(kid(trPr, "tblHeader")) ?? false) || r < headerRows;
      let col = 0;
      const before = Number(attr(kid(trPr, "gridBefore"), "val") ?? 0);
      if (before > 0) {
        row.push({ text: "", rowSpan: 1, colSpan: before });
        col += before;
      }
      for (const tc of rowCells(tr)) {
        const tcPr = kid(tc, "tcPr");
        const span = Math.max(1, Number(attr(kid(tcPr, "gridSpan"), "val") ?? 1));
        const vMerge = kid(tcPr, "vMerge");
        const vMergeVal = vMerge ? (attr(vMerge, "val") ?? "continue") : undefined;
        if (vMergeVal === "continue" && openMerges.has(col)) {
          openMerges.get(col)!.rowSpan++;
          col += span;
          continue;
        }
        const cell: TableCell = { text: this.cellText(tc), rowSpan: 1, colSpan: span };
        if (header) cell.header = true;
        row.push(cell);
        if (vMergeVal === "restart") openMerges.set(col, cell);
        else for (let k = 0; k < span; k++) openMerges.delete(col + k);
        col += span;
      }
      columnCount = Math.max(columnCount, col);
      rows.push(row);
    });
    return tableBlock({ rows, columnCount });
  }

  private cellText(tc: XmlElement): string {
    const inner = new BodyReader(this.ctx, [], false);
    inner.readContainer(tc);
    this.noteRefs.push(...inner.noteRefs);
    // A cell is text in the model: its pictures go after the table (nested tables' ones too).
    for (const picture of [...inner.blocks.filter((b) => b.type === "image"), ...inner.cellPictures]) {
      picture.inTable = true;
      this.cellPictures.push(picture);
    }
    return inner.blocks
      .map((b) => (b.list ? `${b.list.marker} ${b.text}` : b.formula ? `$${b.formula.latex}$` : b.text))
      .filter(Boolean)
      .join("\n");
  }
}

/** Cells of a row, looking through content controls and tracked insertions around them. */
function rowCells(tr: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of kids(tr)) {
    if (c.local === "tc") out.push(c);
    else if (c.local === "sdt") out.push(...rowCells(kid(c, "sdtContent") ?? c));
    else if (c.local === "customXml" || c.local === "ins") out.push(...rowCells(c));
  }
  return out;
}

/** Rows marked as header: the table style's "header row" option (tblLook firstRow) gives one. */
function tableHeaderRows(tbl: XmlElement): number {
  const look = path(tbl, "tblPr", "tblLook");
  if (!look) return 0;
  const firstRow = attr(look, "firstRow");
  if (firstRow !== undefined) return firstRow === "1" || firstRow === "true" ? 1 : 0;
  const bits = parseInt(attr(look, "val") ?? "0", 16);
  return bits & 0x0020 ? 1 : 0;
}

/** DrawingML pictures under a frame, not counting those of its text boxes. */
function countPics(el: XmlElement): number {
  let n = 0;
  for (const c of kids(el)) {
    if (c.local === "txbxContent") continue;
    n += c.local === "pic" && kid(c, "blipFill") ? 1 : countPics(c);
  }
  return n;
}

/** A VML picture's alt text: the shape's `alt`, else the image's `o:title`. */
function vmlAlt(shape: XmlElement, imagedata: XmlElement): string | undefined {
  return (attr(shape, "alt") ?? "").trim() || (attr(imagedata, "title") ?? "").trim() || undefined;
}

const CSS_POINTS: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75 };

/** A VML shape's size from its CSS style ("width:120pt;height:80pt"). */
function vmlSize(shape: XmlElement): [number, number] | undefined {
  const style = attr(shape, "style") ?? "";
  const dim = (name: string) => {
    const m = new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([\\d.]+)\\s*(pt|in|cm|mm|px)`, "i").exec(style);
    return m ? Number(m[1]) * CSS_POINTS[m[2].toLowerCase()] : NaN;
  };
  const w = dim("width");
  const h = dim("height");
  return w > 0 && h > 0 ? [Math.round(w * 100) / 100, Math.round(h * 100) / 100] : undefined;
}

function textBoxes(el: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of kids(el)) {
    if (c.local === "txbxContent") out.push(c);
    else if (c.local === "AlternateContent") textBoxes(kid(c, "Choice") ?? c, out);
    else textBoxes(c, out);
  }
  return out;
}

function numberingOf(pPr: XmlElement | undefined, styleId: string | undefined, styles: Styles) {
  const numPr = kid(pPr, "numPr");
  const numId = attr(kid(numPr, "numId"), "val");
  const fromStyle = styles.numberingOf(styleId);
  if (numId !== undefined) return { numId, level: Number(attr(kid(numPr, "ilvl"), "val") ?? fromStyle?.level ?? 0) };
  if (fromStyle) {
    const ilvl = attr(kid(numPr, "ilvl"), "val");
    return ilvl !== undefined ? { ...fromStyle, level: Number(ilvl) } : fromStyle;
  }
  return undefined;
}

function headingOf(pPr: XmlElement | undefined, styleId: string | undefined, styles: Styles): "title" | number | undefined {
  const direct = attr(kid(pPr, "outlineLvl"), "val");
  if (direct !== undefined) return Number(direct) < 9 ? Number(direct) : undefined;
  return styles.headingOf(styleId);
}

function formulaBlock(latex: string, display: boolean): Block {
  const block = textBlock("formula", latex);
  block.formula = { latex, display };
  return block;
}
