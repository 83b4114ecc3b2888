// The TEDS table score of `npm run eval` (scripts/eval/teds.ts) and its LaTeX tabular reader
// (scripts/eval/latex-tabular.ts): the tree edit distance on small tables, and a booktabs
// tabular with spans read as HTML-style rows.
import { describe, expect, it } from "vitest";
import { pairTables, teds, type SpanCell } from "../../scripts/eval/teds";
import { latexText, tabularRows } from "../../scripts/eval/latex-tabular";

const cell = (text: string, colSpan = 1, rowSpan = 1): SpanCell => ({ text, colSpan, rowSpan });
const grid = (rows: string[][]) => rows.map((r) => r.map((t) => cell(t)));

const base = grid([
  ["Model", "Acc", "F1"],
  ["A", "90.1", "88.0"],
  ["B", "91.5", "89.2"],
]);

describe("TEDS", () => {
  it("scores identical tables 1, whitespace aside", () => {
    expect(teds(base, base)).toBe(1);
    expect(teds(base, base, true)).toBe(1);
    expect(teds(grid([["Model ", "Acc", "F1"], ["A", " 90.1", "88.0"], ["B", "91.5", "89.2"]]), base)).toBe(1);
  });

  it("lowers TEDS but not TEDS-S for a changed cell text, and keeps case", () => {
    const changed = grid([["Model", "Acc", "F1"], ["A", "90.7", "88.0"], ["B", "91.5", "89.2"]]);
    const score = teds(changed, base);
    expect(score).toBeGreaterThan(0.9);
    expect(score).toBeLessThan(1);
    expect(teds(changed, base, true)).toBe(1);
    expect(teds(grid([["model", "Acc", "F1"], ["A", "90.1", "88.0"], ["B", "91.5", "89.2"]]), base)).toBeLessThan(1);
  });

  it("lowers TEDS-S for a different column span", () => {
    const spanned = [[cell("Model"), cell("Scores", 2)], ...base.slice(1)];
    const split = [[cell("Model"), cell("Scores"), cell("")], ...base.slice(1)];
    expect(teds(split, spanned, true)).toBeLessThan(1);
    expect(teds(split, spanned, true)).toBeGreaterThan(0.5);
  });

  it("pairs tables greedily by score and gives an unpaired truth table 0", () => {
    const other = grid([["x", "y"]]);
    const scores = pairTables([other, base], [base, base]);
    expect(scores[0]).toEqual({ teds: 1, tedsS: 1, paired: true });
    expect(scores[1].paired).toBe(true);
    expect(pairTables([], [base])).toEqual([{ teds: 0, tedsS: 0, paired: false }]);
  });
});

describe("LaTeX tabular", () => {
  it("reads spans, drops rules and the cells under a \\multirow, and unwraps text commands", () => {
    const latex = String.raw`\begin{tabular}{@{}llcc@{}}
\toprule
\multirow{2}{*}{\textbf{Method}} & \multirow{2}{*}{Data} & \multicolumn{2}{c}{\textit{Scores} (\%)} \\
\cmidrule(lr){3-4}
 & & Acc $\uparrow$ & F1 \\
\midrule
% a comment & with & cells \\
Ours~(full) & 10\,k & \textbf{91.5}$\pm$0.2 & \underline{89.2} \\
Base & 5--10 & $\gamma^{2}$ & \emph{80.0} \\
\bottomrule
\end{tabular}`;
    expect(tabularRows(latex)).toEqual([
      [cell("Method", 1, 2), cell("Data", 1, 2), cell("Scores (%)", 2)],
      [cell("Acc ↑"), cell("F1")],
      [cell("Ours (full)"), cell("10 k"), cell("91.5±0.2"), cell("89.2")],
      [cell("Base"), cell("5–10"), cell("γ2"), cell("80.0")],
    ]);
  });

  it("fills short rows and moves a negative \\multirow to its top row", () => {
    expect(tabularRows(String.raw`\begin{tabular}{ccc} a & b & c \\ d \\ \hline \end{tabular}`)).toEqual([
      [cell("a"), cell("b"), cell("c")],
      [cell("d"), cell(""), cell("")],
    ]);
    expect(tabularRows(String.raw`\begin{tabular}{cc} x & \\ y & \multirow{-2}{*}{z} \\ \end{tabular}`)).toEqual([
      [cell("x"), cell("z", 1, 2)],
      [cell("y")],
    ]);
  });

  it("turns cell LaTeX into the text the PDF shows", () => {
    expect(latexText(String.raw`\makecell[c]{Data \\ Size}`).replace(/\s+/g, " ").trim()).toBe("Data Size");
    expect(latexText(String.raw`$10.10^{\ast\ast}$ \& $-3 \times 2$`)).toBe("10.10∗∗ & −3 × 2");
    expect(latexText(String.raw`\textcolor{gray}{YOLO} \verb"\dotplus"`)).toBe("YOLO \\dotplus");
  });
});
