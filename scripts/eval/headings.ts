// Heading-tree agreement: the titles we find against headings the authors marked up,
// from tagged-PDF structure trees (_derived/structtree) and LaTeX sources (\chapter,
// \section, \subsection, \title). Scores: precision and recall of heading texts, and
// level agreement (between consecutive matched headings, does the tree go deeper, stay
// or come back up the same way?).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface Heading {
  text: string;
  level: number;
}

/** Documents with author headings, relative to the corpus, and where their headings come from. */
export const HEADING_SOURCES: { pdf: string; source: string }[] = [
  { pdf: "born-digital/pdfjs/structure_simple.pdf", source: "_derived/structtree/born-digital__pdfjs__structure_simple.txt" },
  { pdf: "born-digital/pdfplumber/word365_structure.pdf", source: "_derived/structtree/born-digital__pdfplumber__word365_structure.txt" },
  { pdf: "born-digital/py-pdf-sample-files/003-pdflatex-image/pdflatex-image.pdf", source: "born-digital/py-pdf-sample-files/003-pdflatex-image/pdflatex-image.tex" },
  { pdf: "born-digital/py-pdf-sample-files/006-pdflatex-outline/pdflatex-outline.pdf", source: "born-digital/py-pdf-sample-files/006-pdflatex-outline/pdflatex-outline.tex" },
  { pdf: "born-digital/py-pdf-sample-files/026-latex-multicolumn/multicolumn.pdf", source: "born-digital/py-pdf-sample-files/026-latex-multicolumn/multicolumn.tex" },
];

export function expectedHeadings(corpus: string, source: string): Heading[] {
  const text = readFileSync(join(corpus, source), "utf8");
  return source.endsWith(".tex") ? texHeadings(text) : structTreeHeadings(text);
}

function texHeadings(tex: string): Heading[] {
  const levels: Record<string, number> = { title: 1, chapter: 1, section: 2, subsection: 3, subsubsection: 4 };
  const found = [...tex.matchAll(/\\(title|chapter|section|subsection|subsubsection)\*?\{([^}]*)\}/g)].map((m) => ({ text: m[2], level: levels[m[1]] }));
  // Without \chapter or \title, sections are the top level.
  const top = Math.min(...found.map((h) => h.level));
  return found.map((h) => ({ text: h.text, level: h.level - top + 1 }));
}

function structTreeHeadings(dump: string): Heading[] {
  const lines = dump.split("\n");
  const out: Heading[] = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)H([1-6])\b/.exec(line);
    if (!m) return;
    const indent = m[1].length;
    const parts: string[] = [];
    for (let j = i + 1; j < lines.length && (lines[j].length - lines[j].trimStart().length > indent || !lines[j].trim()); j++) {
      const q = /"(.*)"/.exec(lines[j]);
      if (q) parts.push(q[1]);
    }
    out.push({ text: parts.join("").trim(), level: Number(m[2]) });
  });
  return out;
}

const norm = (s: string) => s.normalize("NFC").toLowerCase().replace(/^[\divxlc]+(\.\d+)*\.?\s+/, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();

export interface HeadingScore {
  expected: number;
  found: number;
  matched: number;
  levelAgree: number;
  levelPairs: number;
}

/** Matches headings in order by normalised text. */
export function scoreHeadings(expected: Heading[], found: Heading[]): HeadingScore {
  const pairs: [Heading, Heading][] = [];
  let from = 0;
  for (const e of expected) {
    const i = found.findIndex((f, k) => k >= from && norm(f.text) === norm(e.text));
    if (i >= 0) {
      pairs.push([e, found[i]]);
      from = i + 1;
    }
  }
  let agree = 0;
  for (let k = 1; k < pairs.length; k++) {
    const a = Math.sign(pairs[k][0].level - pairs[k - 1][0].level);
    const b = Math.sign(pairs[k][1].level - pairs[k - 1][1].level);
    if (a === b) agree++;
  }
  return { expected: expected.length, found: found.length, matched: pairs.length, levelAgree: agree, levelPairs: Math.max(0, pairs.length - 1) };
}

export function sumScores(scores: HeadingScore[]): string {
  const t = scores.reduce((a, s) => ({ expected: a.expected + s.expected, found: a.found + s.found, matched: a.matched + s.matched, levelAgree: a.levelAgree + s.levelAgree, levelPairs: a.levelPairs + s.levelPairs }));
  const p = t.found ? t.matched / t.found : 0;
  const r = t.expected ? t.matched / t.expected : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  const lv = t.levelPairs ? `${((100 * t.levelAgree) / t.levelPairs).toFixed(0)}% (${t.levelAgree}/${t.levelPairs})` : "n/a";
  return `P ${(100 * p).toFixed(1)}% R ${(100 * r).toFixed(1)}% F1 ${(100 * f1).toFixed(1)}% (${t.matched} of ${t.expected} found, ${t.found} titles); levels ${lv}`;
}
