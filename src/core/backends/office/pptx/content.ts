// What a slide's shapes say, as blocks: paragraphs of text shapes (title placeholders as
// titles, bulleted or numbered paragraphs as list items with their level), tables with
// merged cells, and charts as tables of their cached data.
import type { Block, TableCell } from "../../../model";
import { cleanText, tableBlock, textBlock, type RunText } from "../blocks";
import type { Relationships } from "../rels";
import { attr, kid, kids, path, textOf, type XmlElement } from "../xml";
import { formatNumber as formatListNumber } from "../docx/numbering";
import type { Placement } from "./shapes";

const TITLE_TYPES = new Set(["title", "ctrTitle"]);
/** Date, footer and slide-number placeholders are slide furniture. */
const FURNITURE_TYPES = new Set(["dt", "ftr", "sldNum", "hdr"]);
/** Placeholders whose paragraphs are bulleted unless told otherwise (the master's body style). */
const BULLETED_TYPES = new Set(["body", "obj"]);

export function isFurniture(p: Placement | undefined): boolean {
  return !!p?.type && FURNITURE_TYPES.has(p.type);
}
export function isTitle(p: Placement | undefined): boolean {
  return !!p?.type && TITLE_TYPES.has(p.type);
}

/** Blocks of a text shape (p:sp with a txBody), one per non-empty paragraph. */
export function textShapeBlocks(sp: XmlElement, placement: Placement | undefined, rels: Relationships): Block[] {
  const txBody = kid(sp, "txBody");
  if (!txBody) return [];
  if (isFurniture(placement)) {
    const text = cleanText(kids(txBody, "p").map((p) => paragraphRuns(p, rels).map((r) => r.text).join("")).join("\n"));
    return text ? [textBlock("footer", text, [], "footer")] : [];
  }
  if (isTitle(placement)) {
    const text = cleanText(kids(txBody, "p").map((p) => paragraphRuns(p, rels).map((r) => r.text).join("")).join(" "));
    if (!text) return [];
    const b = textBlock("title", text, kids(txBody, "p").flatMap((p) => paragraphRuns(p, rels)));
    b.titleLevel = 1;
    return [b];
  }
  // A placeholder without a type is a body placeholder (ECMA-376 19.3.1.36).
  const bulletedByDefault = !!placement && BULLETED_TYPES.has(placement.type ?? "body");
  const counters: number[] = [];
  const blocks: Block[] = [];
  for (const p of kids(txBody, "p")) {
    const runs = paragraphRuns(p, rels);
    const text = cleanText(runs.map((r) => r.text).join(""));
    const pPr = kid(p, "pPr");
    const level = Number(attr(pPr, "lvl") ?? 0);
    if (!text) continue;
    const auto = kid(pPr, "buAutoNum");
    const char = kid(pPr, "buChar");
    const none = kid(pPr, "buNone");
    if (auto) {
      counters.length = level + 1;
      counters[level] = counters[level] === undefined ? Number(attr(auto, "startAt") ?? 1) : counters[level] + 1;
      const b = textBlock("list", text, runs);
      b.list = { ordered: true, level, marker: autoNumber(counters[level], attr(auto, "type") ?? "arabicPeriod") };
      blocks.push(b);
    } else if (char || (bulletedByDefault && !none)) {
      counters.length = 0;
      const b = textBlock("list", text, runs);
      b.list = { ordered: false, level, marker: attr(char, "char") ?? "•" };
      blocks.push(b);
    } else {
      counters.length = 0;
      blocks.push(textBlock("text", text, runs));
    }
  }
  return blocks;
}

function paragraphRuns(p: XmlElement, rels: Relationships): RunText[] {
  const runs: RunText[] = [];
  for (const c of kids(p)) {
    if (c.local === "r" || c.local === "fld") {
      const rPr = kid(c, "rPr");
      const linkId = path(rPr, "hlinkClick")?.attrs["r:id"];
      const rel = linkId ? rels.get(linkId) : undefined;
      const size = attr(rPr, "sz");
      const baseline = Number(attr(rPr, "baseline") ?? 0);
      const run: RunText = {
        text: kid(c, "t") ? textOf(kid(c, "t")!) : "",
        bold: ["1", "true"].includes(attr(rPr, "b") ?? ""),
        italic: ["1", "true"].includes(attr(rPr, "i") ?? ""),
        fontSize: size ? Number(size) / 100 : undefined,
        fontFamily: attr(kid(rPr, "latin"), "typeface"),
      };
      if (rel?.external) run.link = rel.target;
      if (baseline > 0) run.script = "super";
      else if (baseline < 0) run.script = "sub";
      runs.push(run);
    } else if (c.local === "br") runs.push({ text: "\n", bold: false, italic: false });
  }
  return runs;
}

/** Markers of a:buAutoNum schemes ("arabicPeriod" -> "1.", "alphaLcParenR" -> "a)"). */
function autoNumber(n: number, scheme: string): string {
  const format = scheme.startsWith("alphaLc") ? "lowerLetter" : scheme.startsWith("alphaUc") ? "upperLetter" : scheme.startsWith("romanLc") ? "lowerRoman" : scheme.startsWith("romanUc") ? "upperRoman" : "decimal";
  const num = formatListNumber(n, format);
  if (scheme.endsWith("ParenBoth")) return `(${num})`;
  if (scheme.endsWith("ParenR")) return `${num})`;
  if (scheme.endsWith("Plain")) return num;
  return `${num}.`;
}

/** A DrawingML table (a:tbl): gridSpan/rowSpan give spans, hMerge/vMerge mark covered cells. */
export function tableShapeBlock(tbl: XmlElement, rels: Relationships): Block {
  const firstRowHeader = ["1", "true"].includes(attr(kid(tbl, "tblPr"), "firstRow") ?? "");
  let columnCount = kids(kid(tbl, "tblGrid"), "gridCol").length;
  const rows: TableCell[][] = kids(tbl, "tr").map((tr, r) => {
    const row: TableCell[] = [];
    let width = 0;
    for (const tc of kids(tr, "tc")) {
      width++;
      if (["1", "true"].includes(attr(tc, "hMerge") ?? "") || ["1", "true"].includes(attr(tc, "vMerge") ?? "")) continue;
      const text = cleanText(kids(kid(tc, "txBody"), "p").map((p) => paragraphRuns(p, rels).map((x) => x.text).join("")).join("\n"));
      const cell: TableCell = { text, rowSpan: Number(attr(tc, "rowSpan") ?? 1), colSpan: Number(attr(tc, "gridSpan") ?? 1) };
      if (firstRowHeader && r === 0) cell.header = true;
      row.push(cell);
    }
    columnCount = Math.max(columnCount, width);
    return row;
  });
  return tableBlock({ rows, columnCount });
}
