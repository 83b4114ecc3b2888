// Cell values as Excel shows them: the number format codes of the built-in formats and the
// common custom ones (decimals, thousands separators, percentages, currency, sections for
// negatives and zero, dates and times, literal text and padding). A code we cannot follow
// falls back to Excel's "General" display rather than to a wrong rendering.

/** Excel's built-in number formats by id (ECMA-376 Part 1, 18.8.30), as en-US shows them. */
const BUILTIN: Record<number, string> = {
  0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
  14: "m/d/yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm",
  37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
};

export function builtinFormat(id: number): string | undefined {
  return BUILTIN[id];
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Excel's General: up to 11 significant digits, exponent for very large or small magnitudes. */
export function formatGeneral(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e11) return String(v);
  const abs = Math.abs(v);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9)) {
    const [m, e] = v.toExponential(5).split("e");
    const exp = Number(e);
    return `${m.replace(/\.?0+$/, "")}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(Number(v.toPrecision(10)));
}

const SPLIT_CACHE = new Map<string, { all: string[]; conditional: (RegExpExecArray | null)[] }>();

/** A code's ;-sections and their [conditions], worked out once per distinct code. */
function sections(code: string): { all: string[]; conditional: (RegExpExecArray | null)[] } {
  let cached = SPLIT_CACHE.get(code);
  if (!cached) {
    if (SPLIT_CACHE.size >= SECTION_CACHE_MAX) SPLIT_CACHE.clear();
    const all = splitSections(code);
    cached = { all, conditional: all.map((s) => /^\[(<=|>=|<>|<|>|=)(-?[\d.]+)\]/.exec(s)) };
    SPLIT_CACHE.set(code, cached);
  }
  return cached;
}

function splitSections(code: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '"') quoted = !quoted;
    if (ch === "\\" && !quoted) {
      cur += ch + (code[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === ";" && !quoted) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The section that applies to a value, and whether its sign is already written by the section. */
function pickSection(code: string, v: number): { section: string; signed: boolean } {
  const { all, conditional } = sections(code);
  if (conditional.some(Boolean)) {
    for (let i = 0; i < all.length; i++) {
      const c = conditional[i];
      if (!c) return { section: all[i], signed: false };
      const n = Number(c[2]);
      const ok = { "<": v < n, "<=": v <= n, ">": v > n, ">=": v >= n, "=": v === n, "<>": v !== n }[c[1]];
      if (ok) return { section: all[i].slice(c[0].length), signed: v < 0 };
    }
  }
  if (v < 0 && all.length >= 2) return { section: all[1], signed: true };
  if (v === 0 && all.length >= 3) return { section: all[2], signed: false };
  return { section: all[0], signed: false };
}

const DATE_TOKEN = /[ymdhs]/i;

/** Removes colours, conditions and locale tags, turns [$€-407] into its symbol. */
function stripBrackets(s: string): string {
  return s.replace(/\[\$([^\]-]*)(-[0-9A-Fa-f]+)?\]/g, (_, sym: string) => (sym ? `"${sym}"` : "")).replace(/\[(?!h\]|hh\]|m\]|mm\]|s\]|ss\])[^\]]*\]/gi, "");
}

/** The displayed text of a numeric cell under a format code. */
export function formatNumber(v: number, code: string | undefined, date1904 = false): string {
  if (!code || code === "General") return formatGeneral(v);
  const { section: raw, signed } = pickSection(code, v);
  const section = analysed(raw);
  if (section.kind === "general") return (signed ? "-" : "") + formatGeneral(signed ? Math.abs(v) : v).replace(/^-/, signed ? "" : "-");
  if (section.kind === "text") return formatGeneral(v);
  if (section.kind === "date") {
    const d = serialToDate(v, date1904);
    return d ? formatDate(d, section.code, v) : formatGeneral(v);
  }
  return applyDecimal(signed ? Math.abs(v) : v, section.decimal!);
}

type Section = { kind: "general" | "text" | "date" | "decimal"; code: string; decimal?: DecimalPattern };

/** Sections are analysed once per distinct code: a sheet repeats a few codes over many cells. */
const SECTION_CACHE = new Map<string, Section>();
const SECTION_CACHE_MAX = 512;

function analysed(raw: string): Section {
  let s = SECTION_CACHE.get(raw);
  if (s) return s;
  const code = stripBrackets(raw);
  const bare = literalFree(code);
  if (/^general$/i.test(code.trim())) s = { kind: "general", code };
  else if (code.trim() === "@") s = { kind: "text", code };
  else if (DATE_TOKEN.test(bare) && !/[0#?]/.test(bare.replace(/[ymdhs]+\.?0*/gi, ""))) s = { kind: "date", code };
  else s = { kind: "decimal", code, decimal: decimalPattern(code) };
  if (SECTION_CACHE.size >= SECTION_CACHE_MAX) SECTION_CACHE.clear();
  SECTION_CACHE.set(raw, s);
  return s;
}

/** The code without quoted literals and escapes, to look for tokens. */
function literalFree(s: string): string {
  return s.replace(/"[^"]*"/g, "").replace(/\\./g, "").replace(/_.|\*./g, "");
}

/** Turns the literal parts of a code into text: quotes, escapes, padding (_x is a space). */
function literal(s: string): string {
  return s.replace(/"([^"]*)"|\\(.)|_.|\*.|([^"\\_*]+)/g, (_, q?: string, esc?: string, plain?: string) => {
    if (q !== undefined) return q;
    if (esc !== undefined) return esc;
    if (plain !== undefined) return plain;
    return _.startsWith("_") ? " " : "";
  });
}

interface DecimalPattern {
  /** No digit placeholder: the section is literal text. */
  literalOnly?: string;
  prefix: string;
  suffix: string;
  percent: number;
  sci?: { decimals: number; expDigits: number };
  scale: number;
  decimals: number;
  minDecimals: number;
  minInt: number;
  grouping: boolean;
  point: boolean;
  keepZeroDecimals: boolean;
}

function decimalPattern(section: string): DecimalPattern {
  // Locate the number pattern: from the first to the last digit placeholder, outside literals.
  const masked = section.replace(/"[^"]*"|\\.|_.|\*./g, (m) => "\u0000".repeat(m.length));
  const first = masked.search(/[0#?]/);
  const base = { prefix: "", suffix: "", percent: 0, scale: 1, decimals: 0, minDecimals: 0, minInt: 0, grouping: false, point: false, keepZeroDecimals: false };
  if (first < 0) return { ...base, literalOnly: literal(section) };
  let last = first;
  for (let i = first; i < masked.length; i++) {
    if (/[0#?.,]/.test(masked[i]) || (/[eE]/.test(masked[i]) && /[+-]/.test(masked[i + 1] ?? ""))) last = i;
    else if (/[+-]/.test(masked[i]) && /[eE]/.test(masked[i - 1] ?? "")) last = i;
    else break;
  }
  for (let i = last + 1; i < masked.length && /[0#?]/.test(masked[i]); i++) last = i;
  const pattern = section.slice(first, last + 1);
  const out: DecimalPattern = { ...base, prefix: literal(section.slice(0, first)), suffix: literal(section.slice(last + 1)), percent: (literalFree(section).match(/%/g) ?? []).length };
  const sci = /[eE][+-]/.exec(pattern);
  if (sci) {
    out.sci = { decimals: (pattern.slice(0, sci.index).split(".")[1] ?? "").replace(/[^0#?]/g, "").length, expDigits: pattern.slice(sci.index + 2).length };
    return out;
  }
  const trailingCommas = /,+$/.exec(pattern)?.[0].length ?? 0;
  out.scale = 1000 ** trailingCommas;
  const [intPat, decPat = ""] = pattern.replace(/,+$/, "").split(".");
  out.decimals = decPat.replace(/[^0#?]/g, "").length;
  out.minDecimals = decPat.replace(/[^0]/g, "").length;
  out.minInt = intPat.replace(/[^0]/g, "").length;
  out.grouping = intPat.includes(",");
  out.point = pattern.includes(".");
  out.keepZeroDecimals = /[0?]/.test(decPat);
  return out;
}

function applyDecimal(v: number, p: DecimalPattern): string {
  if (p.literalOnly !== undefined) return p.literalOnly;
  let n = v * 100 ** p.percent;
  let body: string;
  if (p.sci) {
    const [m, e] = n.toExponential(p.sci.decimals).split("e");
    body = `${m}E${Number(e) < 0 ? "-" : "+"}${String(Math.abs(Number(e))).padStart(p.sci.expDigits, "0")}`;
  } else {
    n /= p.scale;
    let [ip, dp = ""] = Math.abs(n).toFixed(p.decimals).split(".");
    while (dp.length > p.minDecimals && dp.endsWith("0")) dp = dp.slice(0, -1);
    if (ip === "0" && p.minInt === 0) ip = "";
    ip = ip.padStart(p.minInt, "0");
    if (p.grouping) ip = ip.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    let fixed = dp || p.point ? `${ip}.${dp}` : ip;
    if (!dp && !p.keepZeroDecimals) fixed = ip;
    body = (n < 0 && Number(fixed.replace(/,/g, "")) !== 0 ? "-" : "") + fixed;
  }
  return `${p.prefix}${body}${p.suffix}`;
}

/** Serial date to a UTC Date; Excel's 1900 system counts a 29 Feb 1900 that never was. */
export function serialToDate(serial: number, date1904: boolean): Date | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2958465) return null;
  // Serial 1 is 1 Jan 1900; from serial 61 on, counting from 30 Dec 1899 absorbs the phantom day.
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - 25569) * 86400000));
}

function formatDate(d: Date, section: string, serial: number): string {
  const tokens = section.match(/"[^"]*"|\\.|_.|\*.|\[h+\]|\[m+\]|\[s+\]|yyyy|yy|y|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss(\.0+)?|s(\.0+)?|AM\/PM|am\/pm|A\/P|a\/p|./gi) ?? [];
  const hasAmPm = tokens.some((t) => /^(am\/pm|a\/p)$/i.test(t));
  // "m" means minutes right after an hour or right before seconds.
  const isMinute = (i: number) => {
    for (let j = i - 1; j >= 0; j--) {
      if (/^[hH]+$|^\[h+\]$/i.test(tokens[j])) return true;
      if (/^[ydsYDS]/.test(tokens[j]) || /^m+$/i.test(tokens[j])) break;
    }
    for (let j = i + 1; j < tokens.length; j++) {
      if (/^s/i.test(tokens[j])) return true;
      if (/^[ydhYDH]/.test(tokens[j]) || /^m+$/i.test(tokens[j])) break;
    }
    return false;
  };
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h24 = d.getUTCHours();
  let out = "";
  tokens.forEach((t, i) => {
    const lower = t.toLowerCase();
    if (t.startsWith('"')) out += t.slice(1, -1);
    else if (t.startsWith("\\")) out += t.slice(1);
    else if (t.startsWith("_")) out += " ";
    else if (t.startsWith("*")) out += "";
    else if (/^\[h+\]$/.test(lower)) out += String(Math.floor(serial * 24));
    else if (/^\[m+\]$/.test(lower)) out += String(Math.floor(serial * 1440));
    else if (/^\[s+\]$/.test(lower)) out += String(Math.round(serial * 86400));
    else if (lower === "yyyy") out += String(d.getUTCFullYear());
    else if (lower === "yy" || lower === "y") out += pad(d.getUTCFullYear() % 100);
    else if (/^m+$/.test(lower) && lower.length <= 2 && isMinute(i)) out += lower === "mm" ? pad(d.getUTCMinutes()) : String(d.getUTCMinutes());
    else if (lower === "mmmmm") out += MONTHS[d.getUTCMonth()][0];
    else if (lower === "mmmm") out += MONTHS[d.getUTCMonth()];
    else if (lower === "mmm") out += MONTHS[d.getUTCMonth()].slice(0, 3);
    else if (lower === "mm") out += pad(d.getUTCMonth() + 1);
    else if (lower === "m") out += String(d.getUTCMonth() + 1);
    else if (lower === "dddd") out += DAYS[d.getUTCDay()];
    else if (lower === "ddd") out += DAYS[d.getUTCDay()].slice(0, 3);
    else if (lower === "dd") out += pad(d.getUTCDate());
    else if (lower === "d") out += String(d.getUTCDate());
    else if (lower === "hh" || lower === "h") {
      const h = hasAmPm ? ((h24 + 11) % 12) + 1 : h24;
      out += lower === "hh" ? pad(h) : String(h);
    } else if (/^ss?(\.0+)?$/.test(lower)) {
      const [s, frac] = lower.split(".");
      out += s === "ss" ? pad(d.getUTCSeconds()) : String(d.getUTCSeconds());
      if (frac) out += `.${String(d.getUTCMilliseconds()).padStart(3, "0").slice(0, frac.length)}`;
    } else if (lower === "am/pm") out += h24 < 12 ? "AM" : "PM";
    else if (lower === "a/p") out += h24 < 12 ? "A" : "P";
    else out += t;
  });
  return out;
}
