// Reads the evaluation corpus: run by `npm run test:corpus`.
// Figures on real PDFs: raster images extracted where the page paints them, as the author's
// own JPEG when the PDF holds one plainly, else as PNGs of the drawn pixels; captions
// attached to figures and tables; img_url in each element format; the zip; image
// understanding behind its interface (a fake model).
import type { ImageDescriber } from "../../src/core/ports";
import { describe, expect, it } from "vitest";
import { decode as decodeJpeg } from "jpeg-js";
import { strFromU8, unzipSync } from "fflate";
import { parseDocument } from "../../src/core/pipeline";
import { pdfPageRuns } from "../../src/core/pipeline/pdf-pages";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats, type FeatureConfig, type OutputFormat } from "../../src/core/options";
import { MemoryImageStore } from "../../src/core/images/store";
import { NO_DESCRIBER } from "../../src/core/pipeline/describe";
import { documentHasImageXObjects } from "../../src/core/backends/pdf/images";
import { mayHoldFigure } from "../../src/core/processors/figure-hint";
import { openPdf } from "../../src/core/backends/pdf/open";
import { renderWithImages } from "../../src/core/render/images";
import type { Block, Document } from "../../src/core/model";
import { corpusFile } from "../helpers/corpus";

const LATEX_IMAGE = "born-digital/py-pdf-sample-files/003-pdflatex-image/pdflatex-image.pdf";
const CLASSIFICATION = "docling-testdata/pdf/picture_classification.pdf";
const SECTION = "convert-samples/p2d-demo-section.pdf";
const TEXT_ONLY = "convert-samples/p2d-demo-text.pdf";

const features = (over: Partial<FeatureConfig> = {}): FeatureConfig => ({ ...DEFAULT_FEATURES, ...over });

async function parsed(path: string, over: Partial<FeatureConfig> = {}, describer?: ImageDescriber) {
  const store = new MemoryImageStore();
  const doc = await parseDocument(await corpusFile(path), path.split("/").pop()!, { features: features(over), images: { sink: store, describer } });
  return { doc, store };
}

const blocksOf = (doc: Document, type: string): Block[] => doc.pages.flatMap((p) => p.blocks.filter((b) => b.type === type));

function renderOpts(image: ElementFormats["image"], outputFormats: OutputFormat[] = ["markdown", "json"]) {
  return { outputFormats, elementFormats: { ...DEFAULT_ELEMENT_FORMATS, image }, features: features() };
}

