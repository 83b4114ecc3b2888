// Word files read natively (inside workerd): headings and the catalog, Word's numbering,
// merged table cells, links, foot/endnotes, text boxes, equations, headers and footers,
// pages, tracked changes and comments, pictures through the image sink.
import { describe, expect, it } from "vitest";
import { strToU8 } from "fflate";
import { MAX_OFFICE_PART_BYTES } from "../../src/core/limits";
import type { Block } from "../../src/core/model";
import { docx, hyperlinkDocx, trackedChangesDocx, wordXml } from "../fixtures/office/crafted";
import { allBlocks, imageBlocks, parseBytes, parseWithImages } from "./office-helpers";

describe("docx runs and notes", () => {
  it("keeps hyperlinks (relationship and HYPERLINK field) as Markdown links, field instructions hidden", async () => {
    const { markdown } = await parseBytes(hyperlinkDocx(), "links.docx");
    expect(markdown.trim()).toBe("See [the site](https://example.org/site) and [the field](https://example.org/field).");
  });
});

describe("docx tracked changes", () => {
  it("reads the accepted text: insertions and moves in, deletions and move origins out", async () => {
    const { doc, markdown } = await parseBytes(trackedChangesDocx(), "tracked.docx");
    expect(markdown).toContain("The cat purred loudly.");
    expect(markdown).not.toContain("slept");
    expect(markdown).not.toContain("Moved away");
    expect(markdown).toContain("Moved here");
    // The explicit page break inside "Second ... continues" ends the page after that paragraph.
    expect(doc.pages.map((p) => p.blocks.map((b) => b.text))).toEqual([["The cat purred loudly.", "Second\ncontinues"], ["Moved here"]]);
  });
});

describe("docx pictures", () => {
  it("reads floating and VML pictures, and passes an EMF through with its mime and a warning", async () => {
    const emf = Uint8Array.from([1, 0, 0, 0, 108, 0, 0, 0, 0x20, 0x45, 0x4d, 0x46]);
    const { doc, store, markdown } = await parseWithImages(picturesDocx(emf), "pictures.docx");
    expect(allBlocks(doc).map((b) => [b.type, b.captions?.[0] ?? b.text])).toEqual([
      ["text", "Before"],
      ["image", "Floating chart"],
      ["image", "Legacy logo"],
      ["text", "After"],
    ]);
    const [floating, legacy] = imageBlocks(doc);
    const size = (b: Block) => [b.bbox[2] - b.bbox[0], b.bbox[3] - b.bbox[1]].map((v) => Math.round(v * 100) / 100);
    expect(size(floating)).toEqual([100, 50]);
    expect(size(legacy)).toEqual([72, 36]);
    expect(legacy.image).toMatchObject({ ref: "page1-2.emf", mime: "image/emf" });
    expect(store.images.get("page1-2.emf")).toEqual({ bytes: emf, mime: "image/emf" });
    expect(doc.warnings.map((w) => w.code)).toEqual(["images_not_web_displayable"]);
    expect(markdown).toContain("![Floating chart](images/page1-1.png)");
  });

  it("counts a picture part against the unzip caps: one past the part cap is left out, the text stays", async () => {
    const huge = new Uint8Array(MAX_OFFICE_PART_BYTES + 1);
    const { doc, store } = await parseWithImages(picturesDocx(huge), "huge.docx");
    expect(imageBlocks(doc).map((b) => b.captions)).toEqual([["Floating chart"]]);
    expect(store.images.has("page1-1.png")).toBe(true);
    expect(allBlocks(doc).filter((b) => b.type === "text").map((b) => b.text)).toEqual(["Before", "After"]);
    expect(doc.warnings.find((w) => w.code === "images_not_extracted")!.message).toMatch(/word\/media\/logo\.emf unpacks to 24 MB/);
  });
});

/** A Word file with a floating picture (PNG) and a VML one (`legacy`, an EMF). */
function picturesDocx(legacy: Uint8Array): Uint8Array {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const run = (inner: string) => `<w:p><w:r>${inner}</w:r></w:p>`;
  const anchor = `<w:drawing><wp:anchor><wp:simplePos x="0" y="0"/><wp:extent cx="1270000" cy="635000"/><wp:docPr id="1" name="Picture 1" descr="Floating chart"/><a:graphic><a:graphicData><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="chart.png"/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPng"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
  const vml = `<w:pict><v:shape id="s1" alt="Legacy logo" style="width:72pt;height:36pt"><v:imagedata r:id="rIdEmf" o:title=""/></v:shape></w:pict>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdPng" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/chart.png"/><Relationship Id="rIdEmf" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/logo.emf"/></Relationships>`;
  return docx(wordXml(`<w:p><w:r><w:t>Before</w:t></w:r></w:p>${run(anchor)}${run(vml)}<w:p><w:r><w:t>After</w:t></w:r></w:p>`), {
    "word/_rels/document.xml.rels": strToU8(rels),
    "word/media/chart.png": png,
    "word/media/logo.emf": legacy,
  });
}
