// Tables as HTML (spans kept, header cells as <th>) or Markdown (spans split into
// independent cells repeating the content, as the API promises), or as their drawn picture.
import type { Block, Table } from "../model";
import type { RenderOptions } from "../options";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function tableHtml(t: Table): string {
  const rows = t.rows.map((row) => {
    const cells = row.map((c) => {
      const tag = c.header ? "th" : "td";
      const span = `${c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ""}${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ""}`;
      return `<${tag}${span}>${esc(c.text)}</${tag}>`;
    });
    return `<tr>${cells.join("")}</tr>`;
  });
  return `<table>${rows.join("")}</table>`;
}

/** The table as a full grid, each spanning cell's text repeated in every position it covers. */
export function expandedGrid(t: Table): string[][] {
  const grid: string[][] = [];
  t.rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of row) {
      while (grid[r][c] !== undefined) c++;
      for (let dr = 0; dr < cell.rowSpan; dr++) {
        for (let dc = 0; dc < cell.colSpan; dc++) {
          (grid[r + dr] ??= [])[c + dc] = cell.text;
        }
      }
      c += cell.colSpan;
    }
  });
  return grid;
}

/** A GitHub-style Markdown table over the expanded grid (Markdown has no spans). */
export function tableMarkdown(t: Table): string {
  const grid = flattenedHead(t, expandedGrid(t));
  const width = Math.max(t.columnCount, ...grid.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => (cells[i] ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ")).join(" | ")} |`;
  const [head = [], ...body] = grid;
  return [line(head), `| ${Array(width).fill("---").join(" | ")} |`, ...body.map(line)].join("\n");
}

/**
 * A head of several rows as one row of Markdown (which has room for one): each column's
 * headings top to bottom joined with " / " ("Coronary heart disease / Rate"), a heading
 * that spans rows said once. A title over every column stays a row of its own above.
 */
function flattenedHead(t: Table, grid: string[][]): string[][] {
  let depth = 0;
  while (depth < t.rows.length - 1 && t.rows[depth].length && t.rows[depth].every((c) => c.header || !c.text)) depth++;
  const title = (r: number) => t.rows[r].length === 1 && t.rows[r][0].colSpan >= t.columnCount;
  let start = 0;
  while (start < depth && title(start)) start++;
  if (depth - start < 2) return grid;
  const width = Math.max(...grid.slice(start, depth).map((r) => r.length));
  const head = Array.from({ length: width }, (_, c) => {
    const names = grid.slice(start, depth).map((r) => r[c] ?? "").filter(Boolean);
    return names.filter((n, i) => n !== names[i - 1]).join(" / ");
  });
  return [...grid.slice(0, start), head, ...grid.slice(depth)];
}

/** element_formats.table "image": the table's picture, when it was drawn (else the table comes as HTML). */
export function tablePictureSource(b: Block, opts: RenderOptions): string | undefined {
  return opts.elementFormats.table === "image" && b.table?.image ? opts.imageSources?.get(b.table.image.ref) : undefined;
}
