// LaTeX to AsciiMath (asciimath.org's notation), from the tree latex/parse.ts reads. No npm
// package goes this way. Greek letters and function names are spelled the same in both;
// symbols become AsciiMath's names; several tokens under a script, a fraction or a
// function are bracketed so they stay together.
import { parseLatex, type MathNode } from "../latex/parse";

/** Characters AsciiMath writes with a name of its own. */
const ASCII_OF: Record<string, string> = {
  "⋅": "*", "·": "*", "×": "xx", "÷": "-:", "±": "+-", "∓": "-+", "∗": "**", "⋆": "***", "∘": "@", "•": "*",
  "≤": "<=", "≥": ">=", "≠": "!=", "≈": "~~", "≡": "-=", "∼": "~", "≃": "~=", "≅": "~=", "∝": "prop", "≪": "<<", "≫": ">>",
  "∈": "in", "∉": "!in", "∋": "ni", "⊂": "sub", "⊃": "sup", "⊆": "sube", "⊇": "supe", "∪": "uu", "∩": "nn", "⋃": "uuu", "⋂": "nnn",
  "∅": "O/", "∞": "oo", "∂": "del", "∇": "grad", "∀": "AA", "∃": "EE", "¬": "neg", "∧": "^^", "∨": "vv", "⋀": "^^^", "⋁": "vvv",
  "→": "->", "←": "larr", "⇒": "=>", "⇐": "lArr", "↔": "harr", "⇔": "<=>", "↦": "|->",
  "∑": "sum", "∏": "prod", "∫": "int", "∬": "iint", "∭": "iiint", "∮": "oint", "…": "...", "⋯": "cdots", "⋮": "vdots", "⋱": "ddots",
  "⟨": "(:", "⟩": ":)", "⌊": "|__", "⌋": "__|", "⌈": "|~", "⌉": "~|", "‖": "||", "∣": "|", "′": "'",
  "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ϵ": "epsilon", "ζ": "zeta", "η": "eta", "θ": "theta", "ϑ": "vartheta",
  "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "ς": "sigma", "τ": "tau",
  "υ": "upsilon", "φ": "phi", "ϕ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda",
  "Ξ": "Xi", "Π": "Pi", "Σ": "Sigma", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega", "ℓ": "l", "ℏ": "h", "ℵ": "aleph",
};
const ACCENT_FUNCTIONS: Record<string, string> = { hat: "hat", widehat: "hat", bar: "bar", overline: "bar", underline: "ul", vec: "vec", dot: "dot", ddot: "ddot", tilde: "tilde", widetilde: "tilde", overbrace: "obrace", underbrace: "ubrace" };
const STYLE_FUNCTIONS: Record<string, string> = { bold: "bb", "bold-italic": "bb", "double-struck": "bbb", script: "cc", fraktur: "fr", "sans-serif": "sf", monospace: "tt" };

export function latexToAsciiMath(latex: string): string {
  return tidy(ascii(parseLatex(latex)));
}

function ascii(n: MathNode): string {
  switch (n.kind) {
    case "row": return n.items.map(ascii).filter(Boolean).join(" ");
    case "ident": return ASCII_OF[n.text] ?? n.text;
    case "number": return n.text;
    case "op": return n.text === "&" ? "," : n.text === "\\\\" ? ";" : (ASCII_OF[n.text] ?? n.text);
    case "text": return `"${n.text}"`;
    case "frac": return n.line ? `${group(n.num)}/${group(n.den)}` : `((${ascii(n.num)}),(${ascii(n.den)}))`;
    case "root": return n.index ? `root(${ascii(n.index)})(${ascii(n.body)})` : `sqrt(${ascii(n.body)})`;
    case "scripts": return `${ascii(n.base)}${n.sub ? `_${group(n.sub)}` : ""}${n.sup ? `^${group(n.sup)}` : ""}`;
    case "accent": return `${ACCENT_FUNCTIONS[n.name] ?? n.name}(${ascii(n.body)})`;
    case "style": return STYLE_FUNCTIONS[n.variant] ? `${STYLE_FUNCTIONS[n.variant]}(${ascii(n.body)})` : ascii(n.body);
    case "fenced": return `${ASCII_OF[n.open] ?? n.open}${ascii(n.body)}${ASCII_OF[n.close] ?? n.close}`;
    case "table": {
      const rows = n.rows.map((r) => `(${r.map(ascii).join(",")})`).join(",");
      if (!n.open && !n.close) return n.rows.map((r) => r.map(ascii).join(" ")).join("; ");
      return `${ASCII_OF[n.open] ?? n.open}${rows}${n.close ? (ASCII_OF[n.close] ?? n.close) : ":}"}`;
    }
    case "tag": return `quad (${n.text})`;
  }
}

/** One letter or one number stands alone under a script or a fraction; "nx" must not (AsciiMath would divide only the x). */
function group(n: MathNode): string {
  const text = ascii(n).trim();
  if (!text) return "{}";
  const single = n.kind === "number" || (n.kind === "ident" && !n.upright && text.length === 1) || (n.kind === "ident" && n.text in ASCII_OF);
  return single ? text : `(${text})`;
}

/** Spaces only where they separate names: "x ^2" -> "x^2". */
function tidy(s: string): string {
  return s.replace(/\s+([\^_/])/g, "$1").replace(/([\^_/])\s+/g, "$1").replace(/\s{2,}/g, " ").trim();
}
