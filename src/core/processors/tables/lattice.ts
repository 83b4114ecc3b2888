// Ruling lines -> table grids ("lattice" tables): lines are snapped and joined, lines that
// touch form one drawing, and a drawing with crossing lines becomes a grid whose rows and
// columns are its line positions. Where a border between two grid positions is not drawn,
// the positions belong to one merged cell (row and column spans).
import type { Ruling } from "../../runs";
import type { BBox } from "../../model";

/** Parallel lines closer than this (points) are one line: double borders, rounding. */
const SNAP = 2;
/** Gaps along a line shorter than this (points) are closed: dashed rules, borders drawn cell by cell. */
const JOIN = 3;
/** A horizontal and a vertical line touch when they come this close (points). */
const TOUCH = 3;
/** No line of text fits between a column border's end and a row line closer than this (points). */
const RULE_PADDING = 6;
/** A border counts as drawn when lines cover this share of it. */
const DRAWN = 0.5;
/** Rows or columns narrower than this (points) are slivers between near-coincident lines. */
const MIN_TRACK = 4;

export interface Segment {
  pos: number;
  a: number;
  b: number;
}

export interface Lattice {
  bbox: BBox;
  xs: number[];
  ys: number[];
  cells: { r0: number; r1: number; c0: number; c1: number }[];
  /** The drawing's lines, kept so the grid can be rebuilt with rows the text adds (see ruled.ts). */
  h: Segment[];
  v: Segment[];
}

/** The same drawing with more horizontal lines: rows that the text shows but no rule draws. */
export function withRows(l: Lattice, extra: Segment[]): Lattice {
  return toLattice([...l.h, ...extra], l.v) ?? l;
}

/** The same drawing with more column borders: columns that the text shows but no rule draws. */
export function withColumns(l: Lattice, extra: Segment[]): Lattice {
  return toLattice(l.h, [...l.v, ...extra]) ?? l;
}

export function latticeGrids(rulings: Ruling[]): Lattice[] {
  const h = mergeSegments(rulings.filter((r) => r.y0 === r.y1).map((r) => ({ pos: r.y0, a: r.x0, b: r.x1 })));
  const v = mergeSegments(rulings.filter((r) => r.x0 === r.x1 && r.y0 !== r.y1).map((r) => ({ pos: r.x0, a: r.y0, b: r.y1 })));
  const out: Lattice[] = [];
  for (const comp of stacked(components(h, v))) {
    const lattice = toLattice(comp.h, comp.v);
    if (lattice) out.push(lattice);
  }
  return out;
}

/** Lines snapped to shared positions and joined where they continue one another (a rule drawn cell by cell is one rule). */
export function mergeSegments(segs: Segment[]): Segment[] {
  const sorted = [...segs].sort((s, t) => s.pos - t.pos);
  const clusters: Segment[][] = [];
  for (const s of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && s.pos - last[last.length - 1].pos <= SNAP) last.push(s);
    else clusters.push([s]);
  }
  const out: Segment[] = [];
  for (const c of clusters) {
    const pos = c.reduce((n, s) => n + s.pos, 0) / c.length;
    c.sort((s, t) => s.a - t.a);
    let cur: Segment | null = null;
    for (const s of c) {
      if (cur && s.a <= cur.b + JOIN) cur.b = Math.max(cur.b, s.b);
      else {
        if (cur) out.push(cur);
        cur = { pos, a: s.a, b: s.b };
      }
    }
    if (cur) out.push(cur);
  }
  return out;
}

/** Groups of lines that touch one another. */
function components(h: Segment[], v: Segment[]): { h: Segment[]; v: Segment[] }[] {
  const parent = [...Array(h.length + v.length).keys()];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < h.length; i++) {
    for (let j = 0; j < v.length; j++) {
      const a = h[i];
      const b = v[j];
      if (b.pos >= a.a - TOUCH && b.pos <= a.b + TOUCH && a.pos >= b.a - TOUCH && a.pos <= b.b + TOUCH) parent[find(i)] = find(h.length + j);
    }
  }
  const groups = new Map<number, { h: Segment[]; v: Segment[] }>();
  for (let i = 0; i < parent.length; i++) {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    if (i < h.length) g.h.push(h[i]);
    else g.v.push(v[i - h.length]);
    groups.set(find(i), g);
  }
  return [...groups.values()].filter((g) => g.h.length > 0 && g.v.length > 0);
}

/** Positions closer than MIN_TRACK merged (their mean kept). */
function tracks(positions: number[]): number[] {
  const sorted = [...positions].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p - last[last.length - 1] < MIN_TRACK) last.push(p);
    else out.push([p]);
  }
  return out.map((c) => c.reduce((n, p) => n + p, 0) / c.length);
}

function coverage(lines: Segment[], pos: number, a: number, b: number): number {
  let covered = 0;
  for (const l of lines) {
    if (Math.abs(l.pos - pos) > MIN_TRACK) continue;
    covered += Math.max(0, Math.min(b, l.b) - Math.max(a, l.a));
  }
  return covered / Math.max(1e-6, b - a);
}

