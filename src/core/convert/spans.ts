// The styled text of a block, as runs a converter can write: its spans in order, lines
// joined by spaces, list markers and hyphenation already handled by the parser.
import type { Block, Span } from "../model";

/** A span without its geometry: what a converter needs to write a run. */
export type StyledRun = Omit<Span, "bbox" | "script">;

export function blockRuns(block: Block): StyledRun[] {
  const lines = block.lines ?? [];
  if (!lines.length || block.type === "list") return [fromBlock(block)];
  // The block text is authoritative (hyphenation joined, list marker removed); spans carry
  // the styles. When they disagree in length, keep the text with the dominant style.
  const spans: Span[] = lines.flatMap((l, i) => l.spans.map((s, j) => (i > 0 && j === 0 ? { ...s, text: ` ${s.text.trimStart()}` } : s)));
  const joined = spans.map((s) => s.text).join("");
  if (joined.replace(/\s+/g, " ").trim() !== block.text.replace(/\s+/g, " ").trim()) return [fromBlock(block)];
  return spans.map((s) => ({ text: s.text, fontFamily: s.fontFamily, fontSize: s.fontSize, bold: s.bold, italic: s.italic, color: s.color, link: s.link }));
}

function fromBlock(block: Block): StyledRun {
  const spans = (block.lines ?? []).flatMap((l) => l.spans);
  const main = [...spans].sort((a, b) => b.text.length - a.text.length)[0];
  return { text: block.text, fontFamily: main?.fontFamily ?? "", fontSize: main?.fontSize ?? 11, bold: spans.length > 0 && spans.every((s) => s.bold), italic: spans.length > 0 && spans.every((s) => s.italic) };
}
