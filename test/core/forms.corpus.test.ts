// Forms of the corpus filled in by their authors (py-pdf sample files): the values come out
// beside their labels, and unfilled boxes as empty boxes. forms.test.ts has a form made here.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { corpusFile } from "../helpers/corpus";

async function markdownOf(path: string) {
  const doc = await parseDocument(await corpusFile(path), path, { features: DEFAULT_FEATURES });
  return renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES }).outputs.markdown!;
}

describe("filled forms of the corpus", () => {
  it("reads LibreOffice's form with the names typed into it and its unticked boxes", async () => {
    const markdown = await markdownOf("born-digital/py-pdf-sample-files/012-libreoffice-form/libreoffice-form.pdf");
    expect(markdown).toContain("First Name Alice");
    expect(markdown).toContain("Bob");
    expect(markdown).toContain("◯ Female ◯ Male");
    expect(markdown).toMatch(/☐ Agree to privacy policy\s+☐ Other/);
  });

  it("reads pdflatex's form: an empty field stays empty, an unticked box shows as one", async () => {
    const markdown = await markdownOf("born-digital/py-pdf-sample-files/010-pdflatex-forms/pdflatex-forms.pdf");
    expect(markdown.trim().split("\n\n")[0]).toBe("Name");
    expect(markdown).toContain("Check ☐");
  });
});
