// A vertically set block in Word layout mode: a borderless one-cell table floating at the
// block's place, its cell's text direction bottom-to-top. Word frames cannot turn text, and
// a table cell keeps the text an ordinary editable paragraph (a rotated text box would not).
import { BorderStyle, HeightRule, Paragraph, Table, TableCell, TableLayoutType, TableRow, TextDirection, VerticalAlign, WidthType } from "docx";
import { floatAt } from "./docx-table";
import type { Block } from "../model";
import { wordRuns } from "./docx-runs";
import type { BaseStyle } from "./docx-styles";
import { twips } from "./fonts";
import { ownRuns } from "./spans";
import { verticalBox } from "./vertical-box";

const NONE = { style: BorderStyle.NONE, size: 0, color: "auto" };

export function verticalTable(block: Block, base: BaseStyle): Table {
  const box = verticalBox(block);
  const width = twips(box.width);
  return new Table({
    rows: [
      new TableRow({
        height: { value: twips(box.height), rule: HeightRule.EXACT },
        children: [
          new TableCell({
            width: { size: width, type: WidthType.DXA },
            textDirection: TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT,
            verticalAlign: VerticalAlign.CENTER,
            margins: { top: 0, bottom: 0, left: 0, right: 0 },
            children: [new Paragraph({ spacing: { before: 0, after: 0 }, children: wordRuns(ownRuns(block), base) })],
          }),
        ],
      }),
    ],
    width: { size: width, type: WidthType.DXA },
    columnWidths: [width],
    layout: TableLayoutType.FIXED,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE },
    float: floatAt(box.x, box.y),
  });
}