describe("raster images", () => {
  it("extracts the pdflatex figure where it is painted, as the author's own JPEG", async () => {
    const { doc, store } = await parsed(LATEX_IMAGE);
    const [figure, ...more] = blocksOf(doc, "image");
    expect(more).toHaveLength(0);
    // \includegraphics of a 300x200 px image at 72 dpi: 300 x 200 points, centred on the A4 text block.
    const [x0, y0, x1, y1] = figure.bbox;
    expect(x1 - x0).toBeCloseTo(300, 0);
    expect(y1 - y0).toBeCloseTo(200, 0);
    expect((x0 + x1) / 2).toBeCloseTo(doc.pages[0].width / 2, -1);
    expect(figure.image).toMatchObject({ ref: "page1-1.jpg", mime: "image/jpeg", width: 300, height: 200 });
    // pdflatex embeds the JPEG as it is: the stored picture is the author's file, byte for byte.
    expect(await store.get(figure.image!.ref)).toEqual(await corpusFile("born-digital/py-pdf-sample-files/003-pdflatex-image/image.jpg"));
  });

  it("drops inline icons and keeps the figure of a Word export", async () => {
    const { doc, store } = await parsed("convert-samples/p2d-demo-image.pdf");
    const figures = blocksOf(doc, "image");
    expect(figures).toHaveLength(1);
    expect(figures[0].image).toMatchObject({ width: 842, height: 442 });
    expect(store.images.size).toBe(1);
  });

  it("joins a picture painted as horizontal strips and keeps only the top one of two copies", async () => {
    const { doc } = await parsed("docling-testdata/pdf/redp5110_sampled.pdf");
    const onPage = (n: number) => doc.pages[n - 1].blocks.filter((b) => b.type === "image");
    // Page 7: Figure 1-2 is six strips of 558 px (80 to 86 rows each, overlapping by 2 pt): one figure.
    const [strips, ...rest] = onPage(7);
    expect(rest).toHaveLength(0);
    expect(strips.image).toMatchObject({ width: 558 });
    expect(strips.image!.height).toBeGreaterThan(450);
    expect(strips.bbox[3] - strips.bbox[1]).toBeCloseTo(683.02 - 380.18, 0);
    expect(strips.captions).toEqual(["Figure 1-2 Existing row and column controls"]);
    // Page 4: two author photos; the second is painted twice at the same place.
    expect(onPage(4).map((b) => b.image!.width)).toEqual([898, 881]);
  });

  it("cuts a picture to what its soft mask shows", async () => {
    // p2d-demo.pdf page 2: the figure is pasted on a canvas half again as wide, clear on the
    // right; its box must end inside the left column, or the page reads as one column.
    const { doc } = await parsed("convert-samples/p2d-demo.pdf");
    const [figure] = doc.pages[1].blocks.filter((b) => b.type === "image");
    expect(figure.bbox[2]).toBeLessThan(260);
    expect(figure.image!.width).toBeLessThan(2655);
    const order = doc.pages[1].blocks.filter((b) => !b.hidden).map((b) => b.text);
    const at = (start: string) => order.findIndex((t) => t.startsWith(start));
    expect(at("[13] showed")).toBeLessThan(at("the problem? To answer them"));
  });

  it("reads no drawing for images in a file that has none", async () => {
    const bytes = await corpusFile(TEXT_ONLY);
    expect(documentHasImageXObjects(bytes)).toBe(false);
    expect(documentHasImageXObjects(await corpusFile(LATEX_IMAGE))).toBe(true);
    const { doc, store } = await parsed(TEXT_ONLY);
    expect(blocksOf(doc, "image")).toHaveLength(0);
    expect(store.images.size).toBe(0);
  });

  it("looks for figures only on pages whose text leaves room for one", async () => {
    const hints = async (path: string, pages: number[]) => {
      const pdf = await openPdf(await corpusFile(path));
      try {
        const out: boolean[] = [];
        for (const n of pages) {
          const raw = await pdfPageRuns(await pdf.getPage(n));
          out.push(mayHoldFigure(raw.runs.map((r) => r.bbox), raw.width, raw.height));
        }
        return out;
      } finally {
        await pdf.loadingTask.destroy();
      }
    };
    expect(await hints(CLASSIFICATION, [1, 2])).toEqual([true, true]);
    // Two full columns of text: no empty room for an image.
    expect(await hints("born-digital/pdfjs/tracemonkey.pdf", [4])).toEqual([false]);
  });

  it("extracts nothing without an image sink (conversion, element_formats.image none)", async () => {
    const doc = await parseDocument(await corpusFile(LATEX_IMAGE), "x.pdf", { features: features() });
    expect(blocksOf(doc, "image")).toHaveLength(0);
  });
});

describe("enable_inline_image and enable_table_image", () => {
  it("puts icons inside the text line they sit on, where they are printed", async () => {
    const { doc, store } = await parsed("convert-samples/p2d-demo-image.pdf", { enable_inline_image: true });
    expect(blocksOf(doc, "image")).toHaveLength(1);
    const result = await renderWithImages(doc, { ...renderOpts("file"), features: features({ enable_inline_image: true }) }, { store });
    expect(result.outputs.markdown).toContain("Inline image like ![](images/page1-2.png) and ![](images/page1-3.png) . Automate your code review with");
    expect(result.outputs.markdown).toContain("test‑coverage checks ![](images/page1-4.png) when you need them.");
    const line = result.outputs.json!.pages[0].blocks.find((b) => b.content.startsWith("Inline image like"))!;
    expect(line.content).toBe("Inline image like and . Automate your code review with");
    // Offsets index the block's content: the text before each icon.
    expect(line.inline_images!.map((i) => [i.img_url, line.content.slice(0, i.offset).trim()])).toEqual([
      ["images/page1-2.png", "Inline image like"],
      ["images/page1-3.png", "Inline image like and"],
    ]);
  });

  it("keeps the logo inside a table cell unless enable_table_image is off", async () => {
    const logo = (doc: Document) => blocksOf(doc, "image").filter((b) => b.image!.width === 291);
    const on = (await parsed("convert-samples/p2d-demo-table.pdf")).doc;
    expect(logo(on).map((b) => b.hidden ?? false)).toEqual([false]);
    const off = (await parsed("convert-samples/p2d-demo-table.pdf", { enable_table_image: false })).doc;
    expect(logo(off).map((b) => b.hidden)).toEqual([true]);
  });
});

