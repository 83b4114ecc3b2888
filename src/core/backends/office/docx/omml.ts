// Office Math (OMML, m:oMath) to LaTeX: the structures Word's equation editor writes
// (fractions, scripts, radicals, n-ary operators, delimiters, matrices, accents, functions)
// and the common symbols. Anything unknown keeps its text, so nothing silently vanishes.
import { attr, kid, kids, type XmlElement } from "../xml";
import { FUNCTION_NAMES, LATEX_OF } from "../../../latex/symbols";

/** Word's characters as LaTeX: the shared table, with Word's own habits (ε and φ as written, √ and ° as they are set). */
const SYMBOLS: Record<string, string> = { ...LATEX_OF, "ε": "\\epsilon", "φ": "\\phi", "·": "\\cdot", "√": "\\sqrt{}", "°": "^{\\circ}" };

const NARY: Record<string, string> = {
  "∑": "\\sum", "∏": "\\prod", "∐": "\\coprod", "∫": "\\int", "∬": "\\iint", "∭": "\\iiint", "∮": "\\oint", "∯": "\\oiint", "∰": "\\oiiint",
  "⋃": "\\bigcup", "⋂": "\\bigcap", "⋀": "\\bigwedge", "⋁": "\\bigvee", "⨁": "\\bigoplus", "⨂": "\\bigotimes", "⨀": "\\bigodot",
};
const ACCENTS: Record<string, string> = { "̂": "\\hat", "̃": "\\tilde", "̄": "\\bar", "⃗": "\\vec", "̇": "\\dot", "̈": "\\ddot", "̌": "\\check", "́": "\\acute", "̀": "\\grave", "̆": "\\breve" };

const val = (el: XmlElement | undefined, child: string) => attr(kid(el, child), "val");
const group = (s: string) => (s.length === 1 ? s : `{${s}}`);

function symbols(text: string): string {
  let out = "";
  for (const ch of text) {
    const sym = SYMBOLS[ch];
    out += sym ? `${sym} ` : /[{}#$%&_]/.test(ch) ? `\\${ch}` : ch;
  }
  return out.replace(/ +$/, "");
}

/** LaTeX of an m:oMath (or m:oMathPara: its equations, one per line). */
export function ommlToLatex(el: XmlElement): string {
  if (el.local === "oMathPara") return kids(el, "oMath").map(ommlToLatex).join(" \\\\ ");
  return tidy(children(el));
}

const tidy = (s: string) => s.replace(/\s+/g, " ").replace(/ ([}^_)])/g, "$1").trim();

function children(el: XmlElement | undefined): string {
  if (!el) return "";
  let out = "";
  for (const c of el.children) {
    if (typeof c === "string") continue;
    const piece = node(c);
    // Keep a command name from running into the next letters ("\pi r" not "\pir").
    out += /\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(piece) ? ` ${piece}` : piece;
  }
  return out;
}

