// Text similarity against the true text of documents whose source we have: LaTeX and
// HTML sources, ODF sources (content.xml), and pdfplumber's layout text. Score: word-level
// LCS precision/recall/F1 (order matters; line breaks, hyphenation and Markdown do not).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";

/** PDFs with a source that holds their whole text (filler-generating LaTeX is left out). */
export const TEXT_SOURCES: { pdf: string; source: string }[] = [
  { pdf: "born-digital/py-pdf-sample-files/001-trivial/minimal-document.pdf", source: "born-digital/py-pdf-sample-files/001-trivial/minimal-document.tex" },
  { pdf: "born-digital/py-pdf-sample-files/002-trivial-libre-office-writer/002-trivial-libre-office-writer.pdf", source: "born-digital/py-pdf-sample-files/002-trivial-libre-office-writer/source.odt" },
  { pdf: "born-digital/py-pdf-sample-files/003-pdflatex-image/pdflatex-image.pdf", source: "born-digital/py-pdf-sample-files/003-pdflatex-image/pdflatex-image.tex" },
  { pdf: "born-digital/py-pdf-sample-files/012-libreoffice-form/libreoffice-form.pdf", source: "born-digital/py-pdf-sample-files/012-libreoffice-form/libreoffice-form.odt" },
  { pdf: "born-digital/py-pdf-sample-files/015-arabic/habibi.pdf", source: "born-digital/py-pdf-sample-files/015-arabic/habibi.html" },
  { pdf: "born-digital/pdfplumber/scotus-transcript-p1.pdf", source: "born-digital/pdfplumber/scotus-transcript-p1.txt" },
];

export function sourceText(corpus: string, source: string): string {
  const path = join(corpus, source);
  if (source.endsWith(".odt")) {
    const xml = strFromU8(unzipSync(new Uint8Array(readFileSync(path)), { filter: (f) => f.name === "content.xml" })["content.xml"]);
    return xml.replace(/<text:(p|h)\b[^>]*>/g, "\n").replace(/<[^>]+>/g, " ");
  }
  const text = readFileSync(path, "utf8");
  if (source.endsWith(".html")) return text.replace(/<head>[\s\S]*<\/head>/i, "").replace(/<[^>]+>/g, " ");
  if (source.endsWith(".tex")) {
    const body = text.replace(/%.*$/gm, "").split("\\begin{document}")[1]?.split("\\end{document}")[0] ?? text;
    return body.replace(/\\(begin|end|includegraphics|label|ref|usepackage)(\[[^\]]*\])?\{[^}]*\}/g, " ").replace(/\\[a-zA-Z]+\*?/g, " ").replace(/[{}]/g, " ");
  }
  return text;
}

/** Words, lower-cased, without punctuation or Markdown syntax. */
export function words(text: string): string[] {
  return text.normalize("NFC").toLowerCase().replace(/-\n/g, "").match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface TextScore {
  lcs: number;
  predicted: number;
  expected: number;
}

export function scoreText(expected: string[], predicted: string[]): TextScore {
  // LCS over words, two rows of memory.
  let prev = new Uint32Array(predicted.length + 1);
  let cur = new Uint32Array(predicted.length + 1);
  for (let i = 1; i <= expected.length; i++) {
    for (let j = 1; j <= predicted.length; j++) {
      cur[j] = expected[i - 1] === predicted[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return { lcs: prev[predicted.length], predicted: predicted.length, expected: expected.length };
}

export function sumText(scores: TextScore[]): string {
  const t = scores.reduce((a, s) => ({ lcs: a.lcs + s.lcs, predicted: a.predicted + s.predicted, expected: a.expected + s.expected }));
  const p = t.predicted ? t.lcs / t.predicted : 0;
  const r = t.expected ? t.lcs / t.expected : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  return `P ${(100 * p).toFixed(1)}% R ${(100 * r).toFixed(1)}% F1 ${(100 * f1).toFixed(1)}% (${t.expected} source words)`;
}
