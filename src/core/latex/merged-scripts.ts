// Scripts read piece by piece (a subscript's "n", "−", "1" in spans of their own, a limit
// and a script of one operator) can come out as two scripts of one kind in a row,
// "p_{n}_{-}_{1}", which LaTeX refuses ("double subscript"). They are one script: p_{n-1}.

/** `x_{a}_{b}` as `x_{ab}`, `x^{a}^{b}` as `x^{ab}`, at any depth; a script written without braces is left as it is. */
export function withMergedScripts(latex: string): string {
  if (!/\}[_^]\{/.test(latex)) return latex;
  let out = "";
  // For each open brace, the script it opened ("_", "^"), or "" for any other group.
  const open: string[] = [];
  for (let i = 0; i < latex.length; i++) {
    const ch = latex[i];
    if (ch === "\\") {
      // A command or an escaped character is copied whole: \{ is no group.
      const command = /^\\([A-Za-z]+|.)/.exec(latex.slice(i))![0];
      out += command;
      i += command.length - 1;
      continue;
    }
    if (ch === "{") open.push(i > 0 && (latex[i - 1] === "_" || latex[i - 1] === "^") && latex[i - 2] !== "\\" ? latex[i - 1] : "");
    if (ch === "}") {
      const kind = open.pop();
      // The same script again right after this one closes: go on inside this one.
      if (kind && latex[i + 1] === kind && latex[i + 2] === "{") {
        open.push(kind);
        i += 2;
        continue;
      }
    }
    out += ch;
  }
  return out;
}
