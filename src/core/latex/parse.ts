// The LaTeX our formulas are written in (what Word's equations and the PDF formula reader
// produce) read into a small tree the MathML and AsciiMath renderers share: groups,
// scripts, fractions, roots, fences, accents, font styles, text and matrices. Commands it
// does not know stay as their names, so nothing is dropped.
import { BIG_OPERATORS, CHARACTER_OF, FUNCTION_NAMES, isLetterSymbol } from "./symbols";

export type MathNode =
  | { kind: "row"; items: MathNode[] }
  | { kind: "ident"; text: string; upright?: boolean }
  | { kind: "number"; text: string }
  | { kind: "op"; text: string; big?: boolean }
  | { kind: "text"; text: string }
  | { kind: "frac"; num: MathNode; den: MathNode; line: boolean }
  | { kind: "root"; body: MathNode; index?: MathNode }
  | { kind: "scripts"; base: MathNode; sub?: MathNode; sup?: MathNode }
  | { kind: "accent"; name: string; body: MathNode }
  | { kind: "style"; variant: string; body: MathNode }
  | { kind: "fenced"; open: string; close: string; body: MathNode }
  | { kind: "table"; rows: MathNode[][]; open: string; close: string }
  | { kind: "tag"; text: string };

/** Accents and what they draw. */
export const ACCENT_CHARACTERS: Record<string, string> = { hat: "^", widehat: "^", bar: "¯", overline: "¯", underline: "_", vec: "→", dot: "˙", ddot: "¨", tilde: "~", widetilde: "~", check: "ˇ", acute: "´", grave: "`", breve: "˘", overbrace: "⏞", underbrace: "⏟" };
/** Font commands and their MathML variants. */
export const STYLES: Record<string, string> = { mathbf: "bold", boldsymbol: "bold-italic", mathbb: "double-struck", mathcal: "script", mathfrak: "fraktur", mathsf: "sans-serif", mathtt: "monospace", mathit: "italic", mathrm: "normal", operatorname: "normal", boxed: "normal" };
const TEXT_COMMANDS = new Set(["text", "textrm", "textit", "textbf", "mbox"]);
const SIZED_DELIMITERS = new Set(["big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr"]);
const SPACES = new Set([",", ";", ":", "!", " ", "quad", "qquad", "thinspace", "medspace", "thickspace"]);
const ENVIRONMENT_FENCES: Record<string, [string, string]> = { pmatrix: ["(", ")"], bmatrix: ["[", "]"], Bmatrix: ["{", "}"], vmatrix: ["|", "|"], Vmatrix: ["‖", "‖"], cases: ["{", ""] };

export function parseLatex(latex: string): MathNode {
  return new Reader(latex).row(null);
}

class Reader {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Items up to `end` ("}" or a command such as \right, \end, \\ inside tables) or the end of input. */
  row(end: "}" | "right" | "end" | null): MathNode {
    const items: MathNode[] = [];
    while (this.i < this.s.length) {
      this.skipSpace();
      if (this.i >= this.s.length) break;
      const ch = this.s[this.i];
      if (ch === "}") {
        this.i++;
        if (end === "}") break;
        continue; // an unbalanced brace is dropped
      }
      if (end && end !== "}" && this.atCommand(end)) break;
      if (ch === "^" || ch === "_") {
        this.i++;
        const arg = this.argument();
        if (arg.kind === "row" && !arg.items.length) continue; // an empty script ("x^{}") is none
        const last = items.pop() ?? { kind: "row", items: [] };
        const base = last.kind === "scripts" && !(ch === "^" ? last.sup : last.sub) ? last : { kind: "scripts" as const, base: last };
        if (ch === "^") base.sup = arg;
        else base.sub = arg;
        items.push(base);
        continue;
      }
      const atom = this.atom();
      if (atom) items.push(atom);
    }
    return items.length === 1 ? items[0] : { kind: "row", items };
  }

  private atom(): MathNode | undefined {
    const ch = this.s[this.i];
    if (ch === "{") {
      this.i++;
      return this.row("}");
    }
    if (ch === "\\") return this.command();
    if (ch === "&") {
      this.i++;
      return { kind: "op", text: "&" };
    }
    const number = /^[0-9]+(\.[0-9]+)?/.exec(this.s.slice(this.i));
    if (number) {
      this.i += number[0].length;
      return { kind: "number", text: number[0] };
    }
    this.i += ch.length;
    if (/\p{L}/u.test(ch)) return { kind: "ident", text: ch };
    if (ch === "'") return { kind: "op", text: "′" };
    return { kind: "op", text: ch };
  }

  /** The next argument: a braced group or one token. */
  argument(): MathNode {
    this.skipSpace();
    if (this.s[this.i] === "{") {
      this.i++;
      return this.row("}");
    }
    return this.atom() ?? { kind: "row", items: [] };
  }

