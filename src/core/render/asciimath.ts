// LaTeX (the subset our formulas are written in: what OMML and the PDF formula reader
// produce) to AsciiMath, the notation of asciimath.org. No npm package does this
// direction, and the grammar needed is small: groups, fractions, roots, scripts, named
// symbols, text and fences. Greek letters and function names are the same in both; what
// is not known is kept as its name without the backslash, which AsciiMath shows as plain
// letters rather than failing.

/** LaTeX commands whose AsciiMath name differs (or that AsciiMath writes as an operator). */
const SYMBOLS: Record<string, string> = {
  cdot: "*", times: "xx", div: "-:", pm: "+-", mp: "-+", ast: "**", star: "***",
  leq: "<=", le: "<=", geq: ">=", ge: ">=", neq: "!=", ne: "!=", approx: "~~", equiv: "-=", sim: "~", simeq: "~=", cong: "~=", propto: "prop",
  ll: "<<", gg: ">>", in: "in", notin: "!in", ni: "ni", subset: "sub", supset: "sup", subseteq: "sube", supseteq: "supe", cup: "uu", cap: "nn", bigcup: "uuu", bigcap: "nnn",
  emptyset: "O/", varnothing: "O/", infty: "oo", partial: "del", nabla: "grad", forall: "AA", exists: "EE", neg: "neg", lnot: "neg", land: "^^", wedge: "^^", lor: "vv", vee: "vv",
  to: "->", rightarrow: "->", leftarrow: "larr", Rightarrow: "=>", Leftarrow: "lArr", leftrightarrow: "harr", Leftrightarrow: "<=>", iff: "<=>", mapsto: "|->", implies: "=>",
  sum: "sum", prod: "prod", int: "int", iint: "iint", iiint: "iiint", oint: "oint", lim: "lim",
  ldots: "...", dots: "...", cdots: "cdots", vdots: "vdots", ddots: "ddots", quad: "quad", qquad: "qquad",
  langle: "(:", rangle: ":)", lfloor: "|__", rfloor: "__|", lceil: "|~", rceil: "~|", lbrace: "{", rbrace: "}", vert: "|", mid: "|", Vert: "||",
  circ: "@", bullet: "*", prime: "'", angle: "/_", triangle: "/_\\", perp: "_|_", parallel: "||", therefore: ":.", because: ":'", degree: "^@",
  aleph: "aleph", hbar: "h", ell: "l", Re: "Re", Im: "Im",
};

/** Commands that take one argument and have an AsciiMath function of the same shape. */
const UNARY: Record<string, string> = {
  sqrt: "sqrt", hat: "hat", bar: "bar", overline: "bar", underline: "ul", vec: "vec", dot: "dot", ddot: "ddot", tilde: "tilde", widetilde: "tilde", widehat: "hat",
  mathbf: "bb", boldsymbol: "bb", mathbb: "bbb", mathcal: "cc", mathfrak: "fr", mathsf: "sf", mathtt: "tt", mathit: "", mathrm: "", operatorname: "",
  overbrace: "overbrace", underbrace: "underbrace", cancel: "cancel", boxed: "",
};

export function latexToAsciiMath(latex: string): string {
  const reader = new Reader(latex);
  return tidy(reader.sequence(null));
}

class Reader {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Everything up to `end` (a closing brace, \right, \end) or the end of input. */
  sequence(end: "}" | "right" | "end" | null): string {
    const out: string[] = [];
    while (this.i < this.s.length) {
      const ch = this.s[this.i];
      if (ch === "}" && end === "}") {
        this.i++;
        return out.join(" ");
      }
      if (end && this.s.startsWith(`\\${end}`, this.i) && !/[a-zA-Z]/.test(this.s[this.i + end.length + 1] ?? "")) return out.join(" ");
      const atom = this.atom();
      if (atom !== null) out.push(atom);
    }
    return out.join(" ");
  }

  /** One unit: a group, a command with its arguments, a script, or a character. */
  private atom(): string | null {
    const ch = this.s[this.i];
    if (/\s/.test(ch)) {
      this.i++;
      return null;
    }
    if (ch === "{") {
      this.i++;
      return group(this.sequence("}"));
    }
    if (ch === "^" || ch === "_") {
      this.i++;
      return `${ch}${group(this.argument())}`;
    }
    if (ch === "&") {
      this.i++;
      return ",";
    }
    if (ch === "\\") return this.command();
    // A number or a run of letters stays one token ("23", "mc"), as it was written.
    const word = /^([0-9]+(\.[0-9]+)?|[A-Za-z]+)/.exec(this.s.slice(this.i));
    if (word) {
      this.i += word[0].length;
      return word[0];
    }
    this.i++;
    if (ch === "}") return null; // an unbalanced brace is dropped
    return ch;
  }

