// Ruling lines of a picture of a page (a scan, a photo of a form): long, thin stretches of
// dark pixels, across and down, become the same Ruling lines a PDF's drawing gives, so a
// scanned ruled table is found by the same table processor as a born-digital one.
//
// A row's dark pixels are cut into pieces; pieces that continue one another from row to
// row (one pixel up or down: a line scanned a degree or two askew drifts) are chained, and
// a chain long enough is a rule. Letters give short pieces (their bars are an em at most),
// filled areas give thick ones: neither makes a rule.
import type { Ruling } from "../runs";
import { newGrayImage, type GrayImage } from "../images/gray";

/** Darker than this (0 black .. 255 white) is ink. */
const INK = 140;
/** A rule is at least this long (points): half an inch, longer than any letter's bar. */
const MIN_RULE = 36;
/**
 * Only rules at least this long (points) are painted out before OCR: a headline's strokes
 * can pass for half-inch rules (a Chinese title's 一 at 40 pt), and painting them out
 * loses the letters; column rules and table borders run far longer.
 */
const MIN_PAINTED_RULE = 144;
/** Pieces shorter than this (points) are not followed: letters' strokes. */
const MIN_PIECE = 10;
/** A rule is at most this thick (points); thicker ink is a filled area or a black bar of text. */
const MAX_THICKNESS = 4;
/** A piece continues a chain starting at most this many pixels past its end (a broken scan line). */
const MAX_GAP_PX = 3;

interface Piece {
  /** Position along the line (x for horizontal lines). */
  from: number;
  to: number;
  /** Position across it (y for horizontal lines). */
  at: number;
}

interface Chain {
  from: number;
  to: number;
  /** Row (or column) of the last piece, and the sum and count of rows for the mean. */
  last: number;
  sum: number;
  count: number;
  /** Rows the chain's pieces span across the line: its thickness. */
  low: number;
  high: number;
}

/** The picture's rules in page units: `scale` points per pixel, the picture's top left corner at (`x0`, `y0`). */
export function imageRulings(image: GrayImage, scale: number, x0 = 0, y0 = 0): Ruling[] {
  const { horizontal, vertical } = rulesOf(image, scale);
  return [
    ...horizontal.map(({ from, to, at }) => ({ x0: x0 + from * scale, y0: y0 + at * scale, x1: x0 + to * scale, y1: y0 + at * scale })),
    ...vertical.map(({ from, to, at }) => ({ x0: x0 + at * scale, y0: y0 + from * scale, x1: x0 + at * scale, y1: y0 + to * scale })),
  ].map((r) => ({ x0: round(r.x0), y0: round(r.y0), x1: round(r.x1), y1: round(r.y1) }));
}

/**
 * The picture with its rules painted out, for the recognisers (a copy; the picture itself
 * when it has none). A rule beside a line of text is read as a letter ("|", "l", "丨",
 * "「") or joins the lines either side of it into one: a column rule ran two columns'
 * lines together. Only the rule's own thin stroke goes: where a letter touches it, the ink
 * there is wider than the rule, and stays.
 */
export function withoutRules(image: GrayImage, scale: number): GrayImage {
  const long = (rule: Piece) => (rule.to - rule.from) * scale >= MIN_PAINTED_RULE;
  const rules = rulesOf(image, scale);
  const horizontal = rules.horizontal.filter(long);
  const vertical = rules.vertical.filter(long);
  if (!horizontal.length && !vertical.length) return image;
  const { width, height } = image;
  const at = (x: number, y: number) => y * width + x;
  const out = newGrayImage(width, height, image.dpi);
  out.pixels.set(image.pixels);
  const maxThickness = Math.max(2, MAX_THICKNESS / scale) + 1;
  for (const rule of horizontal) paintOut(rule, width, height, (i, across) => at(i, across), out.pixels, maxThickness);
  for (const rule of vertical) paintOut(rule, height, width, (i, across) => at(across, i), out.pixels, maxThickness);
  return out;
}

