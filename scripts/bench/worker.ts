// A Worker that runs the core on the PDF POSTed to it, for `npm run bench` inside workerd.
// POST /parse -> parse + render; POST /convert?to=word&mode=flow -> parse + convert.
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { convertDocument } from "../../src/core/convert/index";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { ocrMemoryBytes } from "../../src/core/ocr/engine";

const features = { ...DEFAULT_FEATURES, enable_title_level_recognition: true };

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const doc = await parseDocument(bytes, "bench.pdf", { features });
    if (url.pathname === "/convert") {
      const to = url.searchParams.get("to") === "ppt" ? "ppt" : "word";
      const mode = url.searchParams.get("mode") === "layout" ? "layout" : "flow";
      const out = await convertDocument(doc, to, mode);
      return Response.json({ pages: doc.pages.length, bytes: out.bytes.byteLength });
    }
    const result = renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features });
    return Response.json({ pages: doc.pages.length, markdown: result.outputs.markdown?.length ?? 0, ocrWasmBytes: await ocrMemoryBytes() });
  },
};
