// Slide titles as real title placeholders, so PowerPoint's outline, slide sorter and screen
// readers see each slide's title. pptxgenjs places a placeholder where its layout says, so
// each distinct title position gets a layout of its own (titles at the same place share one).
import type PptxGenJS from "pptxgenjs";

/** Positions closer than this (inches) share a layout. */
const GRID = 0.05;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class TitleLayouts {
  private readonly names = new Map<string, string>();
  constructor(private readonly pptx: PptxGenJS) {}

  /** The name of a layout whose title placeholder sits at `box`; the placeholder is called "title". */
  layoutFor(box: Box): string {
    const snapped = { x: snap(box.x), y: snap(box.y), w: snap(box.w), h: snap(box.h) };
    const key = `${snapped.x},${snapped.y},${snapped.w},${snapped.h}`;
    let name = this.names.get(key);
    if (!name) {
      name = `Title ${this.names.size + 1}`;
      this.pptx.defineSlideMaster({
        title: name,
        objects: [{ placeholder: { options: { name: "title", type: "title", ...snapped, margin: 0, valign: "top" }, text: "" } }],
      });
      this.names.set(key, name);
    }
    return name;
  }
}

const snap = (v: number) => Math.round(v / GRID) * GRID;
