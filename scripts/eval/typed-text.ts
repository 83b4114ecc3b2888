// Every character as printed, by kind of text, beside pdftotext: documents whose truth is
// the source they were made from. Printed by others' programs from HTML we wrote (Chromium's
// print of ten scripts; LibreOffice's and Chromium's prints of Arabic with ligatures and of
// lines that mix directions), and PDFs written here (scripts/chaos/made-documents.mjs): a
// filled form, notes and a stamp drawn by annotations, a heading font whose map turns its
// letters into symbols. Parsed as the service parses (with the page renderer: a garbled font
// is read by OCR of the drawn page). Score: character error rate (edit distance over the
// truth's characters), whitespace collapsed, in reading order.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { pdfiumRenderer, useWasmFromDisk } from "../../src/cli/wasm-from-disk";
import { editDistance } from "./ocr";
import { annotatedPdf, filledFormPdf, garbledFontPdf } from "../chaos/made-documents.mjs";

interface Printed {
  name: string;
  pdf: Uint8Array;
  truth: string;
}

const fixtures = resolve(import.meta.dirname, "../../test/fixtures/pdf");
const paragraphsOf = (html: string) => [...readFileSync(join(fixtures, html), "utf8").matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]).join("\n");
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)));

/** The kinds, each with its documents and their truth. */
function kinds(): [string, Printed[]][] {
  return [
    ["ten scripts printed by Chromium (Arabic, Thai, Bengali, Tamil, Japanese, Korean, Greek, Russian, Vietnamese, Hindi)", [{ name: "scripts-browser.pdf", pdf: fixture("scripts-browser.pdf"), truth: paragraphsOf("scripts-browser.html") }]],
    [
      "Arabic ligatures and lines mixing directions (LibreOffice, Chromium)",
      [
        { name: "arabic-ligatures-libreoffice.pdf", pdf: fixture("arabic-ligatures-libreoffice.pdf"), truth: paragraphsOf("arabic-ligatures-libreoffice.html") },
        { name: "mixed-direction-libreoffice.pdf", pdf: fixture("mixed-direction-libreoffice.pdf"), truth: paragraphsOf("mixed-direction.html") },
        { name: "mixed-direction-chromium.pdf", pdf: fixture("mixed-direction-chromium.pdf"), truth: paragraphsOf("mixed-direction.html") },
      ],
    ],
    ["a filled form's values beside their labels (made)", [{ name: "form.pdf", pdf: filledFormPdf(), truth: "REF-2026-0042\nName: Jane Doe\n☑ I agree to the terms\n☐ Send me the newsletter\nColour: Blue\n◉ By post ◯ By e-mail\nChecked by the clerk" }]],
    ["notes and a stamp drawn by annotations (made)", [{ name: "notes.pdf", pdf: annotatedPdf(), truth: "Abstract\nReviewed by J. Doe\nThe body of the page, printed by its own content stream.\nTotal due 42.00\nChecked by the clerk\nAPPROVED" }]],
    [
      "a heading font whose map gives symbols for its letters (made)",
      [{ name: "garbled-heading.pdf", pdf: garbledFontPdf(), truth: "Quarterly Report on Water Quality\nThe samples taken this quarter at the four river stations met every standard. Nitrate levels fell for the third quarter running after the new treatment works opened. The next report will add the two stations on the northern tributary." }],
    ],
  ];
}

export async function typedTextRows(): Promise<[string, string, string][]> {
  const rows: [string, string, string][] = [];
  const dir = mkdtempSync(join(tmpdir(), "docparse-typed-"));
  try {
    for (const [kind, documents] of kinds()) {
      const errors = { docparse: 0, pdftotext: 0 };
      let chars = 0;
      for (const d of documents) {
        const doc = await parseDocument(d.pdf, d.name, { features: DEFAULT_FEATURES, renderer: pdfiumRenderer(d.pdf) });
        const ours = doc.pages.flatMap((p) => p.blocks.filter((b) => !b.hidden).map((b) => b.text)).join("\n");
        const file = join(dir, d.name);
        writeFileSync(file, d.pdf);
        const plain = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
        const truth = collapsed(d.truth);
        chars += [...truth].length;
        errors.docparse += editDistance([...collapsed(ours)], [...truth]);
        errors.pdftotext += editDistance([...collapsed(plain)], [...truth]);
      }
      for (const parser of ["docparse", "pdftotext"] as const) rows.push([`characters as printed: ${kind}`, parser, `CER ${((100 * errors[parser]) / chars).toFixed(1)}% (${documents.length} PDF${documents.length > 1 ? "s" : ""}, ${chars} characters)`]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Whitespace collapsed to single spaces, pdftotext's bidi marks and page breaks dropped, composed. */
const collapsed = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\f]/g, "").normalize("NFC").replace(/\s+/g, " ").trim();

// Run alone: `npx tsx scripts/eval/typed-text.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  useWasmFromDisk();
  for (const row of await typedTextRows()) console.log(row.join(" | "));
}
