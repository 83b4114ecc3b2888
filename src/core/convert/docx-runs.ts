// Styled runs as Word runs, writing only what differs from the paragraph's style so the
// document stays restylable; links as real hyperlinks.
import { ExternalHyperlink, TextRun } from "docx";
import type { BaseStyle } from "./docx-styles";
import { hexColor } from "./docx-styles";
import { halfPoints, officeFont } from "./fonts";
import type { StyledRun } from "./spans";

/** Sizes closer than this (points) to the style's size are the same size rounded differently. */
const SIZE_TOLERANCE = 0.5;

/** `letterSpacing` (points, layout mode) widens or narrows every character to fit a substitute font to the PDF. */
export function wordRuns(runs: StyledRun[], base: BaseStyle, letterSpacing = 0): (TextRun | ExternalHyperlink)[] {
  const characterSpacing = Math.round(letterSpacing * 20) || undefined;
  return runs.map((r) => {
    const font = r.fontFamily ? officeFont(r.fontFamily) : undefined;
    const color = hexColor(r.color);
    const run = new TextRun({
      text: r.text,
      font: font && font !== base.font ? font : undefined,
      size: r.fontSize && Math.abs(r.fontSize - base.size) >= SIZE_TOLERANCE ? halfPoints(r.fontSize) : undefined,
      bold: r.bold !== base.bold ? r.bold : undefined,
      italics: r.italic !== base.italic ? r.italic : undefined,
      // A link's colour comes from the Hyperlink style.
      color: !r.link && color && color !== base.color ? color : undefined,
      superScript: r.script === "super" || undefined,
      subScript: r.script === "sub" || undefined,
      style: r.link ? "Hyperlink" : undefined,
      characterSpacing,
    });
    return r.link ? new ExternalHyperlink({ link: r.link, children: [run] }) : run;
  });
}
