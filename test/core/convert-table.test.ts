// Tables in every conversion: a grid where the PDF drew one, none where the table is made
// of aligned text only (the model's `ruled` false), merged cells kept. Runs in workerd.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convertDocument } from "../../src/core/convert/index";
import type { Document } from "../../src/core/model";
import { sampleDocument } from "./convert-sample";

/** The sample document with its table marked as drawn or not drawn. */
function withRuling(ruled: boolean | undefined): Document {
  const doc = sampleDocument();
  for (const b of doc.pages[0].blocks) if (b.table) b.table.ruled = ruled;
  return doc;
}

async function part(doc: Document, target: "word" | "ppt", mode: "flow" | "layout", name: string) {
  return strFromU8(unzipSync((await convertDocument(doc, target, mode)).bytes)[name]);
}

describe("table borders follow the PDF", () => {
  for (const mode of ["flow", "layout"] as const) {
    it(`Word ${mode}: a drawn grid gets borders, aligned text none`, async () => {
      const ruled = await part(withRuling(true), "word", mode, "word/document.xml");
      expect(ruled).toMatch(/<w:tblBorders>.*<w:insideV w:val="single"/s);
      const unruled = await part(withRuling(false), "word", mode, "word/document.xml");
      expect(unruled).toMatch(/<w:tblBorders>.*<w:insideV w:val="none"/s);
      expect(unruled).not.toMatch(/<w:tblBorders>.*w:val="single".*<\/w:tblBorders>/s);
      // Merged cells either way.
      expect(unruled).toContain('<w:gridSpan w:val="2"/>');
      expect(unruled).toContain('<w:vMerge w:val="restart"/>');
    });
  }

  it("PowerPoint: a drawn grid gets cell borders, aligned text none", async () => {
    const ruled = await part(withRuling(undefined), "ppt", "layout", "ppt/slides/slide1.xml");
    expect(ruled).toMatch(/<a:lnL w="\d+"[^>]*><a:solidFill>/);
    const unruled = await part(withRuling(false), "ppt", "layout", "ppt/slides/slide1.xml");
    expect(unruled).not.toMatch(/<a:lnL w="\d+"[^>]*><a:solidFill>/);
    expect(unruled).toContain('gridSpan="2"');
  });
});