function node(el: XmlElement): string {
  switch (el.local) {
    case "r": {
      const text = kids(el, "t").map((t) => t.children.filter((c): c is string => typeof c === "string").join("")).join("");
      const plain = val(kid(el, "rPr"), "sty") === "p" || kid(kid(el, "rPr"), "nor");
      if (FUNCTION_NAMES.has(text.trim())) return `\\${text.trim()}`;
      return plain && /^[A-Za-z]{2,}$/.test(text) ? `\\mathrm{${text}}` : symbols(text);
    }
    case "f": {
      const num = children(kid(el, "num"));
      const den = children(kid(el, "den"));
      const type = val(kid(el, "fPr"), "type");
      if (type === "lin") return `${group(num)}/${group(den)}`;
      if (type === "noBar") return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
      return `\\frac{${num}}{${den}}`;
    }
    case "sSup":
      return `${group(children(kid(el, "e")))}^{${children(kid(el, "sup"))}}`;
    case "sSub":
      return `${group(children(kid(el, "e")))}_{${children(kid(el, "sub"))}}`;
    case "sSubSup":
      return `${group(children(kid(el, "e")))}_{${children(kid(el, "sub"))}}^{${children(kid(el, "sup"))}}`;
    case "sPre":
      return `{}_{${children(kid(el, "sub"))}}^{${children(kid(el, "sup"))}}${group(children(kid(el, "e")))}`;
    case "rad": {
      const deg = children(kid(el, "deg"));
      return deg ? `\\sqrt[${deg}]{${children(kid(el, "e"))}}` : `\\sqrt{${children(kid(el, "e"))}}`;
    }
    case "nary": {
      const pr = kid(el, "naryPr");
      const chr = val(pr, "chr") ?? "∫";
      const op = NARY[chr] ?? symbols(chr);
      const sub = val(pr, "subHide") === "1" ? "" : children(kid(el, "sub"));
      const sup = val(pr, "supHide") === "1" ? "" : children(kid(el, "sup"));
      return `${op}${sub ? `_{${sub}}` : ""}${sup ? `^{${sup}}` : ""} ${children(kid(el, "e"))}`;
    }
    case "d": {
      const pr = kid(el, "dPr");
      const beg = val(pr, "begChr") ?? "(";
      const end = val(pr, "endChr") ?? ")";
      const sep = val(pr, "sepChr") ?? ",";
      const inner = kids(el, "e").map(children).join(sep === "|" ? " \\mid " : sep);
      return `\\left${delimiter(beg)} ${inner} \\right${delimiter(end)}`;
    }
    case "func": {
      // Known names are commands (\\sin); any other function name is set upright as an operator.
      const name = children(kid(el, "fName"));
      const fn = /^[A-Za-z]{2,}$/.test(name) ? `\\operatorname{${name}}` : name;
      return `${fn} ${children(kid(el, "e"))}`;
    }
    case "limLow":
      return `${children(kid(el, "e"))}_{${children(kid(el, "lim"))}}`;
    case "limUpp":
      return `${children(kid(el, "e"))}^{${children(kid(el, "lim"))}}`;
    case "acc": {
      const chr = val(kid(el, "accPr"), "chr") ?? "̂";
      return `${ACCENTS[chr] ?? "\\hat"}{${children(kid(el, "e"))}}`;
    }
    case "bar":
      return val(kid(el, "barPr"), "pos") === "bot" ? `\\underline{${children(kid(el, "e"))}}` : `\\overline{${children(kid(el, "e"))}}`;
    case "groupChr": {
      const pr = kid(el, "groupChrPr");
      const chr = val(pr, "chr") ?? "⏟";
      const base = children(kid(el, "e"));
      return chr === "⏞" ? `\\overbrace{${base}}` : chr === "⏟" ? `\\underbrace{${base}}` : `\\overset{${symbols(chr)}}{${base}}`;
    }
    case "m":
      return `\\begin{matrix} ${kids(el, "mr").map((row) => kids(row, "e").map(children).join(" & ")).join(" \\\\ ")} \\end{matrix}`;
    case "eqArr":
      return `\\begin{aligned} ${kids(el, "e").map(children).join(" \\\\ ")} \\end{aligned}`;
    case "box":
    case "borderBox":
    case "phant":
    case "e":
    case "oMath":
      return children(el);
    case "rPr":
    case "ctrlPr":
    case "argPr":
      return "";
    default:
      // Property elements end in "Pr"; any other element keeps whatever text it holds.
      return el.local.endsWith("Pr") ? "" : children(el);
  }
}

function delimiter(ch: string): string {
  if (ch === "") return ".";
  if (ch === "{" || ch === "}") return `\\${ch}`;
  if (ch === "⟨") return "\\langle";
  if (ch === "⟩") return "\\rangle";
  if (ch === "‖") return "\\|";
  if (ch === "⌈") return "\\lceil";
  if (ch === "⌉") return "\\rceil";
  if (ch === "⌊") return "\\lfloor";
  if (ch === "⌋") return "\\rfloor";
  return ch;
}
