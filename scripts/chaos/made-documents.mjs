// Documents made on the spot (nothing large is committed): PDFs whose streams inflate far
// past what a worker can hold, and scanned PDFs of any length from one page picture. Web
// APIs only, so the tests (inside workerd) and the chaos script (Node) build the same files.

/** `megabytes` MB of `fill`, deflated (zlib format, as PDF's FlateDecode wants) without holding it whole. */
async function deflated(megabytes, fill) {
  const chunk = new Uint8Array(1024 * 1024).fill(fill);
  const stream = new CompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const written = (async () => {
    for (let i = 0; i < megabytes; i++) await writer.write(chunk);
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await written;
  return out;
}

/** A one-page PDF from its objects (bodies without `n 0 obj`), with a correct cross-reference table. */
function pdfOf(objects) {
  const encoder = new TextEncoder();
  const parts = [encoder.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const pieces = typeof body === "string" ? [encoder.encode(`${i + 1} 0 obj\n${body}\nendobj\n`)] : [encoder.encode(`${i + 1} 0 obj\n${body.dict}\nstream\n`), body.data, encoder.encode("\nendstream\nendobj\n")];
    for (const p of pieces) {
      parts.push(p);
      length += p.length;
    }
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(encoder.encode(xref));
  const out = new Uint8Array(length + parts[parts.length - 1].length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A one-page letter-size PDF drawing `content` with `fonts` (font dictionaries, named /F1,
 * /F2, ... in order); `more` are objects after the fonts (numbered from 5 + fonts.length),
 * which the fonts may refer to; `catalog` and `page` are entries added to those dictionaries
 * (a form's /AcroForm, the page's /Annots).
 */
function onePagePdf(content, fonts, more = [], { catalog = "", page = "" } = {}) {
  const names = fonts.map((_, i) => `/F${i + 1} ${5 + i} 0 R`).join(" ");
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R${catalog} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${names} >> >> /Contents 4 0 R${page} >>`,
    { dict: `<< /Length ${content.length} >>`, data: new TextEncoder().encode(content) },
    ...fonts,
    ...more,
  ]);
}

/** A page whose content stream inflates to `megabytes` MB of spaces. */
export async function inflatingContentPdf(megabytes) {
  const data = await deflated(megabytes, 0x20);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    { dict: `<< /Length ${data.length} /Filter /FlateDecode >>`, data },
  ]);
}

/** A page showing a 10 x 10 picture whose stream inflates to `megabytes` MB. */
export async function inflatingImagePdf(megabytes) {
  const data = await deflated(megabytes, 0x80);
  const content = "q 200 0 0 200 100 400 cm /Im1 Do Q";
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
    { dict: `<< /Length ${content.length} >>`, data: new TextEncoder().encode(content) },
    { dict: `<< /Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${data.length} /Filter /FlateDecode >>`, data },
  ]);
}

/** Width and height of a baseline or progressive JPEG, from its frame header. */
function jpegSize(jpeg) {
  for (let i = 2; i < jpeg.length - 9; ) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1];
    const length = (jpeg[i + 2] << 8) | jpeg[i + 3];
    if (marker >= 0xc0 && marker <= 0xc2) return { height: (jpeg[i + 5] << 8) | jpeg[i + 6], width: (jpeg[i + 7] << 8) | jpeg[i + 8], components: jpeg[i + 9] };
    i += 2 + length;
  }
  return null;
}

/** A scanned PDF: `pages` letter pages, each the JPEG picture over the whole page and no text (read by OCR). */
export function scannedPdf(jpeg, pages) {
  const size = jpegSize(jpeg);
  if (!size) throw new Error("not a JPEG this reader knows");
  const content = new TextEncoder().encode("q 612 0 0 792 0 0 cm /Im1 Do Q");
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(" ");
  const pageObjects = Array.from({ length: pages }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 3 0 R >> >> /Contents ${4 + pages} 0 R >>`);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    { dict: `<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /${size.components === 1 ? "DeviceGray" : "DeviceRGB"} /BitsPerComponent 8 /Length ${jpeg.length} /Filter /DCTDecode >>`, data: jpeg },
    ...pageObjects,
    { dict: `<< /Length ${content.length} >>`, data: content },
  ]);
}

/** A page of Helvetica text whose content stream is `zlib` (FlateDecode), given as it is: damaged on purpose or not. */
export function deflatedTextPdf(zlib) {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    { dict: `<< /Length ${zlib.length} /Filter /FlateDecode >>`, data: zlib },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/**
 * A page of one line of text in Helvetica whose /ToUnicode map says what each byte of the
 * line means: `mapping` gives, for each character of `line` (single bytes), the text the
 * map names for it, as producers of CJK and Indic PDFs write them (Kangxi radicals for
 * ideographs, say).
 */
export function toUnicodeTextPdf(line, mapping) {
  return onePagePdf(`BT /F1 24 Tf 72 700 Td (${line}) Tj ET`, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>"], [toUnicodeMap(mapping)]);
}

/**
 * A page of one line of text in Helvetica with no /ToUnicode map, whose /Differences name the
 * glyph each byte of `line` draws: `names`, one per character of `line` (single bytes), as
 * fonts with variant and ligature glyphs name them (uni0E48.low, f_i).
 */
export function glyphNamesTextPdf(line, names) {
  const differences = [...line].map((c, i) => `${c.charCodeAt(0)} /${names[i]}`).join(" ");
  return onePagePdf(`BT /F1 24 Tf 72 700 Td (${line}) Tj ET`, [`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [${differences}] >> >>`]);
}

/** A /ToUnicode CMap stream naming, for single-byte codes (the keys, characters), the text each stands for. */
function toUnicodeMap(mapping) {
  const hex = (text) => [...text].map((c) => c.codePointAt(0).toString(16).padStart(4, "0")).join("");
  const entries = [...mapping].map(([byte, text]) => `<${byte.charCodeAt(0).toString(16).padStart(2, "0")}> <${hex(text)}>`);
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Made def 1 begincodespacerange <00> <FF> endcodespacerange ${entries.length} beginbfchar ${entries.join(" ")} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  return { dict: `<< /Length ${cmap.length} >>`, data: new TextEncoder().encode(cmap) };
}

/**
 * A page whose heading font has a /ToUnicode map that sends every letter to a symbol (as a
 * subset font with a private encoding reads): the heading reads as symbol soup while its
 * glyphs draw "Quarterly Report on Water Quality"; the body, in a second font, reads right.
 */
export function garbledFontPdf() {
  const heading = "Quarterly Report on Water Quality";
  const soup = "!#$%&*<=>?@^_~";
  const letters = [...new Set(heading.replace(/[^A-Za-z]/g, ""))];
  const body = [
    "The samples taken this quarter at the four river stations met every standard.",
    "Nitrate levels fell for the third quarter running after the new treatment works opened.",
    "The next report will add the two stations on the northern tributary.",
  ];
  const content = [`BT /F2 20 Tf 72 700 Td (${heading}) Tj ET`, ...body.map((line, i) => `BT /F1 11 Tf 72 ${660 - i * 16} Td (${line}) Tj ET`)].join("\n");
  return onePagePdf(content, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /ToUnicode 7 0 R >>"], [toUnicodeMap(new Map(letters.map((c, i) => [c, soup[i % soup.length]])))]);
}

/** Three lines in the standard fonts no one embeds: Symbol ("abgdp", αβγδπ), ZapfDingbats ("34 8H", ✓✔ ✘★) and Helvetica. */
export function standardSymbolFontsPdf() {
  const content = "BT /F1 18 Tf 72 700 Td (abgdp) Tj ET\nBT /F2 18 Tf 72 650 Td (34 8H) Tj ET\nBT /F3 18 Tf 72 600 Td (Plain) Tj ET";
  return onePagePdf(content, ["Symbol", "ZapfDingbats", "Helvetica"].map((font) => `<< /Type /Font /Subtype /Type1 /BaseFont /${font} >>`));
}

/**
 * A filled form: labels printed by the page, and beside them a text field holding "Jane Doe",
 * a ticked and an unticked box, a chosen radio button and an unchosen one, a choice list set
 * to "Blue", a free-text note (not read: notes want blocks of their own), and a reference
 * field in the page's top margin.
 */
export function filledFormPdf() {
  const content = [
    "BT /F1 11 Tf 72 700 Td (Name:) Tj ET",
    "BT /F1 11 Tf 92 650 Td (I agree to the terms) Tj ET",
    "BT /F1 11 Tf 92 630 Td (Send me the newsletter) Tj ET",
    "BT /F1 11 Tf 72 600 Td (Colour:) Tj ET",
    "BT /F1 11 Tf 92 570 Td (By post) Tj ET",
    "BT /F1 11 Tf 192 570 Td (By e-mail) Tj ET",
  ].join("\n");
  const widget = (entries) => `<< /Type /Annot /Subtype /Widget /P 3 0 R /DA (/Helv 11 Tf 0 g) ${entries} >>`;
  const annots = [
    widget("/FT /Tx /T (name) /V (Jane Doe) /Rect [120 696 300 712]"),
    widget("/FT /Btn /T (terms) /V /Yes /AS /Yes /Rect [72 648 84 660]"),
    widget("/FT /Btn /T (news) /V /Off /AS /Off /Rect [72 628 84 640]"),
    widget("/FT /Ch /T (colour) /V (Blue) /Opt [(Red) (Blue)] /Rect [120 596 220 612]"),
    "<< /Type /Annot /Subtype /FreeText /P 3 0 R /Contents (Checked by the clerk) /DA (/Helv 10 Tf 0 g) /Rect [72 500 300 520] >>",
    widget("/FT /Tx /T (ref) /V (REF-2026-0042) /Rect [420 760 560 776]"),
    // The two buttons of one radio group ("post" chosen): each /AS names its own state.
    `<< /FT /Btn /Ff 49152 /T (way) /V /post /Kids [13 0 R 14 0 R] >>`,
    "<< /Type /Annot /Subtype /Widget /P 3 0 R /Parent 12 0 R /AS /post /AP << /N << /post 15 0 R /Off 15 0 R >> >> /Rect [72 568 84 580] >>",
    "<< /Type /Annot /Subtype /Widget /P 3 0 R /Parent 12 0 R /AS /Off /AP << /N << /mail 15 0 R /Off 15 0 R >> >> /Rect [172 568 184 580] >>",
  ];
  return onePagePdf(content, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"], [...annots, { dict: "<< /Type /XObject /Subtype /Form /BBox [0 0 12 12] /Length 0 >>", data: new Uint8Array() }], {
    catalog: " /AcroForm << /Fields [6 0 R 7 0 R 8 0 R 9 0 R 11 0 R 12 0 R] /DA (/Helv 11 Tf 0 g) >>",
    page: " /Annots [6 0 R 7 0 R 8 0 R 9 0 R 10 0 R 11 0 R 13 0 R 14 0 R]",
  });
}

/**
 * A page an annotator wrote on: a free-text note drawn beside a heading, a stamp whose
 * appearance is drawn at half its size (its /BBox mapped onto a smaller /Rect) and turned by
 * its /Matrix, a free-text note without an appearance (viewers draw its /Contents), a note
 * drawn over its own printed copy, and a hidden note no viewer shows.
 */
export function annotatedPdf() {
  const content = [
    "BT /F1 16 Tf 72 700 Td (Abstract) Tj ET",
    "BT /F1 11 Tf 72 670 Td (The body of the page, printed by its own content stream.) Tj ET",
    "BT /F1 11 Tf 72 600 Td (Total due 42.00) Tj ET",
  ].join("\n");
  const encoder = new TextEncoder();
  const form = (bbox, text, more = "") => ({ dict: `<< /Type /XObject /Subtype /Form /BBox [${bbox}] /Resources << /Font << /Helv 5 0 R >> >>${more} /Length ${text.length} >>`, data: encoder.encode(text) });
  const note = (rect, ap, more = "") => `<< /Type /Annot /Subtype /FreeText /P 3 0 R /DA (/Helv 10 Tf 0 g) /Rect [${rect}] /AP << /N ${ap} 0 R >>${more} >>`;
  return onePagePdf(content, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"], [
    note("200 698 300 714", 11),
    // The stamp's form is 200 x 60 with its words at 24 pt, turned a quarter turn by its matrix, and drawn into a 30 x 100 rectangle: words of 12 pt reading up the page.
    "<< /Type /Annot /Subtype /Stamp /P 3 0 R /Rect [500 300 530 400] /AP << /N 12 0 R >> >>",
    "<< /Type /Annot /Subtype /FreeText /P 3 0 R /DA (/Helv 10 Tf 0 g) /Rect [72 500 300 520] /Contents (Checked by the clerk) >>",
    note("72 596 200 612", 13),
    note("72 400 300 420", 14, " /F 2"),
    form("0 0 100 16", "BT /Helv 10 Tf 2 4 Td (Reviewed by J. Doe) Tj ET"),
    form("0 0 200 60", "BT /Helv 24 Tf 10 20 Td (APPROVED) Tj ET", " /Matrix [0 1 -1 0 0 0]"),
    form("0 0 128 16", "BT /Helv 11 Tf 0 4 Td (Total due 42.00) Tj ET"),
    form("0 0 228 20", "BT /Helv 10 Tf 2 4 Td (Do not show this) Tj ET"),
  ], { page: " /Annots [6 0 R 7 0 R 8 0 R 9 0 R 10 0 R]" });
}

/**
 * A page of pictures, two to a row, each painted 200 x 150 points and apart from the others.
 * Each is an image XObject: `entries`, its dictionary past /Type, /Subtype and /Length
 * ("/Width 640 /Height 480 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode"),
 * `data` its stream, and optionally `smask`, a soft mask given the same way.
 */
export function picturesPdf(pictures) {
  const image = (entries, data, more = "") => ({ dict: `<< /Type /XObject /Subtype /Image ${entries}${more} /Length ${data.length} >>`, data });
  const content = pictures.map((_, i) => `q 200 0 0 150 ${50 + (i % 2) * 270} ${560 - Math.floor(i / 2) * 200} cm /Im${i + 1} Do Q`).join("\n");
  const objects = [];
  const names = [];
  for (const [i, p] of pictures.entries()) {
    const at = 5 + objects.length;
    names.push(`/Im${i + 1} ${at} 0 R`);
    objects.push(image(p.entries, p.data, p.smask ? ` /SMask ${at + 1} 0 R` : ""));
    if (p.smask) objects.push(image(p.smask.entries, p.smask.data));
  }
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << ${names.join(" ")} >> >> /Contents 4 0 R >>`,
    { dict: `<< /Length ${content.length} >>`, data: new TextEncoder().encode(content) },
    ...objects,
  ]);
}
