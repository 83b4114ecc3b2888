// Building model blocks from Office structure. Office files know what a block is (a
// heading, a list item, a table), so blocks are made directly, with `source: "ooxml"`;
// their boxes are placed afterwards (layout.ts for flowing text, shape positions for slides).
import type { BBox, Block, BlockType, Layer, Span, Table } from "../../model";

export const NO_BOX: BBox = [0, 0, 0, 0];

/** A run of text with its emphasis, before it has a place on a page. */
export interface RunText {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
  script?: "super" | "sub";
  fontFamily?: string;
  fontSize?: number;
}

/** Default body font size (points) when the file does not say. */
export const DEFAULT_FONT_SIZE = 11;

export function spansOf(runs: RunText[]): Span[] {
  const spans: Span[] = [];
  for (const r of runs) {
    if (!r.text) continue;
    const last = spans[spans.length - 1];
    // Neighbouring runs with the same look are one span (Word splits runs for revision ids).
    if (last && last.bold === r.bold && last.italic === r.italic && last.link === r.link && last.script === r.script && last.fontSize === (r.fontSize ?? DEFAULT_FONT_SIZE)) {
      last.text += r.text;
      continue;
    }
    const span: Span = { text: r.text, bbox: NO_BOX, fontFamily: r.fontFamily ?? "", fontSize: r.fontSize ?? DEFAULT_FONT_SIZE, bold: r.bold, italic: r.italic };
    if (r.link) span.link = r.link;
    if (r.script) span.script = r.script;
    spans.push(span);
  }
  return spans;
}

/** Text blocks keep their runs as one line, so emphasis and link addresses reach the renderers. */
export function textBlock(type: BlockType, text: string, runs: RunText[] = [], layer: Layer = "body"): Block {
  const block: Block = { type, bbox: NO_BOX, text, layer, source: "ooxml" };
  const spans = spansOf(runs);
  if (spans.length) block.lines = [{ bbox: NO_BOX, spans }];
  if (layer === "header" || layer === "footer") block.hidden = true;
  return block;
}

export function tableBlock(table: Table, layer: Layer = "body"): Block {
  const text = table.rows.map((row) => row.map((c) => c.text).join("\t")).join("\n");
  return { type: "table", bbox: NO_BOX, text, table, layer, source: "ooxml" };
}

/** Whitespace as a reader sees it: runs of spaces and tabs become one space, lines kept. */
export const cleanText = (s: string) =>
  s
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
