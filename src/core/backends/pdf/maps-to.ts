// TeX builds \mapsto from two glyphs: \mapstochar, a bar of no width from the symbol font
// (slot 55, which a font without a Unicode map reads as "7"), and the arrow set right on
// it. A reader sees one arrow from a bar; the text layer has "7→", in one run or two. Long
// arrows are a minus joined to an arrow (\longrightarrow "−→", \longmapsto "7−→").
import type { Run } from "../../runs";

/** TeX's symbol fonts (cmsy and the faces that copy its layout: txsy, kpfonts' M-Sy, MathDesign's Symbol), where "7" is never a digit. */
const SYMBOL_FONT = /^cmb?sy|^(tx|px|rtx|ntx)b?sy|^fut?sy|-sy-|symbol/i;
/** The bar stands this close (points) to where the arrow starts. */
const SAME_PLACE = 0.5;
const WITH_BAR: Record<string, string> = { "→": "↦", "⟶": "⟼", "←": "↤" };
const BAR_ON_ARROW = /7([→⟶←])/g;
const LONG_ARROWS: [RegExp, string][] = [[/7−→/g, "⟼"], [/−→/g, "⟶"], [/←−/g, "⟵"]];

/** The runs with each \mapstochar and the arrow on it as one "↦", and long arrows as one glyph. */
export function withMapsTo(runs: Run[]): Run[] {
  const symbols = runs.filter((r) => /[7−←]/.test(r.text) && SYMBOL_FONT.test(r.fontFamily.replace(/\s+/g, "")));
  for (const run of symbols) {
    for (const [joined, arrow] of LONG_ARROWS) run.text = run.text.replace(joined, arrow);
    run.text = run.text.replace(BAR_ON_ARROW, (_, arrow: string) => WITH_BAR[arrow]);
  }
  // A bar of its own, the arrow the next run on it.
  const bars = new Set<Run>();
  for (const bar of symbols) {
    const arrow = runs[runs.indexOf(bar) + 1];
    if (!arrow || bar.text.trim() !== "7" || bar.bbox[2] - bar.bbox[0] > SAME_PLACE) continue;
    const head = arrow.text.trimStart()[0];
    if (!WITH_BAR[head] || Math.abs(arrow.bbox[0] - bar.bbox[0]) > SAME_PLACE) continue;
    arrow.text = arrow.text.replace(head, WITH_BAR[head]);
    bars.add(bar);
  }
  return bars.size ? runs.filter((r) => !bars.has(r)) : runs;
}
