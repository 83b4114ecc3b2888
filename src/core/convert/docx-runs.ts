// Styled runs as Word runs, writing only what differs from the paragraph's style so the
// document stays restylable; links as real hyperlinks, icons printed in a line among its
// words, a footnote's mark as Word's reference to it.
import { ExternalHyperlink, type FootnoteReferenceRun, ImageRun, ShadingType, Tab, TextRun } from "docx";
import type { InlineImage } from "../model";
import type { BaseStyle } from "./docx-styles";
import { hexColor } from "./docx-styles";
import { halfPoints, officeFont } from "./fonts";
import { pixels, type Pictures } from "./pictures";
import { splitRunsAt, type StyledRun } from "./spans";

/** Sizes closer than this (points) to the style's size are the same size rounded differently. */
const SIZE_TOLERANCE = 0.5;

/** A run written as something else (a footnote mark as Word's reference to the footnote). */
export type RunReplacement = (run: StyledRun) => FootnoteReferenceRun | undefined;

/** `letterSpacing` (points, layout mode) widens or narrows every character to fit a substitute font to the PDF. */
export function wordRuns(runs: StyledRun[], base: BaseStyle, letterSpacing = 0, replace?: RunReplacement): (TextRun | ExternalHyperlink | FootnoteReferenceRun)[] {
  return runs.flatMap((r) => {
    const characterSpacing = Math.round((r.letterSpacing ?? letterSpacing) * 20) || undefined;
    const replaced = replace?.(r);
    if (replaced) return [replaced];
    const font = r.fontFamily ? officeFont(r.fontFamily) : undefined;
    const color = hexColor(r.color);
    // A printed line's end ("\n", layout modes) breaks here too.
    return r.text.split("\n").map((text, k) => {
      const run = new TextRun({
        // A tab (after a list's marker) as Word's own tab.
        children: text.includes("\t") ? text.split("\t").flatMap((piece, t) => [...(t > 0 ? [new Tab()] : []), ...(piece ? [piece] : [])]) : [text],
        break: k > 0 ? 1 : undefined,
        font: font && font !== base.font ? font : undefined,
        size: r.fontSize && Math.abs(r.fontSize - base.size) >= SIZE_TOLERANCE ? halfPoints(r.fontSize) : undefined,
        bold: r.bold !== base.bold ? r.bold : undefined,
        italics: r.italic !== base.italic ? r.italic : undefined,
        // A link's colour comes from the Hyperlink style.
        color: !r.link && color && color !== base.color ? color : undefined,
        superScript: r.script === "super" || undefined,
        subScript: r.script === "sub" || undefined,
        underline: r.underline ? {} : undefined,
        strike: r.strike || undefined,
        shading: r.highlight ? { type: ShadingType.CLEAR, fill: hexColor(r.highlight), color: "auto" } : undefined,
        style: r.link ? "Hyperlink" : undefined,
        characterSpacing,
      });
      return r.link ? new ExternalHyperlink({ link: r.link, children: [run] }) : run;
    });
  });
}

/** Runs with the small pictures that sat inside the block's lines (icons, symbols) placed among them, at their printed size. */
export function wordRunsWithPictures(runs: StyledRun[], base: BaseStyle, images: InlineImage[] | undefined, pictures: Pictures, replace?: RunReplacement): (TextRun | ExternalHyperlink | ImageRun | FootnoteReferenceRun)[] {
  const shown = (images ?? []).filter((i) => pictures.has(i.image.ref));
  if (!shown.length) return wordRuns(runs, base, 0, replace);
  const pieces = splitRunsAt(runs, shown.map((i) => i.offset));
  // A picture between words keeps a space on both sides, as printed.
  for (const [k, piece] of pieces.entries()) {
    const last = piece[piece.length - 1];
    if (k < shown.length && last && !/\s$/.test(last.text)) piece[piece.length - 1] = { ...last, text: `${last.text} ` };
  }
  return pieces.flatMap((piece, k) => {
    const image = shown[k];
    const picture = image && pictures.get(image.image.ref)!;
    const [x0, y0, x1, y1] = image?.bbox ?? [0, 0, 0, 0];
    return [
      ...wordRuns(piece, base, 0, replace),
      ...(picture ? [new ImageRun({ type: picture.type, data: picture.bytes, transformation: { width: pixels(x1 - x0), height: pixels(y1 - y0) }, altText: { name: image.image.ref, description: image.image.ref, title: image.image.ref } })] : []),
    ];
  });
}
