// Writes the playground's sample document, src/playground/public/playground/static/sample.pdf (committed,
// a few KB): two Letter pages in the standard Helvetica faces with a title, numbered headings,
// paragraphs, a bulleted list and a ruled table, so a first parse shows most block types.
// Run it again after changing the text: `node scripts/make-playground-sample.mjs`.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";

const out = resolve(import.meta.dirname, "../src/playground/public/playground/static/sample.pdf");

/** A PDF string literal: backslashes and brackets escaped; the bullet is WinAnsi's 0x95. */
const lit = (s) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/\u2022/g, "\\225")})`;
const text = (font, size, x, y, s) => `BT /${font} ${size} Tf ${x} ${y} Td ${lit(s)} Tj ET`;

function table(x, y, widths, rows, rowHeight = 20) {
  const ops = ["0.6 w"];
  const total = widths.reduce((a, b) => a + b, 0);
  for (let r = 0; r <= rows.length; r++) ops.push(`${x} ${y - r * rowHeight} m ${x + total} ${y - r * rowHeight} l S`);
  let cx = x;
  for (const w of [0, ...widths]) {
    cx += w;
    ops.push(`${cx} ${y} m ${cx} ${y - rows.length * rowHeight} l S`);
  }
  rows.forEach((cells, r) => {
    let left = x;
    cells.forEach((cell, i) => {
      ops.push(text(r === 0 ? "F2" : "F1", 10.5, left + 6, y - r * rowHeight - 14, cell));
      left += widths[i];
    });
  });
  return ops;
}

const page1 = [
  text("F2", 22, 72, 712, "Playground sample"),
  text("F1", 11, 72, 688, "A two-page document for trying the docparse API."),
  text("F2", 14, 72, 650, "1. What the parser finds"),
  text("F1", 11, 72, 628, "The parser reads this page into blocks: a title, headings, paragraphs, a list"),
  text("F1", 11, 72, 614, "and a table. Each block has a type, a box on the page and its place in the"),
  text("F1", 11, 72, 600, "reading order, which the playground draws over the page."),
  text("F1", 11, 84, 572, "\u2022  Markdown for reading and for language models."),
  text("F1", 11, 84, 556, "\u2022  JSON with the pages, their blocks and their boxes."),
  text("F1", 11, 84, 540, "\u2022  Word and PowerPoint files converted from the PDF."),
  text("F2", 14, 72, 500, "2. A small table"),
  ...table(72, 480, [150, 110, 110], [
    ["Output", "Endpoint", "Pages"],
    ["Markdown and JSON", "parse", "1 each"],
    ["Word document", "convert", "1 each"],
    ["PowerPoint deck", "convert", "1 each"],
  ]),
  text("F1", 11, 72, 380, "Quotas are counted in pages: every page read or converted counts once."),
].join("\n");

const page2 = [
  text("F2", 14, 72, 712, "3. The second page"),
  text("F1", 11, 72, 690, "Pages are drawn one under the other, each with its own blocks and numbers."),
  text("F1", 11, 72, 676, "Convert this file to Word or PowerPoint to get a download link."),
].join("\n");

const objects = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 6 0 R >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 7 0 R >>",
  "<< /Font << /F1 8 0 R /F2 9 0 R >> >>",
  `<< /Length ${page1.length} >>\nstream\n${page1}\nendstream`,
  `<< /Length ${page2.length} >>\nstream\n${page2}\nendstream`,
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  "<< /Title (Playground sample) /Producer (scripts/make-playground-sample.mjs) >>",
];

let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
const offsets = [];
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, "latin1"));
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, "latin1");
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
writeFileSync(out, Buffer.from(pdf, "latin1"));
console.log(`wrote ${out} (${Buffer.byteLength(pdf, "latin1")} bytes)`);
