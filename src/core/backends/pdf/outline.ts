// The PDF outline (bookmarks): the author's own heading tree, when the file has one.
// Each entry is resolved to the page it opens and, where the destination says so, how far
// down that page; the headings processor matches entries to blocks.
import type { OutlineEntry } from "../../runs";
import type { PdfDocument } from "./open";

/** Outlines of generated documents can be huge; headings beyond this many are left to the heuristics. */
const MAX_ENTRIES = 2000;

type OutlineNode = Awaited<ReturnType<PdfDocument["getOutline"]>>[number];

export async function readOutline(pdf: PdfDocument): Promise<OutlineEntry[]> {
  let roots: OutlineNode[] | null;
  try {
    roots = await pdf.getOutline();
  } catch {
    return []; // a broken outline is no outline: the heuristics still find headings
  }
  const out: OutlineEntry[] = [];
  const tops = new Map<number, number>();
  const visit = async (nodes: OutlineNode[], level: number) => {
    for (const node of nodes) {
      if (out.length >= MAX_ENTRIES) return;
      const target = await resolve(pdf, node.dest);
      const title = node.title?.trim();
      if (target && title) {
        const pageTopY = tops.get(target.page) ?? (await pageTop(pdf, target.page));
        tops.set(target.page, pageTopY);
        out.push({ title, level, page: target.page, ...(target.y !== undefined && pageTopY ? { top: pageTopY - target.y } : {}) });
      }
      if (node.items?.length) await visit(node.items, level + 1);
    }
  };
  await visit(roots ?? [], 1);
  return out;
}

/** Page index and, for /XYZ and /FitH destinations, the y it scrolls to (PDF user space). */
async function resolve(pdf: PdfDocument, dest: OutlineNode["dest"]): Promise<{ page: number; y?: number } | null> {
  try {
    const explicit = typeof dest === "string" ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const [ref, kind] = explicit;
    const page = typeof ref === "number" ? ref : await pdf.getPageIndex(ref);
    const name = (kind as { name?: string } | undefined)?.name;
    const y = name === "XYZ" ? explicit[3] : name === "FitH" || name === "FitBH" ? explicit[2] : undefined;
    return { page, ...(typeof y === "number" ? { y } : {}) };
  } catch {
    return null;
  }
}

/** The y of the page's top edge in user space (pages without /Rotate; elsewhere only a tie-breaker). */
async function pageTop(pdf: PdfDocument, index: number): Promise<number> {
  try {
    return (await pdf.getPage(index + 1)).view[3];
  } catch {
    return 0;
  }
}
