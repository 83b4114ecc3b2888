// LaTeX to presentation MathML, from the tree latex/parse.ts reads. Our own small renderer
// rather than a TeX engine: the formulas come from two known writers (Word's equations and
// the PDF formula reader), and a complete engine (temml, 480 kB) cost more than it gave.
// The LaTeX travels along as the annotation, so a reader with TeX can use it.
import { parseLatex, ACCENT_CHARACTERS, type MathNode } from "../latex/parse";

export function latexToMathMl(latex: string, display: boolean): string {
  const tree = parseLatex(latex);
  const tags: string[] = [];
  const body = node(tree, tags);
  const numbered = tags.length ? `<mtable><mlabeledtr><mtd><mtext>(${escapeXml(tags[0])})</mtext></mtd><mtd>${body}</mtd></mlabeledtr></mtable>` : body;
  const row = numbered.startsWith("<mrow>") ? numbered : `<mrow>${numbered}</mrow>`;
  return `<math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ""}><semantics>${row}<annotation encoding="application/x-tex">${escapeXml(latex)}</annotation></semantics></math>`;
}

function node(n: MathNode, tags: string[]): string {
  switch (n.kind) {
    case "row": return n.items.length === 1 ? node(n.items[0], tags) : `<mrow>${n.items.map((i) => node(i, tags)).join("")}</mrow>`;
    case "ident": return n.upright || n.text.length > 1 ? `<mi mathvariant="normal">${escapeXml(n.text)}</mi>` : `<mi>${escapeXml(n.text)}</mi>`;
    case "number": return `<mn>${n.text}</mn>`;
    case "op": return n.text === "\\\\" || n.text === "&" ? "" : `<mo${n.big ? ' largeop="true" movablelimits="true"' : ""}>${escapeXml(n.text)}</mo>`;
    case "text": return `<mtext>${escapeXml(n.text)}</mtext>`;
    case "frac": return `<mfrac${n.line ? "" : ' linethickness="0"'}>${node(n.num, tags)}${node(n.den, tags)}</mfrac>`;
    case "root": return n.index ? `<mroot>${node(n.body, tags)}${node(n.index, tags)}</mroot>` : `<msqrt>${node(n.body, tags)}</msqrt>`;
    case "scripts": {
      const big = n.base.kind === "op" && n.base.big;
      const base = node(n.base, tags);
      if (n.sub && n.sup) return `<${big ? "munderover" : "msubsup"}>${base}${node(n.sub, tags)}${node(n.sup, tags)}</${big ? "munderover" : "msubsup"}>`;
      if (n.sub) return `<${big ? "munder" : "msub"}>${base}${node(n.sub, tags)}</${big ? "munder" : "msub"}>`;
      return `<${big ? "mover" : "msup"}>${base}${node(n.sup!, tags)}</${big ? "mover" : "msup"}>`;
    }
    case "accent": {
      const mark = `<mo stretchy="${/wide|over|under/.test(n.name) ? "true" : "false"}">${escapeXml(ACCENT_CHARACTERS[n.name])}</mo>`;
      return /^under/.test(n.name) ? `<munder accentunder="true">${node(n.body, tags)}${mark}</munder>` : `<mover accent="true">${node(n.body, tags)}${mark}</mover>`;
    }
    case "style": return `<mstyle mathvariant="${n.variant}">${node(n.body, tags)}</mstyle>`;
    case "fenced": return `<mrow>${fence(n.open)}${node(n.body, tags)}${fence(n.close)}</mrow>`;
    case "table": {
      const rows = n.rows.map((r) => `<mtr>${r.map((c) => `<mtd>${node(c, tags)}</mtd>`).join("")}</mtr>`).join("");
      return `<mrow>${fence(n.open)}<mtable>${rows}</mtable>${fence(n.close)}</mrow>`;
    }
    case "tag":
      tags.push(n.text);
      return "";
  }
}

const fence = (d: string) => (d ? `<mo fence="true">${escapeXml(d)}</mo>` : "");

export const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
