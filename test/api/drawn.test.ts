// Pictures the renderer Worker draws, on a document made for the tests: a chemical structure
// drawn with lines comes back as a picture of it (element_formats.cs "image"), its label
// inside the picture and out of the text. drawn.corpus.test.ts has the corpus's papers.
import { beforeAll, describe, expect, it } from "vitest";
import { createKey, post } from "../helpers/api";
import { fixtureFile } from "../helpers/corpus";
import { blocksOf, ink, png } from "./drawn-helpers";

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createKey("drawn-fixtures"));
});

describe("element_formats.cs: image", () => {
  it("returns a chemical structure drawn with lines as a picture, with its atom labels inside it", async () => {
    // test/fixtures/pdf/make.py: phenol drawn with stroked bonds and an "OH" label, captioned.
    const file = new File([await fixtureFile("pdf/chemical-structure.pdf")], "chemical-structure.pdf", { type: "application/pdf" });
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file, element_formats: '{"cs":"image"}', feature_config: '{"enable_image_ocr":true}' });
    expect(body.code).toBe(0);
    const blocks = blocksOf(body.data);
    const [molecule] = blocks.filter((b: any) => b.type === "image");
    expect(molecule.captions).toEqual(["Figure 1. Phenol, drawn with lines for bonds."]);
    expect(molecule.image_text).toBe("OH");
    // The ring's strokes are inside the picture, not cut at its edges.
    const picture = await png(molecule.img_url);
    expect(ink(picture)).toBeGreaterThan(0.01);
    const column = (x: number) => Array.from({ length: picture.height }, (_, y) => picture.data[(y * picture.width + x) * picture.channels] as number);
    expect(Math.min(...column(picture.width - 1))).toBe(255);
    expect(Math.min(...column(0))).toBe(255);
    // Its label is not a paragraph of the page.
    expect(blocks.some((b: any) => b.type !== "image" && b.content.trim() === "OH")).toBe(false);
  });
});

describe("a diagram filling the page", () => {
  it("keeps its words, label by label, without enable_image_ocr: they are the text layer's, not OCR's", async () => {
    // A real page (Debian's handbook, Norwegian): a package's life drawn as a flowchart of labels.
    const file = new File([await fixtureFile("real-docs/pdfs/graphics/debian-package-lifecycle-diagram.pdf")], "lifecycle.pdf", { type: "application/pdf" });
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file });
    expect(body.code).toBe(0);
    const [diagram] = blocksOf(body.data).filter((b: any) => b.type === "image");
    const labels = (diagram.image_text as string).split("\n");
    // A label set over two lines is one, its hyphenated word whole again.
    expect(labels).toContain("binærpakke for amd64 bygget av vedlikeholderen");
    expect(labels).toContain("Testing forfremmes til “stable” av «utgivelsesadministratorene»");
    expect(body.data.result.outputs.markdown).toContain("> Debianutvikler (vedlikeholder)");
    // A shell prompt among the labels is no Markdown heading.
    expect(body.data.result.outputs.markdown).toContain("> \\# apt-get install gnome");
  });
});
