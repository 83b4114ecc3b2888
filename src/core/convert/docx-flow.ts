// Word, flow mode: real paragraphs in reading order (never text boxes), headings with the
// built-in Heading styles so the navigation pane works, real lists and tables.
import { AlignmentType, Document as WordDocument, HeadingLevel, LevelFormat, Packer, Paragraph, type Table } from "docx";
import type { Block, Document } from "../model";
import { pageMargins, textRuns, wordTable } from "./docx-common";
import { twips } from "./fonts";

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
/** Word's list indent per level (twips). */
const LIST_INDENT = 360;

export async function docxFlow(doc: Document): Promise<Uint8Array> {
  const first = doc.pages[0];
  const margins = pageMargins(first);
  const contentWidth = first ? first.width - (margins.left + margins.right) / 20 : 468;
  const children: (Paragraph | Table)[] = [];
  for (const page of doc.pages) {
    for (const block of page.blocks) {
      if (block.hidden) continue;
      children.push(...blockElements(block, contentWidth));
    }
  }
  const word = new WordDocument({
    creator: "docparse",
    title: doc.source.title ?? doc.source.fileName,
    numbering: { config: [listNumbering("bullets", false), listNumbering("numbers", true)] },
    sections: [
      {
        properties: first ? { page: { size: { width: twips(first.width), height: twips(first.height) }, margin: margins } } : {},
        children: children.length ? children : [new Paragraph("")],
      },
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(word));
}

function blockElements(block: Block, contentWidth: number): (Paragraph | Table)[] {
  if (block.table) return [wordTable(block, contentWidth), new Paragraph("")];
  if (block.type === "title") {
    return [new Paragraph({ heading: HEADINGS[Math.min(5, (block.titleLevel ?? 1) - 1)], children: textRuns(block, { keepSize: false }) })];
  }
  if (block.type === "list" && block.list) {
    return [new Paragraph({ numbering: { reference: block.list.ordered ? "numbers" : "bullets", level: Math.min(8, block.list.level) }, children: textRuns(block, { keepSize: true }) })];
  }
  return [new Paragraph({ children: textRuns(block, { keepSize: true }), alignment: alignment(block), spacing: { after: 120 } })];
}

function alignment(block: Block) {
  switch (block.align) {
    case "center":
      return AlignmentType.CENTER;
    case "right":
      return AlignmentType.RIGHT;
    case "justify":
      return AlignmentType.JUSTIFIED;
    default:
      return undefined;
  }
}

function listNumbering(reference: string, ordered: boolean) {
  return {
    reference,
    levels: Array.from({ length: 9 }, (_, level) => ({
      level,
      format: ordered ? [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3] : LevelFormat.BULLET,
      text: ordered ? `%${level + 1}.` : ["•", "◦", "▪"][level % 3],
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: LIST_INDENT * (level + 1), hanging: LIST_INDENT / 2 } } },
    })),
  };
}
