// The command line, checked whole before any work: a misspelt flag or value is refused
// with the usage, never ignored (a run that ignored `--levles` would look like it worked).

export const USAGE = `docparse: parse documents into Markdown and JSON, convert PDFs to Word or PowerPoint.

Usage:
  docparse parse FILE [--out DIR] [--json] [--levels] [--keep-header-footer] [--cross-page] [--jobs N]
  docparse convert FILE [--to word|ppt] [--mode flow|layout] [--out DIR|FILE.docx|FILE.pptx] [--jobs N]
  docparse --help | --version

parse      Markdown to stdout (--json: the API's JSON result instead); with --out DIR,
           DIR/NAME.md, DIR/NAME.json and the pictures under DIR/images/, as the API's zip.
           --levels: heading levels; --keep-header-footer: keep running heads and feet;
           --cross-page: join paragraphs cut by a page or column break.
convert    A PDF to .docx (--to word, the default; --mode flow, the default, or layout) or
           .pptx (--to ppt, layout only); written to --out, or to stdout when piped.
--jobs N   A PDF's pages read by N worker threads (default: one per core; 1: in this thread).
`;

/** A mistake on the command line: said with the usage, exit status 2. */
export class UsageError extends Error {}

type Command = "parse" | "convert";

interface FlagSpec {
  /** Allowed values of a flag that takes one; null: any value (a path). Absent: a switch. */
  values?: readonly string[] | null;
}

const FLAGS: Record<Command, Record<string, FlagSpec>> = {
  parse: { out: { values: null }, json: {}, levels: {}, "keep-header-footer": {}, "cross-page": {}, jobs: { values: null } },
  convert: { out: { values: null }, to: { values: ["word", "ppt"] }, mode: { values: ["flow", "layout"] }, jobs: { values: null } },
};

export interface CommandLine {
  command: Command | "help" | "version";
  file: string;
  /** Flags given: a switch as true, a flag with a value as that value. */
  flags: Record<string, string | true>;
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  if (argv.some((a) => a === "--help" || a === "-h") || argv[0] === "help") return { command: "help", file: "", flags: {} };
  if (argv[0] === "--version" || argv[0] === "-v") return { command: "version", file: "", flags: {} };
  const [command, ...rest] = argv;
  if (!command) throw new UsageError("say what to do: parse or convert.");
  if (command !== "parse" && command !== "convert") throw new UsageError(`unknown command ${JSON.stringify(command)}: use parse or convert.`);
  const spec = FLAGS[command];
  const flags: Record<string, string | true> = {};
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith("-") || arg === "-") {
      files.push(arg);
      continue;
    }
    const [name, inline] = arg.replace(/^--?/, "").split(/=(.*)/s, 2);
    const flag = spec[name];
    if (!flag) throw new UsageError(`${command} has no flag --${name}; it takes ${Object.keys(spec).map((f) => `--${f}`).join(", ")}.`);
    if (flags[name] !== undefined) throw new UsageError(`--${name} is given twice.`);
    if (flag.values === undefined) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      flags[name] = true;
      continue;
    }
    const value = inline ?? rest[++i];
    if (value === undefined || value === "") throw new UsageError(`--${name} needs a value.`);
    if (flag.values && !flag.values.includes(value)) throw new UsageError(`--${name} must be ${flag.values.join(" or ")} (got ${JSON.stringify(value)}).`);
    flags[name] = value;
  }
  if (files.length === 0) throw new UsageError(`${command} needs a FILE.`);
  if (files.length > 1) throw new UsageError(`${command} reads one FILE at a time (got ${files.length}: ${files.join(", ")}).`);
  if (command === "convert" && flags.to === "ppt" && flags.mode === "flow") throw new UsageError("--to ppt takes --mode layout only.");
  if (flags.jobs !== undefined && !/^[1-9]\d{0,2}$/.test(String(flags.jobs))) throw new UsageError(`--jobs must be a whole number of worker threads, 1 or more (got ${JSON.stringify(flags.jobs)}).`);
  return { command, file: files[0], flags };
}
