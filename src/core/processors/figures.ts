// Figures: an `image` block for each raster image the page paints (the images were already
// filtered of decoration and backgrounds, and stored, by the backend). Text drawn over an
// image stays text: labels of a figure are read as the page prints them.
import type { Block } from "../model";
import type { PlacedImage } from "../backends/pdf/runs";

export function figureBlocks(images: PlacedImage[] = []): Block[] {
  return images.map(({ bbox, image }) => ({ type: "image", bbox, text: "", image, layer: "body", source: "text-layer" }));
}
