// A page's blocks from the Markdown a vision language model wrote for it: headings, list
// items, pipe tables, display formulas and paragraphs, in the model's order. The model gives
// no positions, so each block gets a band of the page's height in turn, in proportion to its
// text: near enough for a reader to find it, and never a claim of where it was printed.
import type { Block, BBox, BlockSource, TableCell } from "../model";

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const DISPLAY_MATH = /^\s*\$\$(.*?)\$\$\s*$/;
/** A fence the model wraps its whole answer in, which is not the page's. */
const WRAPPING_FENCE = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n\s*```\s*$/;

type Draft = Omit<Block, "bbox" | "layer" | "source">;

export function blocksOfMarkdown(markdown: string, width: number, height: number, source: BlockSource): Block[] {
  const drafts = draftsOf(markdown.replace(WRAPPING_FENCE, "$1"));
  const weights = drafts.map((d) => Math.max(1, d.text.length));
  const total = weights.reduce((a, b) => a + b, 0);
  let top = 0;
  return drafts.map((draft, i) => {
    const bottom = top + (height * weights[i]) / total;
    const bbox: BBox = [0, top, width, bottom];
    top = bottom;
    return { ...draft, bbox, layer: "body", source };
  });
}

function draftsOf(markdown: string): Draft[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: Draft[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) out.push({ type: "text", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) {
      endParagraph();
      continue;
    }
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    const math = DISPLAY_MATH.exec(line);
    if (heading) {
      endParagraph();
      out.push({ type: "title", text: heading[2], titleLevel: heading[1].length });
    } else if (math) {
      endParagraph();
      out.push({ type: "formula", text: math[1].trim(), formula: { latex: math[1].trim(), display: true } });
    } else if (TABLE_ROW.test(line)) {
      endParagraph();
      const rows: string[] = [];
      while (i < lines.length && TABLE_ROW.test(lines[i])) rows.push(lines[i++]);
      i--;
      out.push(tableOf(rows));
    } else if (item) {
      endParagraph();
      const ordered = /\d/.test(item[2]);
      out.push({ type: "list", text: item[3], list: { ordered, level: Math.floor(item[1].replace(/\t/g, "  ").length / 2), marker: ordered ? item[2] : "•" } });
    } else if (paragraph.length === 0 && out.at(-1)?.type === "list" && /^\s{2,}\S/.test(line)) {
      // A list item's wrapped line.
      out.at(-1)!.text += ` ${line.trim()}`;
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  return out;
}

/** A pipe table: its first row the heading when a rule line follows it. */
function tableOf(rowLines: string[]): Draft {
  const headed = rowLines.length > 1 && TABLE_RULE.test(rowLines[1]);
  const rows = rowLines.filter((l) => !TABLE_RULE.test(l)).map(cellsOf);
  const columnCount = Math.max(...rows.map((r) => r.length));
  const cells: TableCell[][] = rows.map((r, ri) => Array.from({ length: columnCount }, (_, ci) => ({ text: r[ci] ?? "", rowSpan: 1, colSpan: 1, ...(headed && ri === 0 ? { header: true } : {}) })));
  return { type: "table", text: rows.map((r) => r.join(" ")).join("\n"), table: { rows: cells, columnCount } };
}

function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  // "\|" is a bar inside a cell.
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
}
