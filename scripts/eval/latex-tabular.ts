// A LaTeX `tabular` (pdf-parse-bench's table ground truth) as HTML-style rows of cells, for
// the TEDS score (teds.ts). Cell text is turned into the plain Unicode the compiled PDF shows,
// as near as is easy: wrappers (\textbf, \makecell, ...) keep their content, rules, colours
// and spacing commands go, math symbols become their characters, ^{}/_{} their content. An
// unknown command loses its name and keeps its braced content.

import { CHARACTER_OF, FUNCTION_NAMES } from "../../src/core/latex/symbols";

export interface LatexCell {
  text: string;
  colSpan: number;
  rowSpan: number;
}

/**
 * Symbols, in text and math alike: the project's table of LaTeX commands and their
 * characters (src/core/latex/symbols.ts), operator names as the words they print, and the
 * text-mode and amssymb symbols a table cell may hold beyond it.
 */
const SYMBOLS: Record<string, string> = {
  ...CHARACTER_OF,
  ...Object.fromEntries([...FUNCTION_NAMES].map((name) => [name, name])),
  // Computer Modern's bullet comes out of the text layer as U+2219.
  bullet: "∙", centerdot: "⋅", Uparrow: "⇑", Downarrow: "⇓", dag: "†", ddag: "‡", textdagger: "†", textdaggerdbl: "‡",
  backslash: "\\", smallsetminus: "∖", checkmark: "✓", parallel: "∥", S: "§", P: "¶", copyright: "©", pounds: "£",
  textbackslash: "\\", textasciitilde: "~",
  dotplus: "∔", ltimes: "⋉", rtimes: "⋊", Cap: "⋒", Cup: "⋓", doublecap: "⋒", doublecup: "⋓", leftthreetimes: "⋋",
  rightthreetimes: "⋌", barwedge: "⊼", curlywedge: "⋏", veebar: "⊻", curlyvee: "⋎", doublebarwedge: "⩞", boxminus: "⊟",
  circleddash: "⊝", boxtimes: "⊠", circledast: "⊛", boxdot: "⊡", circledcirc: "⊚", boxplus: "⊞", divideontimes: "⋇",
  intercal: "⊺",
  // Spacing commands print as a space.
  quad: " ", qquad: " ", hfill: " ",
};

/**
 * Commands with arguments: their signature (o = optional [..], p = optional (..), m = mandatory)
 * and which mandatory argument is printed (-1: none), in text mode when `text` is set.
 */
const ARGS: Record<string, [sig: string, keep: number, text?: boolean]> = {
  hline: ["", -1], toprule: ["o", -1], midrule: ["o", -1], bottomrule: ["o", -1], cmidrule: ["opm", -1], cline: ["m", -1],
  Xhline: ["m", -1], cdashline: ["m", -1], hhline: ["m", -1], specialrule: ["mmm", -1], noalign: ["m", -1], addlinespace: ["o", -1],
  rowcolor: ["om", -1], cellcolor: ["om", -1], columncolor: ["om", -1], color: ["om", -1], arrayrulecolor: ["om", -1],
  hspace: ["m", -1], vspace: ["m", -1], rule: ["omm", -1], phantom: ["m", -1], hphantom: ["m", -1], vphantom: ["m", -1],
  footnote: ["om", -1], footnotemark: ["o", -1], label: ["m", -1], cite: ["om", -1], extracolsep: ["m", -1], setlength: ["mm", -1],
  textbf: ["m", 0, true], textit: ["m", 0, true], emph: ["m", 0, true], underline: ["m", 0], textrm: ["m", 0, true],
  textsf: ["m", 0, true], texttt: ["m", 0, true], textsc: ["m", 0, true], textup: ["m", 0, true], textnormal: ["m", 0, true],
  textmd: ["m", 0, true], text: ["m", 0, true], mbox: ["m", 0, true], hbox: ["m", 0, true], textsuperscript: ["m", 0, true],
  textsubscript: ["m", 0, true], fbox: ["m", 0, true], textcolor: ["omm", 1], colorbox: ["omm", 1], makebox: ["oom", 0],
  parbox: ["ooomm", 1], makecell: ["om", 0], shortstack: ["om", 0], scalebox: ["mm", 1], resizebox: ["mmm", 2],
  raisebox: ["moom", 1], multicolumn: ["mmm", 2], multirow: ["omomom", 2],
};
for (const m of "mathrm mathbf mathit mathsf mathtt mathcal mathfrak mathbb mathscr boldsymbol bm operatorname mathop mathrel mathbin bar overline hat widehat tilde widetilde dot ddot vec check breve acute grave mathring".split(" ")) ARGS[m] = ["m", 0];

