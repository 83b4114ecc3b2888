// Word flow for pages whose lines are numbered in the margin (transcripts, pleadings,
// manuscripts under review): such files are cited by page and line ("12:4"), so each page
// stays one Word page and every numbered line one Word line, at the PDF's pitch; blank
// numbered lines become empty paragraphs and aligned-text tables tabbed lines, so Word's own
// line numbers (which skip tables) land on the same text as the printed ones. Paragraphs stay
// paragraphs: a block's lines are joined by line breaks, not split apart.
import { LineRuleType, Paragraph, TabStopType, TextRun, type Table } from "docx";
import type { Block, Line, Page, TableCell } from "../model";
import { wordRuns } from "./docx-runs";
import type { BaseStyle } from "./docx-styles";
import { twips } from "./fonts";
import { dominantStyle, styledRuns } from "./spans";

export interface NumberedPageContext {
  body: BaseStyle;
  /** Left margin of the Word page (points): indents count from it. */
  marginLeft: number;
  /** The page starts a new Word page (every numbered page after the first). */
  pageBreak: boolean;
  /** Writes a block this page cannot write as lines (a ruled table, a figure). */
  other: (block: Block) => (Paragraph | Table)[];
}

/** A line whose middle is within this share of the pitch from a number's middle is that number's line. */
const SAME_LINE = 0.5;

/** The page's blocks (in reading order) as Word lines, one per numbered line of the PDF. */
export function numberedPageElements(page: Page, blocks: Block[], ctx: NumberedPageContext): (Paragraph | Table)[] {
  const numbers = page.blocks.filter((b) => b.lineNumber).map((b) => b.bbox);
  const slots = numbers.map(middle).sort((a, b) => a - b);
  const pitch = numberedLinePitch(numbers);
  const textLines = blocks.flatMap((b) => (b.lines ?? []).map((l) => middle(l.bbox)));
  const blank = slots.filter((y) => !textLines.some((t) => Math.abs(t - y) <= pitch * SAME_LINE));
  // The page's first paragraph starts a new Word page.
  let pageBreak = ctx.pageBreak;
  const format = (): LineFormat => {
    const props = { spacing: { before: 0, after: 0, line: twips(pitch), lineRule: LineRuleType.EXACT }, pageBreakBefore: pageBreak || undefined };
    pageBreak = false;
    return props;
  };
  const out: (Paragraph | Table)[] = [];
  let next = 0;
  const blanksUpTo = (y: number) => {
    for (; next < blank.length && blank[next] < y; next++) out.push(new Paragraph({ ...format(), children: [] }));
  };
  for (const block of blocks) {
    const lines = block.lines ?? [];
    blanksUpTo(lines.length ? middle(lines[0].bbox) : block.bbox[1]);
    if (block.table && block.table.ruled === false) out.push(...block.table.rows.map((row) => tableRowLine(block, row, format(), ctx)));
    else if (lines.length && !block.table && block.type !== "image") out.push(linesParagraph(lines, format(), ctx));
    else {
      if (pageBreak) out.push(new Paragraph({ ...format(), children: [] }));
      out.push(...ctx.other(block));
    }
  }
  blanksUpTo(Infinity);
  return out;
}

/** Paragraph properties every line of the page shares: the PDF's pitch, and the page break on the first. */
interface LineFormat {
  spacing: { before: number; after: number; line: number; lineRule: typeof LineRuleType.EXACT };
  pageBreakBefore?: boolean;
}

/** One paragraph of the block's printed lines, joined by line breaks, indented as printed. */
function linesParagraph(lines: Line[], format: LineFormat, ctx: NumberedPageContext): Paragraph {
  const left = Math.min(...lines.map((l) => l.bbox[0]));
  const first = lines[0].bbox[0] - left;
  const children = lines.flatMap((line, i) => {
    const runs = wordRuns(styledRuns(line.spans.map((s) => s.text).join("").trim(), line.spans), ctx.body);
    return i === 0 ? runs : [new TextRun({ break: 1 }), ...runs];
  });
  return new Paragraph({ ...format, indent: { left: twips(Math.max(0, left - ctx.marginLeft)), firstLine: first > 0 ? twips(first) : undefined }, children });
}

/** A row of an aligned-text table as the line it printed: cells at tab stops where their columns began. */
function tableRowLine(block: Block, row: TableCell[], format: LineFormat, ctx: NumberedPageContext): Paragraph {
  const starts = columnStarts(block);
  const left = starts[0] ?? block.bbox[0];
  const style = dominantStyle((block.lines ?? []).flatMap((l) => l.spans));
  return new Paragraph({
    ...format,
    tabStops: starts.slice(1).map((x) => ({ type: TabStopType.LEFT, position: twips(x - ctx.marginLeft) })),
    indent: { left: twips(Math.max(0, left - ctx.marginLeft)) },
    children: wordRuns(row.map((cell, i) => ({ ...style, text: `${i ? "\t" : ""}${cell.text}` })), ctx.body),
  });
}

/** Where each column's text begins (points): the leftmost cell text of the column. */
function columnStarts(block: Block): number[] {
  const starts: number[] = [];
  for (const row of block.table!.rows) {
    let col = 0;
    for (const cell of row) {
      if (cell.bbox && cell.colSpan === 1) starts[col] = Math.min(starts[col] ?? Infinity, cell.bbox[0]);
      col += cell.colSpan;
    }
  }
  return starts.filter((x) => Number.isFinite(x));
}

const middle = (bbox: readonly number[]) => (bbox[1] + bbox[3]) / 2;

/** The usual distance (points) between the lines a column of line numbers counts. */
export function numberedLinePitch(numbers: readonly (readonly number[])[]): number {
  const tops = numbers.map((b) => b[1]).sort((a, b) => a - b);
  const steps = tops.slice(1).map((y, i) => y - tops[i]).sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 2)] ?? 12;
}
