// Paragraph styles of a Word document (word/styles.xml), resolved through `basedOn`: what
// makes a paragraph a heading (outline level, "heading N", "Title"), the numbering a style
// carries (numbered headings), and the run emphasis a style gives.
import { attr, kid, kids, onOff, parseXml, path, type XmlElement } from "../xml";
import type { NumberingRef } from "./numbering";

export interface ParagraphStyle {
  id: string;
  name: string;
  basedOn?: string;
  /** 0-based outline level (0 = Heading 1) when the style sets one; 9 means body text. */
  outlineLevel?: number;
  numbering?: NumberingRef;
  bold?: boolean;
  italic?: boolean;
  /** Set in a monospaced font or named like code: the paragraph is source code. */
  code?: boolean;
}

export interface Styles {
  get(id: string | undefined): ParagraphStyle | undefined;
  /** Heading kind of a style, following basedOn: "title", a 0-based outline level, or none. */
  headingOf(id: string | undefined): "title" | number | undefined;
  numberingOf(id: string | undefined): NumberingRef | undefined;
  emphasisOf(id: string | undefined): { bold: boolean; italic: boolean };
  isCode(id: string | undefined): boolean;
}

const HEADING_NAME = /^heading\s*([1-9])$/i;
const MONOSPACE = /courier|consolas|mono|menlo|inconsolata/i;
const CODE_NAME = /\b(code|source|preformatted|html preformatted|macro text)\b/i;
/** basedOn chains are short; a loop in a broken file must not hang us. */
const MAX_STYLE_CHAIN = 20;

export function readStyles(xml: string | null): Styles {
  const byId = new Map<string, ParagraphStyle>();
  if (xml) {
    for (const s of kids(parseXml(xml, "word/styles.xml"), "style")) {
      const id = attr(s, "styleId");
      if (!id) continue;
      const pPr = kid(s, "pPr");
      const rPr = kid(s, "rPr");
      const outline = attr(kid(pPr, "outlineLvl"), "val");
      const numPr = kid(pPr, "numPr");
      const numId = attr(kid(numPr, "numId"), "val");
      const font = attr(kid(rPr, "rFonts"), "ascii") ?? attr(kid(rPr, "rFonts"), "hAnsi") ?? "";
      const name = attr(kid(s, "name"), "val") ?? id;
      byId.set(id, {
        id,
        name,
        basedOn: attr(kid(s, "basedOn"), "val"),
        outlineLevel: outline !== undefined ? Number(outline) : undefined,
        numbering: numId !== undefined ? { numId, level: Number(attr(kid(numPr, "ilvl"), "val") ?? 0) } : undefined,
        bold: onOff(kid(rPr, "b")),
        italic: onOff(kid(rPr, "i")),
        code: MONOSPACE.test(font) || CODE_NAME.test(name) ? true : undefined,
      });
    }
  }

  function chain(id: string | undefined): ParagraphStyle[] {
    const out: ParagraphStyle[] = [];
    let cur = id ? byId.get(id) : undefined;
    while (cur && out.length < MAX_STYLE_CHAIN && !out.includes(cur)) {
      out.push(cur);
      cur = cur.basedOn ? byId.get(cur.basedOn) : undefined;
    }
    return out;
  }
  const first = <T>(id: string | undefined, pick: (s: ParagraphStyle) => T | undefined): T | undefined => {
    for (const s of chain(id)) {
      const v = pick(s);
      if (v !== undefined) return v;
    }
    return undefined;
  };

  return {
    get: (id) => (id ? byId.get(id) : undefined),
    headingOf(id) {
      for (const s of chain(id)) {
        if (/^title$/i.test(s.name) || s.id === "Title") return "title";
        const named = HEADING_NAME.exec(s.name) ?? HEADING_NAME.exec(s.id);
        if (named) return Number(named[1]) - 1;
        if (s.outlineLevel !== undefined) return s.outlineLevel < 9 ? s.outlineLevel : undefined;
      }
      return undefined;
    },
    numberingOf: (id) => first(id, (s) => s.numbering),
    emphasisOf: (id) => ({ bold: first(id, (s) => s.bold) ?? false, italic: first(id, (s) => s.italic) ?? false }),
    isCode: (id) => first(id, (s) => s.code) ?? false,
  };
}

/** The paragraph's own style id. */
export const paragraphStyleId = (p: XmlElement): string | undefined => attr(path(p, "pPr", "pStyle"), "val");