const CONTROL_SYMBOLS: Record<string, string> = { "%": "%", "&": "&", $: "$", "#": "#", _: "_", "{": "{", "}": "}", ",": " ", ";": " ", ":": " ", " ": " ", ">": " ", "!": "", "-": "", "/": "", "@": "", "|": "‖", "\\": " " };

const skipSpace = (s: string, i: number) => {
  while (i < s.length && /\s/.test(s[i])) i++;
  return i;
};

/** The content of the brace group opening at s[i] and the index after it. */
function readGroup(s: string, i: number, open = "{", close = "}"): { text: string; end: number } {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === open || (open !== "{" && s[j] === "{")) depth++;
    else if (s[j] === close || (close !== "}" && s[j] === "}")) {
      if (--depth === 0) return { text: s.slice(i + 1, j), end: j + 1 };
    }
  }
  return { text: s.slice(i + 1), end: s.length };
}

/** One argument: a group, a control sequence or a single character. */
function readArg(s: string, i: number): { text: string; end: number } {
  const j = skipSpace(s, i);
  if (s[j] === "{") return readGroup(s, j);
  const cs = /^\\(?:[a-zA-Z]+|[\s\S])/.exec(s.slice(j, j + 40));
  const len = cs ? cs[0].length : 1;
  return { text: s.slice(j, j + len), end: j + len };
}

/** Arguments after a command, by signature; optional ones absent come back undefined. */
function readArgs(s: string, i: number, sig: string): { args: (string | undefined)[]; end: number } {
  const args: (string | undefined)[] = [];
  for (const k of sig) {
    const j = skipSpace(s, i);
    const open = k === "o" ? "[" : "(";
    const a = k === "m" ? readArg(s, j) : s[j] === open ? readGroup(s, j, open, k === "o" ? "]" : ")") : undefined;
    args.push(a?.text);
    if (a) i = a.end;
  }
  return { args, end: i };
}

/** Index of the `\end{...}` matching an environment whose body starts at i, and the index after it. */
function matchingEnd(s: string, i: number): { at: number; end: number } {
  const re = /\\(begin|end)\s*\{[^}]*\}/g;
  re.lastIndex = i;
  let depth = 1;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    depth += m[1] === "begin" ? 1 : -1;
    if (depth === 0) return { at: m.index, end: m.index + m[0].length };
  }
  return { at: s.length, end: s.length };
}

/** Arguments of the environments whose bodies are rows: skipped, they are column specs. */
const ENV_ARGS: Record<string, string> = { tabular: "om", "tabular*": "mom", tabularx: "mom", tabulary: "mom", longtable: "om", array: "om" };

