// A scanned PDF of a picture, as scanners write them: one page, the JPEG drawn over all of it
// as it was taken (DCTDecode, its bytes untouched), no text layer. The page is sized for the
// picture at 300 dpi.
const SCAN_DPI = 300;

/** The size and number of colour components of a baseline or progressive JPEG, from its SOF marker. */
function jpegFrame(jpeg: Uint8Array): { width: number; height: number; components: number } {
  for (let i = 2; i + 9 < jpeg.length; ) {
    if (jpeg[i] !== 0xff) throw new Error("not a JPEG");
    const marker = jpeg[i + 1];
    const length = (jpeg[i + 2] << 8) | jpeg[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (jpeg[i + 5] << 8) | jpeg[i + 6], width: (jpeg[i + 7] << 8) | jpeg[i + 8], components: jpeg[i + 9] };
    }
    i += 2 + length;
  }
  throw new Error("JPEG without a frame header");
}

export function scanPdf(jpeg: Uint8Array): Uint8Array {
  const { width, height, components } = jpegFrame(jpeg);
  const [w, h] = [(width * 72) / SCAN_DPI, (height * 72) / SCAN_DPI].map((n) => n.toFixed(2));
  const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const add = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    size += bytes.length;
  };
  const object = (n: number, body: string, stream?: Uint8Array) => {
    offsets[n] = size;
    add(`${n} 0 obj\n${body}\n`);
    if (stream) add(stream), add("\nendstream\n");
    add("endobj\n");
  };
  add("%PDF-1.4\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`);
  object(4, `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${components === 1 ? "DeviceGray" : components === 4 ? "DeviceCMYK" : "DeviceRGB"} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream`, jpeg);
  object(5, `<< /Length ${content.length} >>\nstream`, encoder.encode(`${content}`));
  const xref = size;
  add(`xref\n0 6\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}
