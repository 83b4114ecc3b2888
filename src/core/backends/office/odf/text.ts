// An OpenDocument text (.odt) as a Document: headings (text:h and their outline level; the
// Title style as level 1 above them), lists with their list style (numbered or bulleted,
// nesting), tables with spans, links, notes as [n] with their text at the foot of the page,
// pages cut at the page breaks LibreOffice recorded (text:soft-page-break).
import { CoreError } from "../../../errors";
import type { Block, Page, TableCell } from "../../../model";
import { cleanText, tableBlock, textBlock, type RunText } from "../blocks";
import type { OfficeParse } from "../docx/index";
import { formatNumber as formatListNumber } from "../docx/numbering";
import { layoutFlow } from "../layout";
import { attr, kid, kids, parseXml, path, type XmlElement } from "../xml";
import type { OfficeZip } from "../zip";
import { length, odfText } from "./units";

interface ListStyle {
  ordered: boolean[];
  format: string[];
  suffix: string[];
  bullet: string[];
}

interface FlowPage {
  blocks: Block[];
  notes: string[];
}

const DEFAULT_PAGE = { width: 595.28, height: 841.89 }; // A4, LibreOffice's default
const MARGIN = 56.7; // 2 cm

export function parseOdt(zip: OfficeZip): OfficeParse {
  const { content, styles } = odfParts(zip);
  const pages: FlowPage[] = [{ blocks: [], notes: [] }];
  let notes = 0;
  const current = () => pages[pages.length - 1];
  const reader = odfReader(content, styles, {
    emit: (b) => current().blocks.push(b),
    pageBreak: () => pages.push({ blocks: [], notes: [] }),
    note: (text) => {
      const n = ++notes;
      current().notes.push(`[${n}] ${text}`);
      return n;
    },
  });
  const body = path(content, "body", "text");
  if (!body) throw new CoreError("corrupt_file", "The OpenDocument text has no body.");
  reader.readContainer(body);

  const layout = pageLayout(styles);
  const out: Page[] = pages
    .filter((p, i) => p.blocks.length || p.notes.length || i === 0)
    .map((p, index) => {
      const blocks = [...p.blocks, ...p.notes.map((n) => textBlock("footnote", n, [], "footnote"))];
      layoutFlow(blocks, { ...layout, left: MARGIN, right: MARGIN, top: MARGIN, bottom: MARGIN });
      return { index, width: layout.width, height: layout.height, blocks };
    });
  const titles = out.flatMap((p) => p.blocks.filter((b) => b.type === "title"));
  const hasTitle = titles.some((b) => b.titleLevel === 0);
  for (const b of titles) b.titleLevel = hasTitle ? b.titleLevel! + 1 : Math.max(1, b.titleLevel!);
  return { pages: out, pageCount: out.length, warnings: [] };
}

/** content.xml and styles.xml of an OpenDocument file, parsed. */
export function odfParts(zip: OfficeZip): { content: XmlElement; styles: XmlElement | undefined } {
  const xml = zip.text("content.xml");
  if (!xml) throw new CoreError("corrupt_file", "The OpenDocument file has no content.xml.");
  const stylesXml = zip.text("styles.xml");
  return { content: parseXml(xml, "content.xml"), styles: stylesXml ? parseXml(stylesXml, "styles.xml") : undefined };
}

/** Where the reader puts what it reads: blocks in order, page breaks, notes (answering the note's number). */
export interface OdfSink {
  emit(block: Block): void;
  pageBreak(): void;
  note(text: string): number;
}

/**
 * The reader of OpenDocument text content (paragraphs, headings, lists, tables, text
 * boxes), shared by text documents and the text frames of presentations.
 */