/** LaTeX to plain text; `\\` and `&` (of a nested tabular or array) become spaces. */
export function latexText(s: string, math = false): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch === "\\") {
      const word = /^\\([a-zA-Z]+)\*?/.exec(s.slice(i, i + 40));
      if (!word) {
        const sym = s[i + 1] ?? "";
        i += 2;
        if (sym === "(" || sym === "[") {
          const close = s.indexOf(sym === "(" ? "\\)" : "\\]", i);
          const end = close < 0 ? s.length : close;
          out += latexText(s.slice(i, end), true);
          i = end + 2;
        } else out += CONTROL_SYMBOLS[sym] ?? "";
        if (sym === "\\") i += /^\*?(\s*\[\s*-?[\d.]+\s*[a-z]{2}\s*\])?/.exec(s.slice(i))![0].length; // a line break's `*` and `[2pt]`
        continue;
      }
      const name = word[1];
      i += word[0].length;
      // A control word swallows the spaces after it (in math the source's spaces are kept: the PDF spaces operators).
      if (!math) i = skipSpace(s, i);
      if (name === "begin" || name === "end") {
        const env = readGroup(s, skipSpace(s, i));
        i = env.end;
        if (name === "begin") {
          i = readArgs(s, i, ENV_ARGS[env.text] ?? "").end;
          const { at, end } = matchingEnd(s, i);
          out += ` ${latexText(s.slice(i, at), math || /matrix|array|cases/.test(env.text))} `;
          i = end;
        }
      } else if (name === "verb") {
        const close = s.indexOf(s[i], i + 1);
        out += s.slice(i + 1, close < 0 ? s.length : close);
        i = close < 0 ? s.length : close + 1;
      } else if (/^(left|right|[bB]ig+[lrm]?)$/.test(name)) {
        i = skipSpace(s, i);
        if (s[i] === ".") i++; // an invisible delimiter
      } else if (name === "over") out += "/";
      else if (/^[dt]?frac$/.test(name)) {
        const { args, end } = readArgs(s, i, "mm");
        out += `${latexText(args[0]!, math)}/${latexText(args[1]!, math)}`;
        i = end;
      } else if (name === "sqrt") {
        const { args, end } = readArgs(s, i, "om");
        out += `√${latexText(args[1]!, math)}`;
        i = end;
      } else if (ARGS[name]) {
        const [sig, keep, text] = ARGS[name];
        const { args, end } = readArgs(s, i, sig);
        if (name === "hspace") out += " ";
        const mandatory = args.filter((_, k) => sig[k] === "m");
        if (keep >= 0) out += latexText(mandatory[keep] ?? "", text ? false : math);
        i = end;
      } else out += SYMBOLS[name] ?? "";
    } else if (ch === "$") {
      const dbl = s[i + 1] === "$";
      i += dbl ? 2 : 1;
      let close = i;
      while (close < s.length && s[close] !== "$") close += s[close] === "\\" ? 2 : 1;
      out += latexText(s.slice(i, close), true);
      i = close + (dbl ? 2 : 1);
    } else if (ch === "{") {
      const g = readGroup(s, i);
      out += latexText(g.text, math);
      i = g.end;
    } else if (math && (ch === "^" || ch === "_")) {
      const a = readArg(s, i + 1);
      out += latexText(a.text, true);
      i = a.end;
    } else {
      const two = s.slice(i, i + 2);
      const three = s.slice(i, i + 3);
      if (!math && three === "---") (out += "—"), (i += 3);
      else if (!math && two === "--") (out += "–"), (i += 2);
      else if (!math && two === "``") (out += "“"), (i += 2);
      else if (!math && two === "''") (out += "”"), (i += 2);
      else {
        // Math prints a minus sign, a centred asterisk and primes; ~ is a non-breaking space.
        out += ch === "~" || ch === "&" || ch === "}" ? " " : math ? ({ "-": "−", "*": "∗", "'": "′" } as Record<string, string>)[ch] ?? ch : ch;
        i++;
      }
    }
  }
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Drops % comments (an escaped \% stays), with the line break they end on. */
function stripComments(s: string): string {
  return s.replace(/(?<=(?:^|[^\\])(?:\\\\)*)%[^\n]*(\n[ \t]*)?/g, "");
}

/** Splits at top-level (outside braces and environments) row ends or, for cells, ampersands outside math. */
function splitTop(s: string, at: "row" | "cell"): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let env = 0;
  let math = false;
  for (let i = 0; i < s.length; ) {
    const top = depth === 0 && env === 0;
    if (s[i] === "\\") {
      const cs = /^\\(?:[a-zA-Z]+|[\s\S])/.exec(s.slice(i, i + 40))![0];
      if (cs === "\\begin") env++;
      else if (cs === "\\end") env--;
      if (cs === "\\verb") {
        const close = s.indexOf(s[i + 5], i + 6);
        i = close < 0 ? s.length : close + 1;
        continue;
      }
      if (at === "row" && top && (cs === "\\\\" || cs === "\\tabularnewline")) {
        parts.push(s.slice(start, i));
        i += cs.length;
        // `\\*` and `\\[2pt]` (only a length: a cell may start with a bracket).
        if (s[i] === "*") i++;
        const len = /^\s*\[\s*-?[\d.]+\s*[a-z]{2}\s*\]/.exec(s.slice(i, i + 30));
        if (len) i += len[0].length;
        start = i;
        continue;
      }
      i += cs.length;
      continue;
    }
    if (s[i] === "{") depth++;
    else if (s[i] === "}") depth--;
    else if (s[i] === "$") math = !math;
    else if (at === "cell" && s[i] === "&" && top && !math) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  parts.push(s.slice(start));
  return parts;
}