function toLattice(drawnH: Segment[], v: Segment[]): Lattice | null {
  const x0 = Math.min(...drawnH.map((s) => s.a), ...v.map((s) => s.pos));
  const x1 = Math.max(...drawnH.map((s) => s.b), ...v.map((s) => s.pos));
  const y0 = Math.min(...v.map((s) => s.a), ...drawnH.map((s) => s.pos));
  const y1 = Math.max(...v.map((s) => s.b), ...drawnH.map((s) => s.pos));
  // The box's own edges bound the grid even when no frame is drawn around it.
  const xs = tracks([x0, x1, ...v.map((s) => s.pos)]);
  const h = [...drawnH, ...hangingBorders(drawnH, v, xs, y0, y1)];
  const ys = tracks([y0, y1, ...h.map((s) => s.pos)]);
  if (xs.length < 2 || ys.length < 2) return null;
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const parent = [...Array(rows * cols).keys()];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const join = (i: number, j: number) => (parent[find(i)] = find(j));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && coverage(v, xs[c + 1], ys[r], ys[r + 1]) < DRAWN) join(r * cols + c, r * cols + c + 1);
      if (r + 1 < rows && coverage(h, ys[r + 1], xs[c], xs[c + 1]) < DRAWN) join(r * cols + c, (r + 1) * cols + c);
    }
  }
  // Each merged group becomes the rectangle around it; overlapping rectangles merge again.
  let rects = [...groupRects(rows, cols, find)];
  for (let changed = true; changed; ) {
    changed = false;
    outer: for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i];
        const b = rects[j];
        if (a.r0 < b.r1 && b.r0 < a.r1 && a.c0 < b.c1 && b.c0 < a.c1) {
          rects[i] = { r0: Math.min(a.r0, b.r0), r1: Math.max(a.r1, b.r1), c0: Math.min(a.c0, b.c0), c1: Math.max(a.c1, b.c1) };
          rects.splice(j, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  rects = rects.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  return { bbox: [x0, y0, x1, y1], xs, ys, cells: rects, h: drawnH, v };
}

/**
 * Row borders that column borders imply by ending in mid-air. A grouped header draws its
 * sub-column borders only under the group's name ("Pre-Pawn" over "Handgun | Long Gun |
 * *Other") and no line between the two; where such a border ends away from every drawn row
 * line, the two cells beside it end there too, so the group's name gets a cell over them.
 */
function hangingBorders(h: Segment[], v: Segment[], xs: number[], y0: number, y1: number): Segment[] {
  const out: Segment[] = [];
  // A border stopping short of a row line, by less than a line of text could fill (the
  // room booktabs leaves around its rules), ends at that line.
  const touchesRowLine = (x: number, y: number) => h.some((s) => Math.abs(s.pos - y) < RULE_PADDING && x >= s.a - TOUCH && x <= s.b + TOUCH);
  for (const s of v) {
    const c = xs.findIndex((x) => Math.abs(x - s.pos) < MIN_TRACK);
    if (c <= 0 || c >= xs.length - 1) continue;
    for (const end of [s.a, s.b]) {
      if (end - y0 < MIN_TRACK || y1 - end < MIN_TRACK || touchesRowLine(s.pos, end)) continue;
      out.push({ pos: end, a: xs[c - 1], b: xs[c + 1] });
    }
  }
  return out;
}

function* groupRects(rows: number, cols: number, find: (i: number) => number) {
  const rects = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = find(r * cols + c);
      const g = rects.get(k);
      if (!g) rects.set(k, { r0: r, r1: r + 1, c0: c, c1: c + 1 });
      else {
        g.r0 = Math.min(g.r0, r);
        g.r1 = Math.max(g.r1, r + 1);
        g.c0 = Math.min(g.c0, c);
        g.c1 = Math.max(g.c1, c + 1);
      }
    }
  }
  yield* rects.values();
}

/** Drawings one over the next closer than this (points, about a line) may be one table's parts. */
const STACK_GAP = 14;

type Drawing = { h: Segment[]; v: Segment[] };

function extent(d: Drawing): { x0: number; x1: number; y0: number; y1: number } {
  return {
    x0: Math.min(...d.h.map((s) => s.a), ...d.v.map((s) => s.pos)),
    x1: Math.max(...d.h.map((s) => s.b), ...d.v.map((s) => s.pos)),
    y0: Math.min(...d.h.map((s) => s.pos), ...d.v.map((s) => s.a)),
    y1: Math.max(...d.h.map((s) => s.pos), ...d.v.map((s) => s.b)),
  };
}

/**
 * Drawings one under another, of one width, with a column rule at the same place and a
 * gap of about a line between them, as one drawing: a table whose column rules stop short
 * of its horizontal rules (booktabs leaves room around \midrule), which would otherwise
 * fall apart into a head and a body.
 */
function stacked(drawings: Drawing[]): Drawing[] {
  const out: Drawing[] = [];
  for (const d of [...drawings].sort((p, q) => extent(p).y0 - extent(q).y0)) {
    const b = extent(d);
    const above = out.find((o) => {
      const a = extent(o);
      const inner = (x: number) => x > a.x0 + SNAP && x < a.x1 - SNAP;
      const sharedRule = o.v.some((s) => inner(s.pos) && d.v.some((t) => Math.abs(t.pos - s.pos) <= SNAP));
      return Math.abs(a.x0 - b.x0) <= SNAP && Math.abs(a.x1 - b.x1) <= SNAP && b.y0 >= a.y1 - SNAP && b.y0 - a.y1 <= STACK_GAP && sharedRule;
    });
    if (above) {
      above.h.push(...d.h);
      above.v.push(...d.v);
    } else out.push({ h: [...d.h], v: [...d.v] });
  }
  return out;
}
