// Office speed for `npm run bench`: pages (Word pages, slides, sheets) per second and peak
// live heap, on the corpus's Office files (each parsed repeatedly, totals per format) and
// on three large files generated here so the figures mean something at scale: a 300-page
// Word document (headings, paragraphs, numbered lists, a table per page, explicit page
// breaks), a 200-slide presentation, a 20-sheet workbook of 10,000 cells a sheet.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const rels = (items: [string, string, string][]) =>
  strToU8(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join("")}</Relationships>`);
const types = (main: string): [Uint8Array, { level: 0 }] => [strToU8(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="application/xml"/></Types>`), { level: 0 }];

function bigDocx(pages: number): Uint8Array {
  const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`;
  const p = (text: string, pPr = "") => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const body: string[] = [];
  for (let i = 0; i < pages; i++) {
    body.push(p(`Chapter ${i + 1}`, `<w:pStyle w:val="Heading1"/>${i ? "<w:pageBreakBefore/>" : ""}`));
    for (let k = 0; k < 8; k++) body.push(p(`Paragraph ${k + 1} of page ${i + 1}: the quick brown fox jumps over the lazy dog, again and again, until the line wraps at least twice on a page.`));
    for (let k = 0; k < 4; k++) body.push(p(`Item ${k + 1}`, `<w:numPr><w:ilvl w:val="${k % 2}"/><w:numId w:val="1"/></w:numPr>`));
    body.push(`<w:tbl>${[0, 1, 2, 3].map((r) => `<w:tr>${[0, 1, 2].map((c) => `<w:tc>${p(`r${r}c${c}`)}</w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`);
  }
  const numbering = `<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1.%2)"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
  const styles = `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`;
  return zipSync({
    "[Content_Types].xml": types("word/document.xml"),
    "_rels/.rels": rels([["rId1", "officeDocument", "word/document.xml"]]),
    "word/document.xml": strToU8(`<w:document ${W}><w:body>${body.join("")}</w:body></w:document>`),
    "word/_rels/document.xml.rels": rels([["rId1", "numbering", "numbering.xml"], ["rId2", "styles", "styles.xml"]]),
    "word/numbering.xml": strToU8(numbering),
    "word/styles.xml": strToU8(styles),
  });
}

function bigPptx(slides: number): Uint8Array {
  const P = `xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}"`;
  const sp = (id: number, y: number, ph: string, paras: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="500000" y="${y}"/><a:ext cx="8000000" cy="1000000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${paras.map((t, i) => `<a:p><a:pPr lvl="${i % 2}"/><a:r><a:t>${t}</a:t></a:r></a:p>`).join("")}</p:txBody></p:sp>`;
  const files: Zippable = {
    "[Content_Types].xml": types("ppt/presentation.xml"),
    "_rels/.rels": rels([["rId1", "officeDocument", "ppt/presentation.xml"]]),
    "ppt/presentation.xml": strToU8(`<p:presentation ${P}><p:sldIdLst>${Array.from({ length: slides }, (_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join("")}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`),
    "ppt/_rels/presentation.xml.rels": rels(Array.from({ length: slides }, (_, i) => [`rId${i + 1}`, "slide", `slides/slide${i + 1}.xml`] as [string, string, string])),
  };
  for (let i = 0; i < slides; i++) {
    const tree = sp(2, 300000, `<p:ph type="title"/>`, [`Slide ${i + 1}`]) + sp(3, 1500000, `<p:ph idx="1"/>`, Array.from({ length: 6 }, (_, k) => `Point ${k + 1} of slide ${i + 1}`));
    files[`ppt/slides/slide${i + 1}.xml`] = strToU8(`<p:sld ${P}><p:cSld><p:spTree>${tree}</p:spTree></p:cSld></p:sld>`);
  }
  return zipSync(files);
}

function bigXlsx(sheets: number, rows: number, cols: number): Uint8Array {
  const S = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"`;
  const col = (c: number) => String.fromCharCode(65 + c);
  const files: Zippable = {
    "[Content_Types].xml": types("xl/workbook.xml"),
    "_rels/.rels": rels([["rId1", "officeDocument", "xl/workbook.xml"]]),
    "xl/workbook.xml": strToU8(`<workbook ${S}><sheets>${Array.from({ length: sheets }, (_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": rels([...Array.from({ length: sheets }, (_, i) => [`rId${i + 1}`, "worksheet", `worksheets/sheet${i + 1}.xml`] as [string, string, string]), ["rIdS", "styles", "styles.xml"]]),
    "xl/styles.xml": strToU8(`<styleSheet ${S}><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`),
  };
  for (let s = 0; s < sheets; s++) {
    const data: string[] = [];
    for (let r = 0; r < rows; r++) data.push(`<row r="${r + 1}">${Array.from({ length: cols }, (_, c) => `<c r="${col(c)}${r + 1}" s="1"><v>${(r * cols + c) * 1.5}</v></c>`).join("")}</row>`);
    files[`xl/worksheets/sheet${s + 1}.xml`] = strToU8(`<worksheet ${S}><sheetData>${data.join("")}</sheetData></worksheet>`);
  }
  return zipSync(files);
}

const liveHeap = (gc: () => void) => {
  gc();
  return process.memoryUsage().heapUsed;
};

export async function officeBench(corpus: string, gc: () => void): Promise<void> {
  console.log("\n| office input | pages | seconds | pages/s | live heap after parse, above baseline (MB) |");
  console.log("|---|---|---|---|---|");
  const generated: [string, Uint8Array][] = [
    ["generated-300p.docx", bigDocx(300)],
    ["generated-200-slides.pptx", bigPptx(200)],
    ["generated-20-sheets.xlsx", bigXlsx(20, 1000, 10)],
  ];
  for (const [name, bytes] of generated) {
    const base = liveHeap(gc);
    const t = performance.now();
    const doc = await parseDocument(bytes, name, { features });
    const s = (performance.now() - t) / 1000;
    const heap = (liveHeap(gc) - base) / 1024 / 1024;
    console.log(`| ${name} (${(bytes.length / 1024).toFixed(0)} KB) | ${doc.pages.length} | ${s.toFixed(2)} | ${(doc.pages.length / s).toFixed(1)} | ${heap.toFixed(1)} |`);
  }
  for (const kind of ["docx", "pptx", "xlsx"]) {
    const files = readdirSync(join(corpus, "docling-testdata", kind)).filter((f) => f.endsWith(`.${kind}`)).map((f) => join(corpus, "docling-testdata", kind, f));
    const bytes = files.map((f) => new Uint8Array(readFileSync(f)));
    let pages = 0;
    const t = performance.now();
    // Several rounds, so the figure is not the JIT warming up.
    for (let round = 0; round < 5; round++) for (const [i, b] of bytes.entries()) pages += (await parseDocument(b, files[i], { features })).pages.length;
    const s = (performance.now() - t) / 1000;
    console.log(`| corpus docling-testdata/${kind} (${files.length} files x 5) | ${pages} | ${s.toFixed(2)} | ${(pages / s).toFixed(1)} | - |`);
  }
}
