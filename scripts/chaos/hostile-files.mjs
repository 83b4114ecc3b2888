// Hostile documents made on the spot (nothing large is committed): PDFs whose streams
// inflate far past what a worker can hold. Web APIs only, so the tests (inside workerd)
// and the chaos script (Node) build the same files.

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