describe("captions", () => {
  it("attaches a figure's caption and hides the caption block", async () => {
    const { doc } = await parsed(CLASSIFICATION);
    const figures = blocksOf(doc, "image");
    expect(figures.map((f) => f.captions)).toEqual([["Figure 1: This is an example image."], ["Figure 2: This is an example image."]]);
    const captionBlocks = blocksOf(doc, "caption");
    expect(captionBlocks).toHaveLength(2);
    expect(captionBlocks.every((b) => b.hidden)).toBe(true);
    expect(blocksOf(doc, "text").some((b) => b.text.startsWith("Figure 1"))).toBe(false);
  });

  it("leaves the part names inside a figure made of several images as text", async () => {
    const { doc } = await parsed("docling-testdata/pdf/amt_handbook_sample.pdf");
    const captioned = blocksOf(doc, "image").flatMap((b) => b.captions ?? []);
    expect(captioned.sort()).toEqual(["Figure 7-26. Self-locking nuts.", "Figure 7-27. Stainless steel self-locking nut."]);
    const texts = blocksOf(doc, "text").map((b) => b.text);
    expect(texts).toContain("Elastic stop nut");
    expect(texts).toContain("Locking shoulder");
  });

  it("attaches a table's caption above it", async () => {
    const { doc } = await parsed(SECTION);
    const [table] = blocksOf(doc, "table");
    expect(table.captions).toEqual(["Table 6.1: The highlights of RRE–II coverage (till 11 March, 2010)"]);
    // The map beside the text has no caption: the table's caption is not given to it.
    expect(blocksOf(doc, "image")[0].captions ?? []).toEqual([]);
  });
});

describe("element_formats.image", () => {
  it("file: Markdown embeds ![caption](images/...) and JSON points at the same path", async () => {
    const { doc, store } = await parsed(CLASSIFICATION);
    const result = await renderWithImages(doc, renderOpts("file", ["markdown", "json", "zip"]), { store });
    expect(result.outputs.markdown).toContain("![Figure 1: This is an example image.](images/page1-1.jpg)\n\nFigure 1: This is an example image.");
    const blocks = result.outputs.json!.pages.flatMap((p) => p.blocks);
    expect(blocks.filter((b) => b.type === "image").map((b) => b.img_url)).toEqual(["images/page1-1.jpg", "images/page2-1.jpg"]);
    expect(blocks.some((b) => b.type === "caption")).toBe(false);
  });

  it("base64: a data URI of the picture, typed by its format", async () => {
    const { doc, store } = await parsed(LATEX_IMAGE);
    const result = await renderWithImages(doc, renderOpts("base64"), { store });
    const url = result.outputs.json!.pages[0].blocks.find((b) => b.type === "image")!.img_url;
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (c) => c.charCodeAt(0));
    expect(decodeJpeg(bytes)).toMatchObject({ width: 300, height: 200 });
    expect(result.outputs.markdown).toContain("](data:image/jpeg;base64,");
  });

  it("url: the adapter's link", async () => {
    const { doc, store } = await parsed(LATEX_IMAGE);
    const result = await renderWithImages(doc, renderOpts("url"), { store, urlOf: async (ref) => `https://files.example/${ref}?sig=x` });
    expect(result.outputs.json!.pages[0].blocks.find((b) => b.type === "image")!.img_url).toBe("https://files.example/page1-1.jpg?sig=x");
    expect(result.outputs.markdown).toContain("![](https://files.example/page1-1.jpg?sig=x)");
  });

  it("none: no image blocks, the captions stay as text", async () => {
    const { doc, store } = await parsed(CLASSIFICATION);
    const result = await renderWithImages(doc, renderOpts("none"), { store });
    expect(result.outputs.json!.pages.flatMap((p) => p.blocks).some((b) => b.type === "image")).toBe(false);
    expect(result.outputs.markdown).not.toContain("![");
    expect(result.outputs.markdown).toContain("Figure 2: This is an example image.");
  });
});

