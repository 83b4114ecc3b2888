// A Word document (.docx) as a Document: the main body read in order, pages cut where the
// file records a page break (explicit breaks, section breaks, and the breaks Word wrote at
// its last layout), footnotes at the foot of the page that cites them, endnotes at the end,
// headers and footers on every page of their section (hidden unless keep_header_footer).
// `pageCount` is what Word last counted (docProps/app.xml) when that is at least the pages
// found from breaks, otherwise the pages found.
import { CoreError } from "../../../errors";
import type { Block, Page, Warning } from "../../../model";
import { textBlock } from "../blocks";
import { layoutFlow, type TextArea } from "../layout";
import { readAppPageCount, readCoreTitle } from "../properties";
import { readRelationships, relOfType, type Relationships } from "../rels";
import { attr, descendants, kid, kids, parseXml, type XmlElement } from "../xml";
import type { OfficeZip } from "../zip";
import { BodyReader, type DocxContext } from "./body";
import { Numbering } from "./numbering";
import { readStyles } from "./styles";
import type { PictureParts } from "../pictures";

/** US Letter in points, Word's default when a section gives no size. */
const DEFAULT_PAGE = { width: 612, height: 792 };
/** Word's default margin, one inch. */
const DEFAULT_MARGIN = 72;
const TWIPS_PER_POINT = 20;

export interface OfficeParse {
  pages: Page[];
  pageCount: number;
  title?: string;
  warnings: Warning[];
  /** The package part of each picture block (pictures.ts); stored or dropped by officeDocument. */
  pictures?: PictureParts;
}

export function parseDocx(zip: OfficeZip): OfficeParse {
  const main = relOfType(readRelationships(zip, ""), "officeDocument")?.target ?? "word/document.xml";
  const xml = zip.text(main);
  if (!xml) throw new CoreError("corrupt_file", `The Word file has no main document part (${main}).`);
  const body = kid(parseXml(xml, main), "body");
  if (!body) throw new CoreError("corrupt_file", "The Word file's main document has no body.");
  const rels = readRelationships(zip, main);
  const partOf = (kind: string) => relOfType(rels, kind)?.target;

  const noteNumbers = { footnote: new Map<string, number>(), endnote: new Map<string, number>() };
  const numbering = new Numbering(textOf(zip, partOf("numbering")));
  const pictures: PictureParts = new Map();
  const ctx: DocxContext = {
    styles: readStyles(textOf(zip, partOf("styles"))),
    numbering,
    rels,
    pictures,
    lostPictures: { linked: 0, outsideFlow: 0 },
    noteNumber(kind, id) {
      const map = noteNumbers[kind];
      if (!map.has(id)) map.set(id, map.size + 1);
      return map.get(id)!;
    },
  };

  const sectPrs = descendants(body, "sectPr");
  const reader = new BodyReader(ctx, sectPrs);
  reader.readContainer(body);

  const footnotes = readNotes(zip, partOf("footnotes"), "footnote", ctx);
  const endnotes = readNotes(zip, partOf("endnotes"), "endnote", ctx);
  const sections = sectPrs.length ? sectPrs : [undefined];
  const furniture = new Furniture(zip, rels, ctx);

  const pages: Page[] = reader.pages.map((flow, index) => {
    const sectPr = sections[Math.min(flow.section, sections.length - 1)];
    const blocks: Block[] = [];
    const firstOfSection = index === 0 || reader.pages[index - 1].section !== flow.section;
    blocks.push(...furniture.blocks(sections, flow.section, "header", firstOfSection));
    blocks.push(...flow.blocks);
    for (const id of flow.footnotes) {
      const n = noteNumbers.footnote.get(id);
      const text = footnotes.get(id);
      if (n !== undefined && text !== undefined) blocks.push(textBlock("footnote", `[${n}] ${text}`, [], "footnote"));
    }
    blocks.push(...furniture.blocks(sections, flow.section, "footer", firstOfSection));
    const area = textArea(sectPr);
    layoutFlow(blocks, area);
    return { index, width: area.width, height: area.height, blocks };
  });

  const last = pages[pages.length - 1];
  const endBlocks = [...noteNumbers.endnote.entries()].flatMap(([id, n]) => (endnotes.has(id) ? [textBlock("footnote", `[${n}] ${endnotes.get(id)}`, [], "footnote")] : []));
  if (endBlocks.length) {
    last.blocks.push(...endBlocks);
    layoutFlow(last.blocks, textArea(sections[sections.length - 1]));
  }
  settleTitleLevels(pages);

  const warnings: Warning[] = [];
  const { linked, outsideFlow } = ctx.lostPictures;
  if (linked) warnings.push({ code: "images_not_extracted", message: `${linked} picture(s) of the Word file are linked to files outside it, not embedded, and are left out.` });
  if (outsideFlow) warnings.push({ code: "images_not_extracted", message: `${outsideFlow} picture(s) inside notes, headers or footers are left out (those hold text only here).` });
  const counted = readAppPageCount(zip);
  return { pages, pageCount: Math.max(counted ?? 0, pages.length), title: readCoreTitle(zip), warnings, pictures };
}