export function odfReader(content: XmlElement, styles: XmlElement | undefined, sink: OdfSink) {
  const { emit } = sink;
  const parents = new Map<string, string>();
  const lists = new Map<string, ListStyle>();
  for (const root of [styles, content]) {
    for (const group of [kid(root, "styles"), kid(root, "automatic-styles")]) {
      for (const st of kids(group, "style")) parents.set(attr(st, "name") ?? "", attr(st, "parent-style-name") ?? "");
      for (const ls of kids(group, "list-style")) lists.set(attr(ls, "name") ?? "", listStyle(ls));
    }
  }
  const isTitle = (style: string | undefined) => {
    for (let s = style, n = 0; s && n < 10; s = parents.get(s), n++) if (s === "Title") return true;
    return false;
  };

  const inline = (el: XmlElement, runs: RunText[], link?: string) => {
    for (const c of el.children) {
      if (typeof c === "string") {
        runs.push({ text: c.replace(/\s+/g, " "), bold: false, italic: false, link });
        continue;
      }
      switch (c.local) {
        case "s":
          runs.push({ text: " ".repeat(Math.min(100, Number(attr(c, "c") ?? 1))), bold: false, italic: false });
          break;
        case "tab":
          runs.push({ text: "\t", bold: false, italic: false });
          break;
        case "line-break":
          runs.push({ text: "\n", bold: false, italic: false });
          break;
        case "a":
          inline(c, runs, attr(c, "href"));
          break;
        case "note": {
          const n = sink.note(cleanText(kids(kid(c, "note-body")).map((p) => odfText(p)).join(" ")));
          runs.push({ text: `[${n}]`, bold: false, italic: false });
          break;
        }
        case "soft-page-break":
          sink.pageBreak();
          break;
        case "annotation":
        case "bookmark":
        case "bookmark-start":
        case "bookmark-end":
          break; // comments and anchors carry no body text
        case "frame":
          for (const box of kids(c, "text-box")) readContainer(box);
          break;
        default:
          inline(c, runs, link);
      }
    }
  };

  const paragraph = (p: XmlElement): { text: string; runs: RunText[] } => {
    const runs: RunText[] = [];
    inline(p, runs);
    return { text: cleanText(runs.map((r) => r.text).join("")), runs };
  };

  function readList(list: XmlElement, level: number, style: ListStyle | undefined, counters: number[]) {
    const st = lists.get(attr(list, "style-name") ?? "") ?? style;
    for (const item of kids(list)) {
      if (item.local !== "list-item" && item.local !== "list-header") continue;
      let first = true;
      for (const c of kids(item)) {
        if (c.local === "list") {
          readList(c, level + 1, st, counters);
          continue;
        }
        if (c.local !== "p" && c.local !== "h") {
          readContainer(c, level, st);
          continue;
        }
        const { text, runs } = paragraph(c);
        if (!text) continue;
        const ordered = st?.ordered[level] ?? false;
        let marker = st?.bullet[level] || "•";
        if (first && item.local === "list-item" && ordered) {
          counters.length = level + 1;
          counters[level] = (counters[level] ?? 0) + 1;
          marker = `${formatListNumber(counters[level], st!.format[level])}${st!.suffix[level]}`;
        }
        const b = textBlock("list", text, runs);
        b.list = { ordered, level, marker };
        emit(b);
        first = false;
      }
    }
  }

  function readTable(table: XmlElement): Block {
    const rows: TableCell[][] = [];
    let columnCount = 0;
    const readRows = (el: XmlElement, header: boolean) => {
      for (const r of kids(el)) {
        if (r.local === "table-header-rows") readRows(r, true);
        else if (r.local === "table-rows" || r.local === "table-row-group") readRows(r, header);
        else if (r.local === "table-row") {
          const row: TableCell[] = [];
          let width = 0;
          for (const c of kids(r)) {
            const repeat = Math.min(1000, Number(attr(c, "number-columns-repeated") ?? 1));
            if (c.local === "covered-table-cell") {
              width += repeat;
              continue;
            }
            if (c.local !== "table-cell") continue;
            const text = cleanText(blockText(c));
            for (let k = 0; k < repeat; k++) {
              const cell: TableCell = { text, rowSpan: Number(attr(c, "number-rows-spanned") ?? 1), colSpan: Number(attr(c, "number-columns-spanned") ?? 1) };
              if (header) cell.header = true;
              row.push(cell);
              width += 1;
            }
          }
          columnCount = Math.max(columnCount, width);
          rows.push(row);
        }
      }
    };
    readRows(table, false);
    return tableBlock({ rows, columnCount });
  }

  function readContainer(el: XmlElement, level = 0, style?: ListStyle) {
    for (const c of kids(el)) {
      switch (c.local) {
        case "h": {
          const { text, runs } = paragraph(c);
          if (!text) break;
          const b = textBlock("title", text, runs);
          b.titleLevel = Number(attr(c, "outline-level") ?? 1);
          emit(b);
          break;
        }
        case "p": {
          const { text, runs } = paragraph(c);
          if (!text) break;
          if (isTitle(attr(c, "style-name"))) {
            const b = textBlock("title", text, runs);
            b.titleLevel = 0; // settled below: Title above every heading
            emit(b);
          } else emit(textBlock("text", text, runs));
          break;
        }
        case "list":
          readList(c, level, style, []);
          break;
        case "table":
          emit(readTable(c));
          break;
        case "soft-page-break":
          sink.pageBreak();
          break;
        case "section":
        case "index-body":
        case "table-of-content":
        case "alphabetical-index":
        case "illustration-index":
          readContainer(c.local === "table-of-content" || c.local.endsWith("index") ? (kid(c, "index-body") ?? c) : c, level, style);
          break;
        default:
          break; // sequence declarations, forms, tracked-change records
      }
    }
  }

  return { readContainer, readTable, paragraph };
}

/** Text of a cell's content: one line per paragraph, through lists, sections and nested tables. */
function blockText(el: XmlElement): string {
  if (el.local === "p" || el.local === "h") return odfText(el);
  return kids(el)
    .map(blockText)
    .filter((t) => t.trim())
    .join("\n");
}

function listStyle(ls: XmlElement): ListStyle {
  const style: ListStyle = { ordered: [], format: [], suffix: [], bullet: [] };
  for (const lvl of kids(ls)) {
    const level = Number(attr(lvl, "level") ?? 1) - 1;
    if (level < 0 || level > 9) continue;
    style.ordered[level] = lvl.local === "list-level-style-number";
    const fmt = attr(lvl, "num-format") ?? "1";
    style.format[level] = { a: "lowerLetter", A: "upperLetter", i: "lowerRoman", I: "upperRoman" }[fmt] ?? "decimal";
    style.suffix[level] = attr(lvl, "num-suffix") ?? "";
    style.bullet[level] = attr(lvl, "bullet-char") ?? "•";
  }
  return style;
}

/** Page size of the named page layout (the first one when unnamed), A4 when the file gives none. */
export function pageLayout(styles: XmlElement | undefined, name?: string): { width: number; height: number } {
  const layouts = kids(kid(styles, "automatic-styles"), "page-layout");
  const props = kid(layouts.find((l) => name === undefined || attr(l, "name") === name), "page-layout-properties");
  const width = length(attr(props, "page-width"));
  const height = length(attr(props, "page-height"));
  return width && height ? { width, height } : DEFAULT_PAGE;
}
