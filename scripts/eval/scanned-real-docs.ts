// The real pages of test/fixtures/real-docs scanned: each page of the kinds in Latin script
// (books and manuals, papers, forms and line-numbered pages, PDFs not made by TeX) drawn at
// 300 dpi in gray by pdftoppm and wrapped as a scanner writes a PDF (a JPEG, no text layer),
// so docparse reads it by OCR: paragraphs, headings, furniture and order from OCR'd words.
// The facts are the born-digital page's, the strings given about 5 % of their length in
// edits (OCR misreads a letter here and there; a heading's 2 stay). Run alone:
// `npx tsx scripts/eval/scanned-real-docs.ts`.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { scanPdf } from "./scan-pdf";
import { factSetRowsAt } from "./fact-sets";

/** The kinds scanned: Latin script throughout (the languages kind has its own OCR rows). */
const KINDS = ["furniture", "papers", "margins-forms", "other-origins"];
/** Edits allowed a string, as a share of its length. */
const OCR_SLACK = 0.05;

interface Fact {
  pdf: string;
  type: string;
  text?: string;
  before?: string;
  after?: string;
  max_diffs?: number;
}

export async function scannedRealDocsRows(fixtures: string, out: string, scorer: string): Promise<[string, string, string][]> {
  const bench = join(out, "bench");
  for (const kind of KINDS) {
    mkdirSync(join(bench, "pdfs", kind), { recursive: true });
    for (const name of readdirSync(join(fixtures, "pdfs", kind)).filter((f) => f.endsWith(".pdf"))) {
      const stem = join(bench, "pdfs", kind, name.replace(/\.pdf$/, ""));
      execFileSync("pdftoppm", ["-r", "300", "-gray", "-jpeg", "-jpegopt", "quality=85", "-singlefile", join(fixtures, "pdfs", kind, name), stem]);
      writeFileSync(`${stem}.pdf`, scanPdf(new Uint8Array(readFileSync(`${stem}.jpg`))));
    }
  }
  const facts = readFileSync(join(fixtures, "tests.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Fact);
  const scanned = facts.filter((f) => KINDS.includes(f.pdf.split("/")[0])).map(withSlack);
  writeFileSync(join(bench, "tests.jsonl"), scanned.map((f) => JSON.stringify(f)).join("\n") + "\n");
  return factSetRowsAt(bench, "real documents scanned (OCR)", join(out, "md"), scorer, true);
}

/** A fact with room for OCR's misreadings: absent strings stay exact (they must be gone, not misread). */
function withSlack(f: Fact): Fact {
  const slack = (s: string) => Math.round(OCR_SLACK * s.length);
  if (f.type === "present") return { ...f, max_diffs: Math.max(f.max_diffs ?? 0, slack(f.text!)) };
  if (f.type === "order") return { ...f, max_diffs: Math.max(f.max_diffs ?? 0, slack(f.before!.length < f.after!.length ? f.before! : f.after!)) };
  if (f.type === "format") return { ...f, max_diffs: Math.max(f.max_diffs ?? 0, slack(f.text!)) };
  return f;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { useWasmFromDisk } = await import("../../src/cli/wasm-from-disk");
  useWasmFromDisk();
  const root = resolve(import.meta.dirname, "../..");
  const rows = await scannedRealDocsRows(join(root, "test/fixtures/real-docs"), join(root, ".out/eval/scanned-real-docs"), resolve(root, "../shared/tools/score-facts/score-facts.mjs"));
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
}
