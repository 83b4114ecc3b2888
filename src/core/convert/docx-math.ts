// Formulas as editable Word equations (OMML through docx's Math components), built from the
// same reading of the LaTeX the MathML renderer uses (latex/parse.ts): runs of letters,
// numbers and operators, fractions, roots, scripts, sums and integrals with their limits,
// fences, matrices, cases and aligned rows. What Word's components cannot say (accents,
// styles) is written as a plain run of its text, so the equation still reads.
import {
  Math as WordMath, MathAngledBrackets, MathCurlyBrackets, MathFraction, MathIntegral, MathRadical, MathRoundBrackets, MathRun,
  MathSquareBrackets, MathSubScript, MathSubSuperScript, MathSum, MathSuperScript, type MathComponent,
} from "docx";
import { MathCases, MathEquationArray, MathMatrix, type MathMatrixBrackets } from "docx/math";
import { parseLatex, ACCENT_CHARACTERS, type MathNode } from "../latex/parse";

export function wordEquation(latex: string): WordMath {
  return new WordMath({ children: row([parseLatex(latex)]) });
}

/** A row of nodes; a sum or an integral takes the item after it as its body. */
function row(nodes: MathNode[]): MathComponent[] {
  const items = nodes.flatMap((n) => (n.kind === "row" ? n.items : [n]));
  const out: MathComponent[] = [];
  for (let i = 0; i < items.length; i++) {
    const n = items[i];
    const op = bigOperator(n);
    if (op && i + 1 < items.length) {
      const limits = n.kind === "scripts" ? { ...(n.sub ? { subScript: one(n.sub) } : {}), ...(n.sup ? { superScript: one(n.sup) } : {}) } : {};
      // The body runs to the next relation ("\sum_k (2k-1) = n^2": the sum of (2k-1)).
      const bodyItems: MathNode[] = [];
      while (i + 1 < items.length && !isRelation(items[i + 1])) bodyItems.push(items[++i]);
      const body = row(bodyItems);
      if (op === "∫") out.push(new MathIntegral({ children: body, ...limits }));
      else if (op === "∑") out.push(new MathSum({ children: body, ...limits }));
      // Word's components know sums and integrals; other big operators keep their limits as scripts.
      else out.push(new MathSubSuperScript({ children: [new MathRun(op)], subScript: limits.subScript ?? [], superScript: limits.superScript ?? [] }), ...body);
      continue;
    }
    out.push(...one(n));
  }
  return out;
}

function one(n: MathNode): MathComponent[] {
  switch (n.kind) {
    case "row": return row(n.items);
    case "ident":
    case "number":
    case "op": return n.kind === "op" && (n.text === "&" || n.text === "\\\\") ? [] : [new MathRun(n.text)];
    case "text": return [new MathRun(n.text)];
    case "frac": return [new MathFraction({ numerator: one(n.num), denominator: one(n.den), ...(n.line ? {} : { type: "noBar" as const }) })];
    case "root": return [new MathRadical({ children: one(n.body), ...(n.index ? { degree: one(n.index) } : {}) })];
    case "scripts": {
      const base = one(n.base);
      if (n.sub && n.sup) return [new MathSubSuperScript({ children: base, subScript: one(n.sub), superScript: one(n.sup) })];
      if (n.sub) return [new MathSubScript({ children: base, subScript: one(n.sub) })];
      return [new MathSuperScript({ children: base, superScript: one(n.sup!) })];
    }
    case "accent": return [...one(n.body), new MathRun(ACCENT_CHARACTERS[n.name] ?? "")];
    case "style": return one(n.body);
    case "fenced": return fenced(n.open, n.close, one(n.body));
    case "table": return table(n);
    case "tag": return [new MathRun(` (${n.text})`)];
  }
}

const MATRIX_BRACKETS: Record<string, MathMatrixBrackets> = { "(": "round", "[": "square", "{": "curly", "|": "verticalBars", "‖": "doubleVerticalBars", "⟨": "angled" };

/**
 * A table of rows as Word lays such out: a brace opening it alone is a definition by cases,
 * no fences an aligned derivation (its cells' boundaries line up, as LaTeX's & do), any
 * other fences a matrix in its brackets.
 */
function table(n: Extract<MathNode, { kind: "table" }>): MathComponent[] {
  if (n.open === "{" && !n.close) return [new MathCases({ cases: n.rows.map(([value, ...condition]) => ({ value: value ? one(value) : [], condition: condition.flatMap(one) })) })];
  if (!n.open && !n.close) return [new MathEquationArray({ rows: n.rows.map((r) => ({ parts: r.map(one) })) })];
  return [new MathMatrix({ brackets: MATRIX_BRACKETS[n.open] ?? "none", rows: n.rows.map((r) => r.map(one)) })];
}

function fenced(open: string, close: string, children: MathComponent[]): MathComponent[] {
  if (open === "(" && close === ")") return [new MathRoundBrackets({ children })];
  if (open === "[" && close === "]") return [new MathSquareBrackets({ children })];
  if (open === "{" && close === "}") return [new MathCurlyBrackets({ children })];
  if (open === "⟨" && close === "⟩") return [new MathAngledBrackets({ children })];
  // Other or unpaired fences ("|x|", a case's lone brace) as the characters themselves.
  return [...(open ? [new MathRun(open)] : []), ...children, ...(close ? [new MathRun(close)] : [])];
}

const RELATIONS = new Set(["=", "<", ">", "≤", "≥", "≠", "≈", "≡", "∼", "≃", "≅", "∝", "∈", "⊂", "⊆", "→", "⇒", "⇔"]);
const isRelation = (n: MathNode) => n.kind === "op" && RELATIONS.has(n.text);

/** The character of a big operator a node is (with or without its limits). */
function bigOperator(n: MathNode): string | undefined {
  const base = n.kind === "scripts" ? n.base : n;
  return base.kind === "op" && base.big ? base.text : undefined;
}
