// The rendering check of formulas, in the spirit of OmniDocBench's CDM: the ground truth's
// LaTeX and ours are both typeset (MathJax's SVG output, in Node, no browser) and compared
// glyph by glyph, so two spellings of one formula ({\frac{a}{b}} and \frac{a}{b}, \le and
// \leq, \mathrm{Tr} and \text{Tr}) count as equal, and a formula whose glyphs are right but
// stacked wrong (a fraction written as scripts) does not.
//
// Each rendering is a list of glyphs (Unicode code as MathJax sets it: italic x is U+1D465,
// bold B U+1D401) and rules (fraction bars, radical bars) with their position, in thousandths
// of an em. The two lists, in reading order (left to right), are aligned like two strings
// (longest common subsequence), where two items match when they are the same glyph at the
// same height and size: a letter in a numerator never matches one on the main line. The
// score is the F1 of that match, 1 when the pictures agree glyph for glyph.
import { mathjax } from "mathjax-full/js/mathjax.js";
import { TeX } from "mathjax-full/js/input/tex.js";
import { SVG } from "mathjax-full/js/output/svg.js";
import { liteAdaptor } from "mathjax-full/js/adaptors/liteAdaptor.js";
import { RegisterHTMLHandler } from "mathjax-full/js/handlers/html.js";
import { AllPackages } from "mathjax-full/js/input/tex/AllPackages.js";

export interface Glyph {
  /** Code point (hex, as MathJax writes it), or "rule". */
  code: string;
  x: number;
  y: number;
  /** Scale against the formula's main size (scripts 0.707, second-order scripts 0.5). */
  size: number;
  /** Width, for rules: a fraction bar's length tells what it spans. */
  width?: number;
}

/** Items at most this far apart up or down (thousandths of an em) sit at one height. */
const SAME_HEIGHT = 150;
/** Sizes closer than this are one size. */
const SAME_SIZE = 0.1;

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const document = mathjax.document("", { InputJax: new TeX({ packages: AllPackages }), OutputJax: new SVG({ fontCache: "none" }) });
const cache = new Map<string, Glyph[] | undefined>();

/** The glyphs of a formula as MathJax typesets it in text style (inline and display formulas alike, so that the style a page chose does not count); undefined when MathJax cannot read the LaTeX. */
export function renderGlyphs(latex: string): Glyph[] | undefined {
  if (cache.has(latex)) return cache.get(latex);
  let glyphs: Glyph[] | undefined;
  try {
    const svg = adaptor.innerHTML(document.convert(latex, { display: false }));
    glyphs = /data-mjx-error|fill="red"/.test(svg) ? undefined : glyphsOfSvg(svg);
  } catch {
    glyphs = undefined;
  }
  cache.set(latex, glyphs);
  return glyphs;
}

interface Transform {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}

/** Walks the SVG's elements with their composed transforms (translate and scale only: all MathJax writes). */
function glyphsOfSvg(svg: string): Glyph[] {
  const out: Glyph[] = [];
  const stack: Transform[] = [{ sx: 1, sy: 1, tx: 0, ty: 0 }];
  for (const tag of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, name, attrs, selfClosing] = tag;
    if (closing) {
      if (name === "g" || name === "svg") stack.pop();
      continue;
    }
    const t = compose(stack[stack.length - 1], /transform="([^"]*)"/.exec(attrs)?.[1] ?? "");
    const code = /data-c="([0-9A-F]+)"/.exec(attrs)?.[1];
    if (code) out.push({ code, x: t.tx, y: t.ty, size: Math.abs(t.sx) });
    if (name === "rect" && !/data-background/.test(attrs)) {
      const n = (k: string) => Number(new RegExp(`\\b${k}="([-0-9.]+)"`).exec(attrs)?.[1] ?? 0);
      out.push({ code: "rule", x: t.tx + t.sx * n("x"), y: t.ty + t.sy * (n("y") + n("height") / 2), size: Math.abs(t.sx), width: Math.abs(t.sx) * n("width") });
    }
    if ((name === "g" || name === "svg") && !selfClosing) stack.push(t);
  }
  // The root flips y (scale(1,-1)): higher on the page is larger y, which is all the comparison needs.
  return out.sort((a, b) => a.x - b.x);
}

function compose(parent: Transform, transform: string): Transform {
  let t = parent;
  for (const [, op, args] of transform.matchAll(/(translate|scale)\(([^)]*)\)/g)) {
    const [a, b] = args.split(/[\s,]+/).map(Number);
    if (op === "translate") t = { ...t, tx: t.tx + t.sx * a, ty: t.ty + t.sy * (b || 0) };
    else t = { ...t, sx: t.sx * a, sy: t.sy * (b ?? a) };
  }
  return t;
}

const same = (a: Glyph, b: Glyph, dy: number) =>
  a.code === b.code && Math.abs(a.y - b.y - dy) <= SAME_HEIGHT * Math.max(a.size, b.size) && Math.abs(a.size - b.size) < SAME_SIZE && (a.code !== "rule" || Math.abs((a.width ?? 0) - (b.width ?? 0)) <= 0.5 * Math.max(a.width ?? 0, b.width ?? 0));

/**
 * F1 of the glyphs two renderings share in reading order, at the same height and size.
 * (A part of a longer formula sits at its own height in it when the longer one has
 * fractions around: the heights are compared after the offset of the first matching glyph.)
 */
export function glyphF1(truth: Glyph[], ours: Glyph[]): number {
  if (!truth.length || !ours.length) return 0;
  let best = 0;
  // The vertical offsets worth trying: those at which some glyph of the truth meets its own code in ours.
  const offsets = new Set<number>([0]);
  for (const g of truth.slice(0, 3)) for (const o of ours) if (o.code === g.code) offsets.add(Math.round(o.y - g.y));
  for (const dy of offsets) best = Math.max(best, lcs(truth, ours, dy));
  return (2 * best) / (truth.length + ours.length);
}

function lcs(a: Glyph[], b: Glyph[], dy: number): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = same(b[j - 1], a[i - 1], dy) ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return prev[b.length];
}

/** The best score of a ground-truth formula against any of the formulas of our page; undefined when the truth itself does not render. */
export function bestGlyphF1(truth: string, candidates: string[]): number | undefined {
  const want = renderGlyphs(truth);
  if (!want) return undefined;
  let best = 0;
  for (const c of candidates) {
    const got = renderGlyphs(c);
    // (Cheap bound first: the share of codes in common caps the score.)
    if (got && bound(want, got) > best) best = Math.max(best, glyphF1(want, got));
  }
  return best;
}

function bound(a: Glyph[], b: Glyph[]): number {
  const counts = new Map<string, number>();
  for (const g of a) counts.set(g.code, (counts.get(g.code) ?? 0) + 1);
  let shared = 0;
  for (const g of b) {
    const n = counts.get(g.code) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(g.code, n - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
