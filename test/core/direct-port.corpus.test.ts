// The tests of direct-port.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// The channel between pdf.js's API and its worker keeps the semantics of a structured
// clone that pdf.js relies on, without structuredClone's cost.
import { describe, expect, it } from "vitest";
import { openPdf } from "../../src/core/backends/pdf/open";
import { corpusFile } from "../helpers/corpus";

describe("pdf.js over the direct ports", () => {
  it("opens a document, reads its text and closes, document after document", async () => {
    const bytes = await corpusFile("born-digital/pdfjs/tracemonkey.pdf");
    for (let round = 0; round < 3; round++) {
      const pdf = await openPdf(bytes);
      const page = await pdf.getPage(1);
      const text = await page.getTextContent();
      expect(text.items.map((i) => ("str" in i ? i.str : "")).join("")).toContain("Trace-based Just-in-Time");
      await pdf.loadingTask.destroy();
    }
  });
});
