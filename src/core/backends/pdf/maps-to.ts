// TeX builds \mapsto from two glyphs: \mapstochar, a bar of no width from the symbol font
// (slot 55, which a font without a Unicode map reads as "7"), and the arrow set right on
// it. A reader sees one arrow from a bar; the text layer has "7→", in one run or two.
import type { Run } from "./runs";

/** TeX's symbol fonts (cmsy and the faces that copy its layout: txsy, kpfonts' M-Sy, MathDesign's Symbol), where "7" is never a digit. */
const SYMBOL_FONT = /^cmb?sy|^(tx|px|rtx|ntx)b?sy|^fut?sy|-sy-|symbol/i;
/** The bar stands this close (points) to where the arrow starts. */
const SAME_PLACE = 0.5;
const WITH_BAR: Record<string, string> = { "→": "↦", "⟶": "⟼", "←": "↤" };
const BAR_ON_ARROW = /7([→⟶←])/g;

/** The runs with each \mapstochar and the arrow on it as one "↦". */
export function withMapsTo(runs: Run[]): Run[] {
  const bars = new Set<Run>();
  for (const [i, run] of runs.entries()) {
    if (!run.text.includes("7") || !SYMBOL_FONT.test(run.fontFamily.replace(/\s+/g, ""))) continue;
    run.text = run.text.replace(BAR_ON_ARROW, (_, arrow: string) => WITH_BAR[arrow]);
    const arrow = runs[i + 1];
    if (!arrow || run.text.trim() !== "7" || run.bbox[2] - run.bbox[0] > SAME_PLACE) continue;
    const head = arrow.text.trimStart()[0];
    if (!WITH_BAR[head] || Math.abs(arrow.bbox[0] - run.bbox[0]) > SAME_PLACE) continue;
    arrow.text = arrow.text.replace(head, WITH_BAR[head]);
    bars.add(run);
  }
  return bars.size ? runs.filter((r) => !bars.has(r)) : runs;
}