/**
 * Whitens a rule's stroke: at each position along it, the run of ink across it nearest its
 * course, when no thicker than a rule. The course follows the ink, so a rule scanned askew
 * is followed as it drifts.
 */
function paintOut(rule: Piece, length: number, breadth: number, index: (along: number, across: number) => number, pixels: Uint8Array, maxThickness: number): void {
  let course = rule.at;
  const reach = Math.ceil(maxThickness);
  for (let i = rule.from; i < Math.min(rule.to, length); i++) {
    const centre = Math.round(course);
    let hit = -1;
    for (let d = 0; d <= reach && hit < 0; d++) {
      for (const c of [centre - d, centre + d]) if (c >= 0 && c < breadth && pixels[index(i, c)] < INK) hit = c;
    }
    if (hit < 0) continue;
    let low = hit;
    let high = hit;
    while (low > 0 && pixels[index(i, low - 1)] < INK) low--;
    while (high < breadth - 1 && pixels[index(i, high + 1)] < INK) high++;
    if (high - low + 1 > maxThickness) continue;
    // The rule's antialiased edge is a pixel lighter than ink on either side: it goes too.
    for (let c = Math.max(0, low - 1); c <= Math.min(breadth - 1, high + 1); c++) pixels[index(i, c)] = 255;
    course = (low + high) / 2;
  }
}

/** The picture's rules across and down, in pixels. */
function rulesOf(image: GrayImage, scale: number): { horizontal: Piece[]; vertical: Piece[] } {
  const { width, height, pixels } = image;
  const ink = (x: number, y: number) => pixels[y * width + x] < INK;
  return { horizontal: rulesAlong(height, width, (line, i) => ink(i, line), scale), vertical: rulesAlong(width, height, (line, i) => ink(line, i), scale) };
}

/** Rules along one direction: `lines` rows of `length` pixels, `ink(line, i)` the pixel at position i of a row. */
function rulesAlong(lines: number, length: number, ink: (line: number, i: number) => boolean, scale: number): Piece[] {
  const minPiece = Math.max(4, MIN_PIECE / scale);
  const minRule = MIN_RULE / scale;
  const maxThickness = Math.max(2, MAX_THICKNESS / scale);
  let open: Chain[] = [];
  const done: Chain[] = [];
  for (let line = 0; line < lines; line++) {
    const pieces: Piece[] = [];
    for (let i = 0; i < length; ) {
      if (!ink(line, i)) {
        i++;
        continue;
      }
      const from = i;
      while (i < length && ink(line, i)) i++;
      if (i - from >= minPiece) pieces.push({ from, to: i, at: line });
    }
    const next: Chain[] = [];
    for (const p of pieces) {
      // The chain this piece continues: ended on the row before (or this one), overlapping or just short of it.
      const chain = open.find((c) => line - c.last <= 1 && p.from <= c.to + MAX_GAP_PX && p.to >= c.from - MAX_GAP_PX);
      if (chain) {
        chain.from = Math.min(chain.from, p.from);
        chain.to = Math.max(chain.to, p.to);
        chain.last = line;
        chain.sum += line;
        chain.count++;
        chain.high = line;
        if (!next.includes(chain)) next.push(chain);
      } else next.push({ from: p.from, to: p.to, last: line, sum: line, count: 1, low: line, high: line });
    }
    // Chains not continued on this row are finished.
    for (const c of open) if (!next.includes(c)) done.push(c);
    open = next;
  }
  done.push(...open);
  return done
    .filter((c) => c.to - c.from >= minRule && thickness(c) <= maxThickness + driftAllowance(c))
    .map((c) => ({ from: c.from, to: c.to, at: c.sum / c.count }));
}

/** Rows a chain spans across its length. */
const thickness = (c: Chain) => c.high - c.low + 1;
/** A rule scanned askew spans more rows than its thickness: two degrees over its length. */
const driftAllowance = (c: Chain) => Math.ceil((c.to - c.from) * 0.035);

const round = (n: number) => Math.round(n * 100) / 100;