  /** The next argument: a braced group or a single token. */
  argument(): string {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
    if (this.s[this.i] === "{") {
      this.i++;
      return this.sequence("}");
    }
    if (this.s[this.i] === "\\") return this.command();
    return this.s[this.i++] ?? "";
  }

  private name(): string {
    const m = /^\\([a-zA-Z]+|.)/.exec(this.s.slice(this.i));
    this.i += m ? m[0].length : 1;
    return m ? m[1] : "";
  }

  private command(): string {
    const name = this.name();
    if (name === "\\") return ";";
    if (name === "," || name === ";" || name === ":" || name === "!" || name === " ") return " ";
    if (name === "{" || name === "}" || name === "%" || name === "$" || name === "#" || name === "_") return name;
    if (name === "frac" || name === "dfrac" || name === "tfrac") return `${group(this.argument())}/${group(this.argument())}`;
    if (name === "binom") return `((${this.argument()}),(${this.argument()}))`;
    if (name === "genfrac") {
      // \genfrac{left}{right}{rule}{style}{top}{bottom}: without a rule it is a binomial-like stack.
      const [, , rule, , top, bottom] = [this.argument(), this.argument(), this.rawGroup(), this.argument(), this.argument(), this.argument()];
      return /^0\s*[a-z]*$/.test(rule.trim()) ? `((${top}),(${bottom}))` : `${group(top)}/${group(bottom)}`;
    }
    if (name === "sqrt" && this.s[this.i] === "[") {
      const close = this.s.indexOf("]", this.i);
      const index = this.s.slice(this.i + 1, close < 0 ? this.s.length : close);
      this.i = close < 0 ? this.s.length : close + 1;
      return `root(${latexToAsciiMath(index)})(${this.argument()})`;
    }
    if (name === "text" || name === "textrm" || name === "mbox" || name === "textit" || name === "textbf") return `"${this.rawGroup()}"`;
    if (name === "left" || name === "right" || name === "bigl" || name === "bigr" || name === "Bigl" || name === "Bigr" || name === "big" || name === "Big") return this.delimiter();
    if (name === "begin") return this.environment();
    if (name === "end") {
      this.rawGroup();
      return "";
    }
    if (name in UNARY) {
      const f = UNARY[name];
      const arg = this.argument();
      return f ? `${f}(${arg})` : group(arg);
    }
    if (name in SYMBOLS) return SYMBOLS[name];
    return name;
  }

  /** The delimiter after \left, \right or \big: "." is none. */
  private delimiter(): string {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
    if (this.s[this.i] === "\\") {
      const name = this.name();
      return SYMBOLS[name] ?? (name === "{" || name === "}" ? name : name === "|" ? "||" : name);
    }
    const d = this.s[this.i++] ?? "";
    return d === "." ? "" : d;
  }

  /** A braced argument as written (text mode). */
  private rawGroup(): string {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
    if (this.s[this.i] !== "{") return this.s[this.i++] ?? "";
    let depth = 0;
    const start = this.i + 1;
    for (; this.i < this.s.length; this.i++) {
      if (this.s[this.i] === "{") depth++;
      else if (this.s[this.i] === "}" && --depth === 0) break;
    }
    return this.s.slice(start, this.i++);
  }

  /** Matrices and cases as AsciiMath matrices: rows in brackets, cells by commas. */
  private environment(): string {
    const env = this.rawGroup();
    if (env === "array") this.rawGroup(); // column spec
    const body = this.sequence("end");
    this.name();
    this.rawGroup();
    const rows = body.split(/\s*;\s*/).filter((r) => r.trim()).map((r) => `(${r.trim()})`);
    const matrix = rows.join(",");
    if (env === "pmatrix") return `(${matrix})`;
    if (env === "bmatrix") return `[${matrix}]`;
    if (env === "vmatrix") return `|${matrix}|`;
    if (env === "cases") return `{${matrix}:}`;
    if (/^(aligned|align\*?|gathered|split|eqnarray\*?)$/.test(env)) return rows.map((r) => r.slice(1, -1)).join("; ");
    return `[${matrix}]`;
  }
}

/** Several tokens are bracketed so a script, fraction or function takes all of them. */
function group(s: string): string {
  const t = s.trim();
  if (!t) return "{}";
  // One letter or one number stands alone; "nx" must not: AsciiMath would divide only the x.
  return /^(.|[0-9]+(\.[0-9]+)?)$/.test(t) || (/^\(.*\)$/.test(t) && balanced(t.slice(1, -1))) ? t : `(${t})`;
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** Spaces only where they separate names: "x ^2" -> "x^2", "a + b" stays readable. */
function tidy(s: string): string {
  return s.replace(/\s+([\^_/])\s*/g, "$1").replace(/([\^_/])\s+/g, "$1").replace(/\s{2,}/g, " ").trim();
}
