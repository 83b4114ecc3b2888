// Pieces shared by the two Word converters: runs, tables, page geometry.
import { BorderStyle, ExternalHyperlink, Paragraph, Table, TableCell, TableRow, TextRun, VerticalMergeType, WidthType } from "docx";
import type { Block, Page } from "../model";
import { officeFont, twips } from "./fonts";
import { blockRuns } from "./spans";

export function textRuns(block: Block, opts: { keepSize: boolean }): (TextRun | ExternalHyperlink)[] {
  return blockRuns(block).map((r) => {
    const run = new TextRun({
      text: r.text,
      font: officeFont(r.fontFamily),
      size: opts.keepSize ? Math.max(2, Math.round(r.fontSize * 2)) : undefined,
      bold: r.bold || undefined,
      italics: r.italic || undefined,
      color: r.color?.replace("#", ""),
    });
    return r.link ? new ExternalHyperlink({ link: r.link, children: [run] }) : run;
  });
}

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: "808080" };

/** A Word table with merged cells: colSpan -> gridSpan, rowSpan -> vMerge restart/continue. */
export function wordTable(block: Block, widthPoints: number): Table {
  const table = block.table!;
  const columns = Math.max(1, table.columnCount);
  // "row:col" -> column span of a merged cell that started above and continues here.
  const continued = new Map<string, number>();
  const rows = table.rows.map((row, r) => {
    const cells: TableCell[] = [];
    let c = 0;
    const fillContinued = () => {
      for (let span = continued.get(`${r}:${c}`); span; span = continued.get(`${r}:${c}`)) {
        cells.push(new TableCell({ children: [new Paragraph("")], verticalMerge: VerticalMergeType.CONTINUE, columnSpan: span > 1 ? span : undefined }));
        c += span;
      }
    };
    for (const cell of row) {
      fillContinued();
      for (let dr = 1; dr < cell.rowSpan; dr++) continued.set(`${r + dr}:${c}`, cell.colSpan);
      cells.push(
        new TableCell({
          children: [new Paragraph({ children: [new TextRun({ text: cell.text, bold: cell.header || undefined })] })],
          columnSpan: cell.colSpan > 1 ? cell.colSpan : undefined,
          verticalMerge: cell.rowSpan > 1 ? VerticalMergeType.RESTART : undefined,
        }),
      );
      c += cell.colSpan;
    }
    fillContinued();
    return new TableRow({ children: cells, tableHeader: row.every((cell) => cell.header) || undefined });
  });
  return new Table({
    rows,
    width: { size: twips(widthPoints), type: WidthType.DXA },
    columnWidths: Array(columns).fill(Math.floor(twips(widthPoints) / columns)),
    borders: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER },
  });
}

/** Page margins from where the content sits, clamped to sensible values. */
export function pageMargins(page: Page | undefined): { top: number; right: number; bottom: number; left: number } {
  const fallback = 72;
  if (!page || !page.blocks.length) return { top: twips(fallback), right: twips(fallback), bottom: twips(fallback), left: twips(fallback) };
  const body = page.blocks.filter((b) => !b.hidden);
  const clamp = (v: number) => twips(Math.min(144, Math.max(18, v)));
  const x0 = Math.min(...body.map((b) => b.bbox[0]));
  const y0 = Math.min(...body.map((b) => b.bbox[1]));
  const x1 = Math.max(...body.map((b) => b.bbox[2]));
  const y1 = Math.max(...body.map((b) => b.bbox[3]));
  return { top: clamp(y0), left: clamp(x0), right: clamp(page.width - x1), bottom: clamp(page.height - y1) };
}