/** Takes a spanning command (\multicolumn, \multirow) out of a cell: its span and the cell with its content in its place. */
function takeSpan(cell: string, name: string, sig: string, countArg: number, contentArg: number): { span: number; rest: string } {
  const at = cell.indexOf(`\\${name}`);
  if (at < 0 || /[a-zA-Z]/.test(cell[at + name.length + 1] ?? "")) return { span: 1, rest: cell };
  const { args, end } = readArgs(cell, at + name.length + 1, sig);
  const mandatory = args.filter((_, k) => sig[k] === "m");
  return { span: parseInt(mandatory[countArg] ?? "1", 10) || 1, rest: cell.slice(0, at) + `{${mandatory[contentArg] ?? ""}}` + cell.slice(end) };
}

/** The body of the first tabular-like environment in s (all of s when there is none). */
function tabularBody(s: string): string {
  const b = /\\begin\s*\{(tabular\*?|tabularx|tabulary|longtable|array)\}/.exec(s);
  if (!b) return s;
  const start = readArgs(s, b.index + b[0].length, ENV_ARGS[b[1]]).end;
  return s.slice(start, matchingEnd(s, start).at);
}

interface Placed extends LatexCell {
  col: number;
}

/**
 * A tabular as HTML-style rows: a row lists the cells that start in it. The cells LaTeX leaves
 * empty under a \multirow are dropped (a negative \multirow, printed upwards, is moved to its
 * top row), and short rows are filled with empty cells to the table's width, as HTML tables are.
 */
export function tabularRows(latex: string): LatexCell[][] {
  const raw = splitTop(tabularBody(stripComments(latex)), "row").map((r) => splitTop(r, "cell"));
  // Rules after the last `\\` make a row of their own.
  const rows = raw.filter((cells) => cells.length > 1 || /\\multi(column|row)/.test(cells[0]) || collapse(latexText(cells[0])));
  const placed: Placed[][] = rows.map((cells) => {
    let col = 0;
    return cells.map((c) => {
      const mc = takeSpan(c, "multicolumn", "mmm", 0, 2);
      const mr = takeSpan(mc.rest, "multirow", "omomom", 0, 2);
      const cell = { text: collapse(latexText(mr.rest)), colSpan: mc.span, rowSpan: mr.span, col };
      col += cell.colSpan;
      return cell;
    });
  });
  placed.forEach((row, r) => {
    for (const cell of [...row]) {
      if (cell.rowSpan >= 0) continue;
      const top = Math.max(0, r + cell.rowSpan + 1);
      row.splice(row.indexOf(cell), 1);
      for (let k = top; k < r; k++) placed[k] = placed[k].filter((c) => c.col !== cell.col || c.text);
      placed[top].push({ ...cell, rowSpan: r - top + 1 });
      placed[top].sort((a, b) => a.col - b.col);
    }
  });
  // Occupancy, top to bottom: a cell under a span from above is dropped when LaTeX left it empty.
  const covered: boolean[][] = placed.map(() => []);
  const out: Placed[][] = placed.map((row, r) => {
    const kept = row.filter((c) => !(covered[r][c.col] && !c.text && c.rowSpan === 1));
    for (const c of kept) {
      c.rowSpan = Math.min(c.rowSpan, placed.length - r);
      for (let dr = 0; dr < c.rowSpan; dr++) for (let dc = 0; dc < c.colSpan; dc++) covered[r + dr][c.col + dc] = true;
    }
    return kept;
  });
  const width = Math.max(0, ...covered.map((r) => r.length));
  return out.map((row, r) => {
    for (let c = 0; c < width; c++) if (!covered[r][c]) row.push({ text: "", colSpan: 1, rowSpan: 1, col: c });
    return row.sort((a, b) => a.col - b.col).map(({ text, colSpan, rowSpan }) => ({ text, colSpan, rowSpan }));
  });
}
