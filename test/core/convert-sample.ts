// A hand-built parsed PDF for the conversion tests: two Letter pages with a title,
// headings, styled paragraphs (bold, italic, a link, colour, a hyphenated line end), a
// nested list, a table with merged cells, hidden header/footer furniture and a paragraph
// that runs over the page break.
import type { BBox, Block, Document, Line, Span } from "../../src/core/model";

type Style = Partial<Omit<Span, "text" | "bbox">>;
const LETTER = { width: 612, height: 792 };
const LEFT = 72;

const span = (text: string, x: number, y: number, size: number, style: Style = {}): Span => ({
  text,
  bbox: [x, y, x + text.length * size * 0.5, y + size],
  fontFamily: "ABCDEF+Helvetica",
  fontSize: size,
  bold: false,
  italic: false,
  ...style,
});

/** Lines of spans starting at `y`, each line's spans side by side. */
function lines(y: number, size: number, rows: (string | [string, Style])[][], x = LEFT): Line[] {
  return rows.map((row, i) => {
    let cx = x;
    const top = y + i * size * 1.2;
    const spans = row.map((part) => {
      const [text, style] = typeof part === "string" ? [part, {}] : part;
      const s = span(text, cx, top, size, style);
      cx = s.bbox[2];
      return s;
    });
    return { bbox: [x, top, cx, top + size] as BBox, spans };
  });
}

function block(type: Block["type"], ls: Line[], text: string, extra: Partial<Block> = {}): Block {
  const bbox: BBox = [Math.min(...ls.map((l) => l.bbox[0])), ls[0].bbox[1], Math.max(...ls.map((l) => l.bbox[2])), ls[ls.length - 1].bbox[3]];
  return { type, bbox, text, lines: ls, layer: "body", source: "text-layer", ...extra };
}

const bold = (t: string): [string, Style] => [t, { bold: true, fontFamily: "ABCDEF+Helvetica-Bold" }];

export function sampleDocument(): Document {
  const page0: Block[] = [
    block("header", lines(30, 9, [["ACME Corp — Confidential"]]), "ACME Corp — Confidential", { layer: "header", hidden: true }),
    block("title", lines(72, 24, [[bold("Annual Report 2024")]]), "Annual Report 2024", { titleLevel: 1, align: "center" }),
    block("title", lines(120, 16, [[bold("1 Introduction")]]), "1 Introduction", { titleLevel: 1 }),
    block(
      "text",
      lines(146, 11, [
        ["This report covers the ", bold("most important"), " results of the year, as the docu-"],
        ["ment explains in ", ["italic words", { italic: true, fontFamily: "ABCDEF+Helvetica-Oblique" }], " and on ", ["our website", { link: "https://example.com/report", color: "#0000ff" }], "."],
      ]),
      "This report covers the most important results of the year, as the document explains in italic words and on our website.",
    ),
    block("title", lines(190, 13, [[bold("1.1 Goals")]]), "1.1 Goals", { titleLevel: 2 }),
    block("list", lines(212, 11, [["1. Grow revenue"]]), "Grow revenue", { list: { ordered: true, level: 0, marker: "1." } }),
    block("list", lines(226, 11, [["2. Cut costs"]]), "Cut costs", { list: { ordered: true, level: 0, marker: "2." } }),
    block("list", lines(240, 11, [["• in the north"]], LEFT + 18), "in the north", { list: { ordered: false, level: 1, marker: "•" } }),
    block("list", lines(254, 11, [["3. Hire"]]), "Hire", { list: { ordered: true, level: 0, marker: "3." } }),
    {
      type: "table",
      bbox: [LEFT, 280, 432, 340],
      text: "Region Q1 Q2 North 10 12 South 8 East 7 9",
      layer: "body",
      source: "text-layer",
      table: {
        columnCount: 3,
        rows: [
          [
            { text: "Region", rowSpan: 1, colSpan: 1, header: true, bbox: [72, 280, 192, 295] },
            { text: "Q1", rowSpan: 1, colSpan: 1, header: true, bbox: [192, 280, 312, 295] },
            { text: "Q2", rowSpan: 1, colSpan: 1, header: true, bbox: [312, 280, 432, 295] },
          ],
          [
            { text: "North", rowSpan: 2, colSpan: 1, bbox: [72, 295, 192, 325] },
            { text: "10", rowSpan: 1, colSpan: 1 },
            { text: "12", rowSpan: 1, colSpan: 1 },
          ],
          [{ text: "8 (both quarters)", rowSpan: 1, colSpan: 2 }],
          [
            { text: "East", rowSpan: 1, colSpan: 1 },
            { text: "7", rowSpan: 1, colSpan: 1 },
            { text: "9", rowSpan: 1, colSpan: 1 },
          ],
        ],
      },
    },
    block("text", lines(700, 11, [["The results were strong and the outlook is"]]), "The results were strong and the outlook is good for the coming year."),
    block("footer", lines(750, 9, [["1"]], 300), "1", { layer: "footer", hidden: true }),
  ];
  const page1: Block[] = [
    block("header", lines(30, 9, [["ACME Corp — Confidential"]]), "ACME Corp — Confidential", { layer: "header", hidden: true }),
    block("text", lines(72, 11, [["good for the coming year."]]), "good for the coming year.", { hidden: true, continuesFromPreviousPage: true }),
    block("title", lines(100, 16, [[bold("2 Results")]]), "2 Results", { titleLevel: 1 }),
    block(
      "text",
      lines(126, 12, [["Revenue grew by ", ["twelve percent", { color: "#c00000", fontFamily: "ABCDEF+TimesNewRomanPS-BoldMT", bold: true }], " over the"], ["previous year, ahead of plan."]], LEFT),
      "Revenue grew by twelve percent over the previous year, ahead of plan.",
      { align: "justify" },
    ),
    block("footer", lines(750, 9, [["2"]], 300), "2", { layer: "footer", hidden: true }),
  ];
  return {
    source: { fileName: "report.pdf", fileType: ".pdf", pageCount: 2 },
    pages: [
      { index: 0, ...LETTER, blocks: page0 },
      { index: 1, ...LETTER, blocks: page1 },
    ],
    warnings: [],
  };
}
