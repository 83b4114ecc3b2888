import { pdfjs } from "./core/backends/pdf/pdfjs";
export default {
  async fetch(req: Request) {
    const bytes = new Uint8Array(await req.arrayBuffer());
    const doc = await pdfjs.getDocument({ data: bytes }).promise;
    const page = await doc.getPage(1);
    const tc = await page.getTextContent();
    return Response.json({ n: doc.numPages, items: tc.items.length });
  },
} satisfies ExportedHandler;
