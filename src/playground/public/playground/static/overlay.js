// The blocks of one JSON page drawn as an SVG laid over the page's picture: a box per block,
// coloured by its type (style.css), and its idx, the place it takes in the reading order.
// The SVG's user space is the page's own (page_size, bbox: [x0, y0, x1, y1] from the
// top-left corner, in PDF points for PDFs), so boxes fit whatever size the page is shown at.

const SVG = "http://www.w3.org/2000/svg";

/** Block types the stylesheet colours; anything else is drawn as "other". */
export const BLOCK_TYPES = ["title", "text", "list", "table", "image", "formula", "code", "footnote", "header", "footer"];

const typeClass = (type) => `b-${BLOCK_TYPES.includes(type) ? type : "other"}`;

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export function blockOverlay(page) {
  const { w, h } = page.page_size;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: "none", class: "overlay", role: "img", "aria-label": `blocks of page ${page.page_num + 1}` });
  // Labels scale with the page (about 11 pt on a Letter page), so they look the same on any page size.
  const size = w / 56;
  for (const block of page.blocks) {
    const [x0, y0, x1, y1] = block.bbox;
    const g = el("g", { class: `block ${typeClass(block.type)}`, "data-idx": block.idx, "data-type": block.type });
    const title = el("title", {});
    title.textContent = `${block.idx} ${block.type}${block.title_level ? ` (level ${block.title_level})` : ""}: ${String(block.content).slice(0, 160)}`;
    g.append(title, el("rect", { class: "box", x: x0, y: y0, width: Math.max(0.5, x1 - x0), height: Math.max(0.5, y1 - y0) }));
    // The number sits in a tab just left of the box's top-left corner (inside it when the box touches the page's left edge).
    const label = String(block.idx);
    const tabWidth = size * (0.35 + 0.62 * label.length);
    const tabX = x0 - tabWidth >= 0 ? x0 - tabWidth : x0;
    g.append(el("rect", { class: "tab", x: tabX, y: y0, width: tabWidth, height: size * 1.25 }));
    const text = el("text", { class: "num", x: tabX + tabWidth / 2, y: y0 + size * 0.95, "font-size": size, "text-anchor": "middle" });
    text.textContent = label;
    g.append(text);
    svg.append(g);
  }
  return svg;
}

/** The legend: a swatch for each type present in the document. */
export function legend(pages) {
  const present = new Set(pages.flatMap((p) => p.blocks.map((b) => b.type)));
  const frag = document.createDocumentFragment();
  for (const type of [...BLOCK_TYPES, ...[...present].filter((t) => !BLOCK_TYPES.includes(t))]) {
    if (!present.has(type)) continue;
    const item = document.createElement("span");
    item.className = `swatch ${typeClass(type)}`;
    item.textContent = type;
    frag.append(item);
  }
  return frag;
}
