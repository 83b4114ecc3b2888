// The colour each run of text was painted in, for conversions (a red warning, a blue link, a
// white heading on a dark band must keep their colour in Word and PowerPoint). pdf.js's text
// content has no colours, but its operator list paints the same glyphs in the same order
// with the fill colour in the graphics state: the two are walked side by side, letter by
// letter, and each run takes the colour most of its letters were painted in.
import type { Run } from "../../runs";
import type { PdfPage } from "./open";
import { pdfjs } from "./pdfjs";
import { walkOperators, type OperatorList } from "./operator-walk";

const OPS = pdfjs.OPS;
const SHOW_TEXT = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
/** How far ahead (letters) to look for a run's letter the painting order has elsewhere (reordered or dropped text). */
const MAX_SKIP = 24;
/** Black is the default colour: runs painted in it are left without one. */
const BLACK = "#000000";

interface Painted {
  ch: string;
  color: string;
}

/** Sets `color` on the runs painted in a colour other than black. */
export async function colorRuns(page: PdfPage, runs: Run[]): Promise<void> {
  const painted = paintedLetters((await page.getOperatorList()) as OperatorList);
  if (!painted.some((p) => p.color !== BLACK)) return;
  let next = 0;
  for (const run of runs) {
    const votes = new Map<string, number>();
    for (const ch of run.text) {
      if (/\s/.test(ch)) continue;
      const end = Math.min(painted.length, next + MAX_SKIP);
      for (let k = next; k < end; k++) {
        if (painted[k].ch !== ch) continue;
        votes.set(painted[k].color, (votes.get(painted[k].color) ?? 0) + 1);
        next = k + 1;
        break;
      }
    }
    const color = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (color && color !== BLACK) run.color = color;
  }
}

/** The page's letters in painting order, each with its fill colour (spaces left out: the text layer adds its own). */
function paintedLetters(ops: OperatorList): Painted[] {
  const out: Painted[] = [];
  walkOperators(ops, [1, 0, 0, 1, 0, 0], (fn, args, state) => {
    if (!SHOW_TEXT.has(fn)) return;
    const glyphs = args?.[0];
    if (!Array.isArray(glyphs)) return;
    for (const glyph of glyphs) {
      const unicode = (glyph as { unicode?: unknown } | null)?.unicode;
      if (typeof unicode !== "string") continue;
      for (const ch of unicode.normalize("NFKC")) if (!/\s/.test(ch)) out.push({ ch, color: state.fill });
    }
  });
  return out;
}
