// Formulas against LaTeX sources: every pdflatex file with its .tex, the corpus's (no
// mathematics in them: any formula found there is a false one) and our fixtures (displays
// and inline formulas). A formula of the source counts as found when one of ours reads the
// same after normalising what LaTeX leaves open (spaces, braces around one token, synonyms
// such as \le and \leq or \to and \rightarrow, equation numbers); each of ours is matched once.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";

export interface FormulaScore {
  displays: { source: number; found: number; ours: number };
  inline: { source: number; found: number; ours: number };
}

/** The pdflatex PDFs with their sources: the corpus's py-pdf samples and test/fixtures/pdf. */
export function formulaSources(corpus: string, fixtures: string): { pdf: string; tex: string }[] {
  const samples = join(corpus, "born-digital/py-pdf-sample-files");
  const pairs = readdirSync(samples).flatMap((dir) =>
    readdirSync(join(samples, dir))
      .filter((f) => f.endsWith(".tex"))
      .map((f) => ({ pdf: join(samples, dir, f.replace(/\.tex$/, ".pdf")), tex: join(samples, dir, f) })),
  );
  const own = readdirSync(fixtures).filter((f) => f.endsWith(".tex")).map((f) => ({ pdf: join(fixtures, f.replace(/\.tex$/, ".pdf")), tex: join(fixtures, f) }));
  return [...pairs, ...own].filter((p) => existsSync(p.pdf));
}

/** Displays (equation, \[ \], $$ $$) and inline formulas ($ $) of a LaTeX source, comments and verbatim text left out. */
export function sourceFormulas(tex: string): { displays: string[]; inline: string[] } {
  const body = tex.replace(/(^|[^\\])%.*$/gm, "$1").replace(/\\begin\{verbatim\}[\s\S]*?\\end\{verbatim\}/g, "");
  const displays: string[] = [];
  const rest = body.replace(/\\begin\{(equation|displaymath|align|gather)\*?\}([\s\S]*?)\\end\{\1\*?\}|\\\[([\s\S]*?)\\\]|\$\$([\s\S]*?)\$\$/g, (_, _env, a, b, c) => {
    displays.push(a ?? b ?? c);
    return " ";
  });
  const inline = [...rest.matchAll(/(?<!\\)\$([^$]+?)(?<!\\)\$/g)].map((m) => m[1]);
  return { displays, inline };
}

/** Commands LaTeX treats as the same symbol. */
const SYNONYMS: [RegExp, string][] = [
  [/\\leq(?![A-Za-z])/g, "\\le"],
  [/\\geq(?![A-Za-z])/g, "\\ge"],
  [/\\neq(?![A-Za-z])/g, "\\ne"],
  [/\\rightarrow(?![A-Za-z])/g, "\\to"],
  [/\\mid(?![A-Za-z])/g, "|"],
  [/\\colon(?![A-Za-z])/g, ":"],
  [/\\ldots(?![A-Za-z])|\.\.\./g, "\\dots"],
  [/\\lVert|\\rVert|\\Vert/g, "\\|"],
  // An upright name is set alike as text, roman or an operator's name.
  [/\\(?:text|operatorname)\{\s*([A-Za-z]+)\s*\}/g, "\\mathrm{$1}"],
];

export function normaliseLatex(latex: string): string {
  let out = latex;
  for (const [from, to] of SYNONYMS) out = out.replace(from, to);
  return out
    .replace(/\\tag\{[^}]*\}/g, "")
    // A display of rows is written as its rows (align* in a source, aligned inside $$ in ours).
    .replace(/\\(begin|end)\{(aligned|gathered)\}/g, "")
    .replace(/\\(left|right|[,;!]|quad|qquad)(?![A-Za-z])/g, "")
    .replace(/\s+/g, "")
    .replace(/\{(\\?[^{}\\]|\\[A-Za-z]+)\}/g, "$1");
}

function matched(source: string[], ours: string[]): number {
  const left = ours.map(normaliseLatex);
  let found = 0;
  for (const s of source.map(normaliseLatex)) {
    const at = left.indexOf(s);
    if (at < 0) continue;
    left.splice(at, 1);
    found++;
  }
  return found;
}

export async function scoreFormulas(corpus: string, fixtures: string): Promise<FormulaScore> {
  const score: FormulaScore = { displays: { source: 0, found: 0, ours: 0 }, inline: { source: 0, found: 0, ours: 0 } };
  for (const { pdf, tex } of formulaSources(corpus, fixtures)) {
    const source = sourceFormulas(readFileSync(tex, "utf8"));
    const doc = await parseDocument(new Uint8Array(readFileSync(pdf)), pdf, { features: DEFAULT_FEATURES });
    const blocks = doc.pages.flatMap((p) => p.blocks);
    const displays = blocks.filter((b) => b.type === "formula" && b.formula).map((b) => b.formula!.latex);
    const inline = blocks.flatMap((b) => (b.inlineMath ?? []).map((m) => m.latex));
    score.displays.source += source.displays.length;
    score.displays.ours += displays.length;
    score.displays.found += matched(source.displays, displays);
    score.inline.source += source.inline.length;
    score.inline.ours += inline.length;
    score.inline.found += matched(source.inline, inline);
  }
  return score;
}

export const formulaSummary = ({ source, found, ours }: FormulaScore["displays"]) =>
  `${found} of ${source} exact (${source ? ((100 * found) / source).toFixed(1) : "-"}%); ${ours} found, ${ours - found} not in the sources`;