/** Title style is level 1 and headings come below it when the document uses it; otherwise Heading 1 is level 1. */
function settleTitleLevels(pages: Page[]): void {
  const titles = pages.flatMap((p) => p.blocks.filter((b) => b.type === "title"));
  const hasTitle = titles.some((b) => b.titleLevel === 0);
  for (const b of titles) b.titleLevel = hasTitle ? b.titleLevel! + 1 : Math.max(1, b.titleLevel!);
}

function textOf(zip: OfficeZip, part: string | undefined): string | null {
  return part ? zip.text(part) : null;
}

function textArea(sectPr: XmlElement | undefined): TextArea {
  const size = kid(sectPr, "pgSz");
  const margin = kid(sectPr, "pgMar");
  const twips = (el: XmlElement | undefined, name: string, fallback: number) => {
    const v = Number(attr(el, name));
    return Number.isFinite(v) && v > 0 ? v / TWIPS_PER_POINT : fallback;
  };
  let width = twips(size, "w", DEFAULT_PAGE.width);
  let height = twips(size, "h", DEFAULT_PAGE.height);
  if (attr(size, "orient") === "landscape" && width < height) [width, height] = [height, width];
  return {
    width,
    height,
    left: twips(margin, "left", DEFAULT_MARGIN),
    right: twips(margin, "right", DEFAULT_MARGIN),
    top: twips(margin, "top", DEFAULT_MARGIN),
    bottom: twips(margin, "bottom", DEFAULT_MARGIN),
  };
}

/** Footnote or endnote texts by id; the separator notes Word keeps there are skipped. */
function readNotes(zip: OfficeZip, part: string | undefined, kind: "footnote" | "endnote", ctx: DocxContext): Map<string, string> {
  const notes = new Map<string, string>();
  const xml = textOf(zip, part);
  if (!xml || !part) return notes;
  for (const note of kids(parseXml(xml, part), kind)) {
    const type = attr(note, "type");
    if (type === "separator" || type === "continuationSeparator" || type === "continuationNotice") continue;
    const reader = new BodyReader({ ...ctx, rels: readRelationships(zip, part) }, [], false);
    reader.readContainer(note);
    ctx.lostPictures.outsideFlow += reader.blocks.filter((b) => b.type === "image").length;
    notes.set(attr(note, "id") ?? "", reader.blocks.map((b) => b.text).join(" ").trim());
  }
  return notes;
}

/** Headers and footers of each section, inherited by later sections that name none. */
class Furniture {
  private readonly cache = new Map<string, Block[]>();
  constructor(
    private readonly zip: OfficeZip,
    private readonly rels: Relationships,
    private readonly ctx: DocxContext,
  ) {}

  blocks(sections: (XmlElement | undefined)[], section: number, kind: "header" | "footer", firstOfSection: boolean): Block[] {
    const titlePage = kid(sections[section], "titlePg") !== undefined;
    const wanted = firstOfSection && titlePage ? "first" : "default";
    for (let s = Math.min(section, sections.length - 1); s >= 0; s--) {
      const refs = kids(sections[s], `${kind}Reference`);
      const ref = refs.find((r) => (attr(r, "type") ?? "default") === wanted);
      if (ref) return this.read(ref.attrs["r:id"], kind);
      if (wanted === "first" && s === section) return []; // a title page without its own header has none
    }
    return [];
  }

  private read(relId: string | undefined, kind: "header" | "footer"): Block[] {
    const part = relId ? this.rels.get(relId)?.target : undefined;
    if (!part) return [];
    if (!this.cache.has(part)) {
      const xml = this.zip.text(part);
      const blocks: Block[] = [];
      if (xml) {
        const reader = new BodyReader({ ...this.ctx, rels: readRelationships(this.zip, part) }, [], false);
        reader.readContainer(parseXml(xml, part));
        for (const b of reader.blocks) if (b.text) blocks.push(textBlock(kind, b.text, [], kind));
        // Logos and lines in headers are furniture; counted once per part, not per page.
        this.ctx.lostPictures.outsideFlow += reader.blocks.filter((b) => b.type === "image").length;
      }
      this.cache.set(part, blocks);
    }
    // Each page gets its own copies: boxes are set per page.
    return this.cache.get(part)!.map((b) => ({ ...b }));
  }
}
