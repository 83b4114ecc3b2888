// Side labels: a short heading set in a margin column beside the lines it labels ("NOTES:",
// "DISCLAIMERS:"), centred on them, so its top falls below the first of them. Read by tops
// alone it comes after that first line; a reader reads the label first, then its lines.
import type { Block } from "../model";
import { wordCount } from "../scripts";

/** A label is one line of at most this many words, ending with a colon. */
const MAX_WORDS = 4;
const LABEL = /:\s*$/;
/** The lines it labels stand within this many of its heights of its middle. */
const REACH = 4;

/** The blocks (sorted top to bottom) with each side label moved before the first block it labels. */
export function withSideLabelsFirst(sorted: Block[]): Block[] {
  const labels = sorted.filter((b) => b.lines?.length === 1 && LABEL.test(b.text) && wordCount(b.text) <= MAX_WORDS);
  if (!labels.length) return sorted;
  const middle = (b: Block) => (b.bbox[1] + b.bbox[3]) / 2;
  let out = [...sorted];
  for (const label of labels) {
    const height = label.bbox[3] - label.bbox[1];
    // What it labels: blocks to its right, nearer its middle than any other label's.
    const labelled = out.filter(
      (b) =>
        !labels.includes(b) &&
        b.bbox[0] >= label.bbox[2] &&
        Math.abs(middle(b) - middle(label)) <= REACH * height &&
        labels.every((o) => o === label || Math.abs(middle(b) - middle(label)) <= Math.abs(middle(b) - middle(o))),
    );
    // Nothing may stand to its left on its height (it is in the margin column).
    if (!labelled.length || out.some((b) => b !== label && b.bbox[2] <= label.bbox[0] && b.bbox[1] < label.bbox[3] && b.bbox[3] > label.bbox[1])) continue;
    const first = out.findIndex((b) => labelled.includes(b));
    if (first < 0 || first > out.indexOf(label)) continue;
    out = out.filter((b) => b !== label);
    out.splice(first, 0, label);
  }
  return out;
}
