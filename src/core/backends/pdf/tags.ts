// Tagged PDFs (Word, InDesign, accessible LaTeX) say which text is a heading: the
// structure tree holds H1..H6 (or H, nested in sections) elements whose marked content the
// page's text items point at. Those headings become entries like the outline's, matched to
// blocks by the same processor. Text marked as an Artifact (running heads, page numbers)
// is pagination furniture.
import type { OutlineEntry, Run } from "../../runs";
import type { PdfPage } from "./open";

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

const HEADING_ROLE = /^H([1-6])?$/;

/** Heading level of each marked-content id, with the id of the heading element it belongs to. */
export async function headingContent(page: PdfPage): Promise<Map<string, { level: number; element: number }>> {
  const out = new Map<string, { level: number; element: number }>();
  let tree: StructNode | null = null;
  try {
    tree = (await page.getStructTree()) as StructNode | null;
  } catch {
    return out; // a broken structure tree is no structure tree
  }
  let elements = 0;
  const visit = (node: StructNode, sections: number, heading?: { level: number; element: number }) => {
    const m = node.role ? HEADING_ROLE.exec(node.role) : null;
    // "H" takes its level from the nesting of sections around it; "H1".."H6" say theirs.
    const here = !heading && m ? { level: m[1] ? Number(m[1]) : Math.max(1, sections), element: elements++ } : heading;
    if (node.type === "content" && node.id && here) out.set(node.id, here);
    const inSection = node.role === "Sect" ? sections + 1 : sections;
    for (const child of node.children ?? []) visit(child, inSection, here);
  };
  if (tree) visit(tree, 0);
  return out;
}

/** Headings of one page from its runs' marked content, in the form the outline uses. */
export function taggedHeadings(runs: Run[], roles: Map<string, { level: number; element: number }>, pageIndex: number): OutlineEntry[] {
  const byElement = new Map<number, OutlineEntry>();
  for (const run of runs) {
    const role = run.markedContent ? roles.get(run.markedContent) : undefined;
    if (!role) continue;
    const entry = byElement.get(role.element);
    if (entry) {
      entry.title += run.text;
      entry.top = Math.min(entry.top!, run.bbox[1]);
    } else {
      byElement.set(role.element, { title: run.text, level: role.level, page: pageIndex, top: run.bbox[1] });
    }
  }
  return [...byElement.values()];
}
