// Text painted over itself is read once: a word processor's fake bold (a copy a hair to the
// side), and a title drawn a dozen times a point or two apart for a shadow.
import { describe, expect, it } from "vitest";
import { withoutOverprints } from "../../src/core/backends/pdf/overprint";
import type { Run } from "../../src/core/runs";

const run = (text: string, x: number, baseline: number, fontSize: number): Run => ({ text, bbox: [x, baseline - 0.8 * fontSize, x + text.length * 0.5 * fontSize, baseline + 0.2 * fontSize], baseline, fontSize, fontFamily: "Times", bold: false, italic: false, eol: true });

describe("withoutOverprints", () => {
  it("keeps one of a fake bold's two drawings", () => {
    expect(withoutOverprints([run("ENABLE", 72, 100, 10), run("ENABLE", 72.3, 100, 10)]).map((r) => r.text)).toEqual(["ENABLE"]);
  });

  it("keeps one of a shadowed title's drawings, up to two points apart at 36 pt", () => {
    // As XeLaTeX's na-box draws its title: twenty copies wandering over a point or two.
    const copies = Array.from({ length: 20 }, (_, i) => run("Coloured frames", 100 + 0.8 * Math.sin(i), 425.6 + (2.2 * i) / 19, 36.7));
    expect(withoutOverprints(copies).map((r) => r.text)).toEqual(["Coloured frames"]);
  });

  it("keeps two lines of the same words a line apart, and a repeated word elsewhere on the line", () => {
    expect(withoutOverprints([run("Total", 72, 100, 10), run("Total", 72, 112, 10)])).toHaveLength(2);
    expect(withoutOverprints([run("Total", 72, 100, 10), run("Total", 200, 100, 10)])).toHaveLength(2);
  });
});