  private command(): MathNode | undefined {
    const name = this.name();
    if (name === "\\") return { kind: "op", text: "\\\\" }; // a row break: tables split on it
    if (SPACES.has(name)) return undefined;
    if ("{}%$#_&|".includes(name) && name.length === 1) return { kind: "op", text: name === "|" ? "‖" : name };
    if (name === "frac" || name === "dfrac" || name === "tfrac") return { kind: "frac", num: this.argument(), den: this.argument(), line: true };
    if (name === "binom") return { kind: "fenced", open: "(", close: ")", body: { kind: "frac", num: this.argument(), den: this.argument(), line: false } };
    if (name === "genfrac") {
      const open = this.delimiterText(this.rawGroup());
      const close = this.delimiterText(this.rawGroup());
      const rule = this.rawGroup();
      this.rawGroup();
      const frac: MathNode = { kind: "frac", num: this.argument(), den: this.argument(), line: !/^0\s*[a-z]*$/.test(rule.trim()) };
      return open || close ? { kind: "fenced", open, close, body: frac } : frac;
    }
    if (name === "sqrt") {
      let index: MathNode | undefined;
      if (this.s[this.i] === "[") {
        const close = this.s.indexOf("]", this.i);
        index = parseLatex(this.s.slice(this.i + 1, close < 0 ? this.s.length : close));
        this.i = close < 0 ? this.s.length : close + 1;
      }
      return { kind: "root", body: this.argument(), ...(index ? { index } : {}) };
    }
    if (TEXT_COMMANDS.has(name)) return { kind: "text", text: this.rawGroup() };
    if (name in STYLES) return { kind: "style", variant: STYLES[name], body: name === "operatorname" || name === "mathrm" ? upright(this.argument()) : this.argument() };
    if (name in ACCENT_CHARACTERS) return { kind: "accent", name, body: this.argument() };
    if (name === "left") {
      const open = this.delimiter();
      const body = this.row("right");
      if (this.atCommand("right")) this.name();
      return { kind: "fenced", open, close: this.atEnd() ? "" : this.delimiter(), body };
    }
    if (name === "right") return undefined; // unmatched: the fence is dropped, its content kept
    if (SIZED_DELIMITERS.has(name)) return { kind: "op", text: this.delimiter() };
    if (name === "begin") return this.environment();
    if (name === "end") {
      this.rawGroup();
      return undefined;
    }
    if (name === "tag") return { kind: "tag", text: this.rawGroup() };
    if (FUNCTION_NAMES.has(name)) return { kind: "ident", text: name, upright: true };
    if (BIG_OPERATORS.has(name)) return { kind: "op", text: CHARACTER_OF[name] ?? name, big: true };
    const ch = CHARACTER_OF[name];
    if (ch) return isLetterSymbol(ch) ? { kind: "ident", text: ch } : { kind: "op", text: ch };
    return { kind: "ident", text: name, upright: true };
  }

  /** Matrices and aligned rows: cells split at &, rows at \\. */
  private environment(): MathNode {
    const env = this.rawGroup();
    if (env === "array") this.rawGroup(); // the column spec
    const body = this.row("end");
    if (this.atCommand("end")) {
      this.name();
      this.rawGroup();
    }
    const items = body.kind === "row" ? body.items : [body];
    const rows: MathNode[][] = [[]];
    let cell: MathNode[] = [];
    const endCell = () => {
      rows[rows.length - 1].push(cell.length === 1 ? cell[0] : { kind: "row", items: cell });
      cell = [];
    };
    for (const item of items) {
      if (item.kind === "op" && item.text === "&") endCell();
      else if (item.kind === "op" && item.text === "\\\\") {
        endCell();
        rows.push([]);
      } else cell.push(item);
    }
    endCell();
    const filled = rows.filter((r) => r.some((c) => !(c.kind === "row" && !c.items.length)));
    const [open, close] = ENVIRONMENT_FENCES[env] ?? ["", ""];
    return { kind: "table", rows: filled, open, close };
  }

  private delimiter(): string {
    this.skipSpace();
    if (this.s[this.i] === "\\") return this.delimiterText(`\\${this.name()}`);
    return this.delimiterText(this.s[this.i++] ?? "");
  }

  private delimiterText(d: string): string {
    if (d === "." || d === "") return "";
    if (d.startsWith("\\")) {
      const name = d.slice(1);
      return name === "{" || name === "}" ? name : name === "|" ? "‖" : (CHARACTER_OF[name] ?? name);
    }
    return d;
  }

  private name(): string {
    const m = /^\\([a-zA-Z]+\*?|.)/.exec(this.s.slice(this.i));
    this.i += m ? m[0].length : 1;
    return m ? m[1].replace(/\*$/, "") : "";
  }

  /** A braced argument as written (text mode, environment names). */
  private rawGroup(): string {
    this.skipSpace();
    if (this.s[this.i] !== "{") return this.s[this.i++] ?? "";
    let depth = 0;
    const start = this.i + 1;
    for (; this.i < this.s.length; this.i++) {
      if (this.s[this.i] === "{") depth++;
      else if (this.s[this.i] === "}" && --depth === 0) break;
    }
    return this.s.slice(start, this.i++);
  }

  private atCommand(name: string): boolean {
    return this.s.startsWith(`\\${name}`, this.i) && !/[a-zA-Z]/.test(this.s[this.i + name.length + 1] ?? "");
  }

  private atEnd = () => this.i >= this.s.length;

  private skipSpace(): void {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
  }
}

/** Letters of \operatorname and \mathrm are one upright name, not a product of variables. */
function upright(node: MathNode): MathNode {
  const letters = node.kind === "row" ? node.items : [node];
  if (letters.every((n) => n.kind === "ident")) return { kind: "ident", text: letters.map((n) => (n as { text: string }).text).join(""), upright: true };
  return node;
}