describe("zip", () => {
  it("holds the Markdown, every image it references and the JSON when asked", async () => {
    const { doc, store } = await parsed(CLASSIFICATION);
    const result = await renderWithImages(doc, renderOpts("file", ["zip", "json"]), { store });
    const files = unzipSync(result.zip!);
    expect(Object.keys(files).sort()).toEqual(["images/page1-1.jpg", "images/page2-1.jpg", "picture_classification.json", "picture_classification.md"]);
    const md = strFromU8(files["picture_classification.md"]);
    for (const [, path] of md.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) expect(files[path]).toBeDefined();
    expect(decodeJpeg(files["images/page2-1.jpg"])).toMatchObject({ width: 401, height: 534 });
    expect(JSON.parse(strFromU8(files["picture_classification.json"])).pages).toHaveLength(2);
  });
});

describe("enable_image_understanding", () => {
  const fake = (answer: (captions: string[]) => string): ImageDescriber & { seen: number[] } => {
    const seen: number[] = [];
    return {
      model: "fake-vision",
      seen,
      async describe(image, _mime, { captions }) {
        seen.push(image.length);
        return answer(captions);
      },
    };
  };

  it("puts the model's description on each figure, with the caption as context", async () => {
    const describer = fake((captions) => `A picture captioned ${captions[0]}`);
    const { doc, store } = await parsed(CLASSIFICATION, {}, describer);
    expect(describer.seen).toHaveLength(2);
    expect(describer.seen.every((n) => n > 1000)).toBe(true);
    const [first] = blocksOf(doc, "image");
    expect(first.image!.description).toEqual({ text: "A picture captioned Figure 1: This is an example image.", model: "fake-vision" });
    const json = (await renderWithImages(doc, renderOpts("url"), { store })).outputs.json!;
    const block = json.pages[0].blocks.find((b) => b.type === "image")!;
    expect(block.content).toBe("A picture captioned Figure 1: This is an example image.");
    expect(block.image_description).toEqual({ produced: true, model: "fake-vision" });
  });

  it("says no description was produced when there is no model, and never invents one", async () => {
    const { doc, store } = await parsed(LATEX_IMAGE);
    const [figure] = blocksOf(doc, "image");
    expect(figure.image!.description).toEqual({ reason: NO_DESCRIBER });
    const block = (await renderWithImages(doc, renderOpts("url"), { store })).outputs.json!.pages[0].blocks.find((b) => b.type === "image")!;
    expect(block.content).toBe("");
    expect(block.image_description).toEqual({ produced: false, reason: NO_DESCRIBER });
  });

  it("reports a failing model instead of a description", async () => {
    const describer: ImageDescriber = { model: "fake-vision", describe: async () => Promise.reject(new Error("model overloaded")) };
    const { doc } = await parsed(LATEX_IMAGE, {}, describer);
    expect(blocksOf(doc, "image")[0].image!.description).toEqual({ reason: "fake-vision failed: model overloaded", model: "fake-vision" });
  });

  it("asks no model when turned off", async () => {
    const describer = fake(() => "never");
    const { doc } = await parsed(LATEX_IMAGE, { enable_image_understanding: false }, describer);
    expect(describer.seen).toHaveLength(0);
    expect(blocksOf(doc, "image")[0].image!.description).toBeUndefined();
  });
});

describe("enable_image_ocr", () => {
  it("reads the text inside a PDF's pictures, line by line, and shows it with the picture", async () => {
    const { doc, store } = await parsed(CLASSIFICATION, { enable_image_ocr: true, enable_image_understanding: false });
    const [chart, map] = blocksOf(doc, "image");
    // A bar chart's axis labels and a map's title, both printed inside the pictures. (The chart's
    // smaller print reads a little differently from its JPEG's own gray than from a PNG of its
    // RGB: "(%)" or a stray "]" come and go, the axis numbers stay.)
    expect(chart.image!.text!.split(/\s+/)).toEqual(expect.arrayContaining(["100", "70", "40"]));
    expect(map.image!.text).toBe("Florida Power Plant Location Map");
    const result = await renderWithImages(doc, { ...renderOpts("file"), features: features({ enable_image_ocr: true }) }, { store });
    expect(result.outputs.markdown).toContain("> Florida Power Plant Location Map");
    const wire = result.outputs.json!.pages.flatMap((p) => p.blocks).find((b) => b.type === "image" && b.image_text === "Florida Power Plant Location Map");
    expect(wire).toBeDefined();
  }, 120_000);

  it("reads nothing when not asked to", async () => {
    const { doc } = await parsed(CLASSIFICATION, { enable_image_understanding: false });
    expect(blocksOf(doc, "image").every((b) => b.image!.text === undefined)).toBe(true);
  });
});
