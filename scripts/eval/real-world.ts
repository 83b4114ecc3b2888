// The project's own real-world pages (test/fixtures/real-world/ and a second batch made by
// others' hands, real-world-2/: furniture on single pages,
// scans with OCR text layers, articles starting mid-page, bold and large paragraphs, text
// drawn as outlines), scored like the corpus's olmOCR-format sets, by kind, beside
// pdftotext, parsed as the service parses (with the page renderer, which text drawn as
// outlines needs); and whether the paragraphs set in bold or large type stayed paragraphs.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { factSetRowsAt } from "./fact-sets";

export async function realWorldRows(fixtures: string, out: string, scorer: string, set = "own real-world pages"): Promise<[string, string, string][]> {
  const rows = await factSetRowsAt(fixtures, set, out, scorer, true);
  return [...rows, ...notHeadingRows(fixtures, out, set)];
}

/** Paragraphs in bold or large type that must not come out as headings: the share kept out of heading lines. */
function notHeadingRows(fixtures: string, out: string, set: string): [string, string, string][] {
  const file = join(fixtures, "not-headings.jsonl");
  if (!existsSync(file)) return [];
  const cases = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { pdf: string; text: string });
  return ["docparse", "pdftotext"].map((parser) => {
    let kept = 0;
    for (const c of cases) {
      const md = readFileSync(join(out, parser, c.pdf.replace(/\.pdf$/, ".md")), "utf8");
      const start = fold(c.text).slice(0, 40);
      const inHeading = md.split("\n").some((line) => /^#{1,6}\s/.test(line) && fold(line).includes(start));
      if (!inHeading && fold(md).includes(start)) kept++;
    }
    return [`${set}: bold and large paragraphs kept as paragraphs (not-headings.jsonl)`, parser, `${((100 * kept) / cases.length).toFixed(1)}% (${kept}/${cases.length})`];
  });
}

const fold = (s: string) => s.normalize("NFKC").replace(/[*_#]/g, "").replace(/\s+/g, " ").toLowerCase().trim();
