// Mathematical symbols and their LaTeX commands: one table for every place that turns
// glyphs into LaTeX (Word's equations, the PDF formula reader) or LaTeX back into
// characters (the MathML renderer).

/** A character and the LaTeX command that writes it. */
export const LATEX_OF: Record<string, string> = {
  "α": "\\alpha", "β": "\\beta", "γ": "\\gamma", "δ": "\\delta", "ε": "\\varepsilon", "ϵ": "\\epsilon", "ζ": "\\zeta", "η": "\\eta", "θ": "\\theta", "ϑ": "\\vartheta",
  "ι": "\\iota", "κ": "\\kappa", "λ": "\\lambda", "μ": "\\mu", "ν": "\\nu", "ξ": "\\xi", "π": "\\pi", "ϖ": "\\varpi", "ρ": "\\rho", "ϱ": "\\varrho", "σ": "\\sigma",
  "ς": "\\varsigma", "τ": "\\tau", "υ": "\\upsilon", "φ": "\\varphi", "ϕ": "\\phi", "χ": "\\chi", "ψ": "\\psi", "ω": "\\omega",
  "Γ": "\\Gamma", "Δ": "\\Delta", "Θ": "\\Theta", "Λ": "\\Lambda", "Ξ": "\\Xi", "Π": "\\Pi", "Σ": "\\Sigma", "Υ": "\\Upsilon", "Φ": "\\Phi", "Ψ": "\\Psi", "Ω": "\\Omega",
  "∑": "\\sum", "∏": "\\prod", "∐": "\\coprod", "∫": "\\int", "∬": "\\iint", "∭": "\\iiint", "∮": "\\oint", "∞": "\\infty", "∂": "\\partial", "∇": "\\nabla",
  "⋃": "\\bigcup", "⋂": "\\bigcap", "⋀": "\\bigwedge", "⋁": "\\bigvee", "⨁": "\\bigoplus", "⨂": "\\bigotimes", "⨀": "\\bigodot",
  "≤": "\\leq", "≥": "\\geq", "≠": "\\neq", "≈": "\\approx", "≡": "\\equiv", "∼": "\\sim", "≃": "\\simeq", "≅": "\\cong", "∝": "\\propto", "≪": "\\ll", "≫": "\\gg",
  "±": "\\pm", "∓": "\\mp", "×": "\\times", "÷": "\\div", "·": "\\cdot", "⋅": "\\cdot", "∘": "\\circ", "•": "\\bullet", "⊕": "\\oplus", "⊗": "\\otimes",
  "→": "\\rightarrow", "←": "\\leftarrow", "⇒": "\\Rightarrow", "⇐": "\\Leftarrow", "⇔": "\\Leftrightarrow", "↔": "\\leftrightarrow", "↦": "\\mapsto",
  "∈": "\\in", "∉": "\\notin", "∋": "\\ni", "⊂": "\\subset", "⊃": "\\supset", "⊆": "\\subseteq", "⊇": "\\supseteq", "∪": "\\cup", "∩": "\\cap",
  "∀": "\\forall", "∃": "\\exists", "¬": "\\neg", "∧": "\\wedge", "∨": "\\vee", "∅": "\\emptyset",
  "⟨": "\\langle", "⟩": "\\rangle", "⌊": "\\lfloor", "⌋": "\\rfloor", "⌈": "\\lceil", "⌉": "\\rceil", "‖": "\\|",
  "†": "\\dagger", "‡": "\\ddagger", "⊤": "\\top", "⊥": "\\perp", "⊢": "\\vdash", "⊨": "\\models", "∖": "\\setminus", "∣": "\\mid", "⋆": "\\star", "⋄": "\\diamond",
  "≺": "\\prec", "≻": "\\succ", "⪯": "\\preceq", "⪰": "\\succeq", "⊊": "\\subsetneq", "⊑": "\\sqsubseteq", "⊔": "\\sqcup", "⊓": "\\sqcap", "⊎": "\\uplus", "⊙": "\\odot", "⊖": "\\ominus",
  "↑": "\\uparrow", "↓": "\\downarrow", "⟶": "\\longrightarrow", "⟵": "\\longleftarrow", "⟹": "\\Longrightarrow", "⟼": "\\longmapsto", "↪": "\\hookrightarrow", "⇀": "\\rightharpoonup",
  "∠": "\\angle", "△": "\\triangle", "ℜ": "\\Re", "ℑ": "\\Im", "℘": "\\wp", "ð": "\\eth", "ı": "\\imath", "ȷ": "\\jmath",
  "…": "\\ldots", "⋯": "\\cdots", "⋮": "\\vdots", "⋱": "\\ddots", "ℓ": "\\ell", "ℏ": "\\hbar", "ℵ": "\\aleph", "′": "\\prime",
};

/** LaTeX command names (without the backslash) and the characters they write. */
export const CHARACTER_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(LATEX_OF).map(([ch, cmd]) => [cmd.slice(1), ch])),
  // Other spellings of the same symbols.
  le: "≤", ge: "≥", ne: "≠", to: "→", gets: "←", implies: "⇒", iff: "⇔", lnot: "¬", land: "∧", lor: "∨", varnothing: "∅", dots: "…",
  cdot: "⋅", ast: "∗", star: "⋆", lbrace: "{", rbrace: "}", vert: "|", mid: "∣", Vert: "‖", infin: "∞", degree: "°", prime: "′",
};

/** Functions set upright by name (\sin x). */
export const FUNCTION_NAMES = new Set(["sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "arcsin", "arccos", "arctan", "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "dim", "ker", "arg", "deg", "gcd", "hom", "Pr", "mod"]);

/** Functions TeX sets with limits under them in display (\lim_{x\to0}, \max_{j}), as it does big operators'. */
export const LIMIT_FUNCTIONS = new Set(["lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "Pr"]);

/** Big operators, whose limits sit over and under them in display. */
export const BIG_OPERATORS = new Set(["sum", "prod", "coprod", "int", "iint", "iiint", "oint", "bigcup", "bigcap", "bigwedge", "bigvee", "bigoplus", "bigotimes", "bigodot"]);

/** Letters: Greek and letter-like symbols are identifiers, everything else in the table an operator. */
export const isLetterSymbol = (ch: string) => /[\u0370-\u03ff\u2113\u210f\u2135\u221e\u2202\u2207\u2205]/.test(ch);
