// Text a tagged PDF marks as an Artifact (running heads, page numbers, the line numbers
// of a transcript's margin) is pagination, not content: it is kept out of paragraphs and
// tables and comes back as hidden header/footer blocks, shown with keep_header_footer.
import type { Run } from "../runs";
import type { Block } from "../model";
import { buildBlocks } from "./blocks";
import { buildLines } from "./lines";

export function artifactBlocks(artifacts: Run[], pageHeight: number): Block[] {
  if (!artifacts.length) return [];
  return buildBlocks(buildLines(artifacts)).map((b) => {
    const layer = (b.bbox[1] + b.bbox[3]) / 2 < pageHeight / 2 ? "header" : "footer";
    return { ...b, type: layer, layer, hidden: true };
  });
}
