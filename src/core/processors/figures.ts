// Figures: an `image` block for each figure-sized raster image the page paints (the
// backend already dropped decoration and backgrounds, and stored the bytes). Small images
// (kept only with enable_inline_image) go inside the text line they sit on instead, at a
// word boundary of the paragraph. Text drawn over an image stays text.
import type { PlacedImage } from "../runs";
import type { Block, Line, Page } from "../model";

export function figureBlocks(images: PlacedImage[] = []): Block[] {
  return images.filter((i) => !i.small).map(({ bbox, image }) => ({ type: "image", bbox, text: "", image, layer: "body", source: "text-layer" }));
}

/** Share of the lower of line and image that must overlap for the image to sit in the line. */
const ON_LINE = 0.5;
/** How far (points) beside the line's ends an icon may still belong to it. */
const LINE_REACH = 24;

/** Small images sitting on a text line join that line's block; the others are decoration. */
export function placeInlineImages(blocks: Block[], images: PlacedImage[] = []): void {
  for (const img of images) {
    if (!img.small) continue;
    const [x0, y0, x1, y1] = img.bbox;
    for (const block of blocks) {
      if (block.type === "image" || block.type === "table" || !block.lines?.length) continue;
      const lineIndex = block.lines.findIndex((l) => verticalShare(l, y0, y1) >= ON_LINE && l.bbox[0] - LINE_REACH <= x1 && x0 <= l.bbox[2] + LINE_REACH);
      if (lineIndex < 0) continue;
      const offset = offsetInText(block, lineIndex, x0);
      (block.inlineImages ??= []).push({ image: img.image, bbox: img.bbox, offset });
      block.inlineImages.sort((a, b) => a.offset - b.offset);
      break;
    }
  }
}

/** Overlap of the line and the image, as a share of the lower of the two: icons often stand taller than their line. */
function verticalShare(line: Line, y0: number, y1: number): number {
  const overlap = Math.min(line.bbox[3], y1) - Math.max(line.bbox[1], y0);
  const lower = Math.min(line.bbox[3] - line.bbox[1], y1 - y0);
  return lower > 0 ? overlap / lower : 0;
}

/**
 * Where the image goes in the block's text: the characters of the lines above and of the
 * line left of it, moved to the next word boundary (the block's text joins lines and
 * mends hyphens, so the count is close, not exact).
 */
function offsetInText(block: Block, lineIndex: number, x: number): number {
  const lines = block.lines!;
  let offset = 0;
  for (let i = 0; i < lineIndex; i++) offset += lines[i].spans.map((s) => s.text).join("").length + 1;
  for (const span of lines[lineIndex].spans) {
    const [s0, , s1] = span.bbox;
    // Spans are runs of one style, often a whole line: count the share of the span left of the image.
    if (s1 <= x + 1) offset += span.text.length;
    else if (s0 < x) offset += Math.round((span.text.length * (x - s0)) / (s1 - s0));
  }
  const text = block.text;
  offset = Math.min(offset, text.length);
  if (offset === text.length || offset === 0 || /\s/.test(text[offset]) || /\s/.test(text[offset - 1])) return offset;
  const after = text.slice(offset).search(/\s/);
  return after < 0 ? text.length : offset + after;
}

/** enable_table_image false: images inside a table's box are hidden (they stay in the model). */
export function hideImagesInTables(pages: Page[]): void {
  for (const page of pages) {
    const tables = page.blocks.filter((b) => b.type === "table");
    for (const b of page.blocks) if (b.type === "image" && (b.inTable || tables.some((t) => inside(b.bbox, t.bbox)))) b.hidden = true;
  }
}

const inside = (a: Block["bbox"], b: Block["bbox"]) => a[0] >= b[0] - 1 && a[1] >= b[1] - 1 && a[2] <= b[2] + 1 && a[3] <= b[3] + 1;
