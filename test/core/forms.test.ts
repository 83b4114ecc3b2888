// Filled forms: the values typed into a form's fields, its ticked boxes and chosen items come
// out where they are drawn, beside their labels, marked in the JSON as filled in (a form made here: scripts/chaos/made-documents.mjs filledFormPdf).
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { renderParseResult } from "../../src/core/render/result";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../src/core/options";
import { filledFormPdf } from "../../scripts/chaos/made-documents.mjs";

async function parsedForm() {
  const doc = await parseDocument(filledFormPdf(), "form.pdf", { features: DEFAULT_FEATURES });
  return renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: DEFAULT_ELEMENT_FORMATS, features: DEFAULT_FEATURES });
}

describe("filled forms", () => {
  it("reads each value beside its label: text, ticked and unticked boxes, the chosen radio button, the chosen item", async () => {
    const markdown = (await parsedForm()).outputs.markdown!;
    expect(markdown).toContain("Name: Jane Doe");
    expect(markdown).toMatch(/☑ I agree to the terms\s+☐ Send me the newsletter/);
    expect(markdown).toContain("Colour: Blue");
    expect(markdown).toContain("◉ By post");
    expect(markdown).toContain("◯ By e-mail");
  });

  it("marks the filled values in the JSON, apart from the printed text around them", async () => {
    const blocks = (await parsedForm()).outputs.json!.pages[0].blocks;
    const name = blocks.find((b) => b.content.startsWith("Name:"))!;
    expect(name.form_values).toEqual(["Jane Doe"]);
    expect(blocks.find((b) => b.content.startsWith("Colour:"))!.form_values).toEqual(["Blue"]);
    expect(blocks.flatMap((b) => b.form_values ?? [])).toEqual(expect.arrayContaining(["☑", "☐", "◉", "◯", "REF-2026-0042"]));
    expect(blocks.find((b) => b.content.includes("I agree"))!.form_values).toEqual(["☑", "☐"]);
  });

  it("keeps a value filled into the page's margin without keep_header_footer: it is the user's, not the page's furniture", async () => {
    const json = (await parsedForm()).outputs.json!;
    expect(json.pages[0].blocks.some((b) => b.content === "REF-2026-0042" && b.type === "text")).toBe(true);
  });
});

describe("printed forms to fill in", () => {
  // test/fixtures/pdf/form-sentences.tex: a licence application whose sentences run on past blanks drawn as rules and boxes.
  async function printedForm(keep = false) {
    const { fixtureFile } = await import("../helpers/corpus");
    const features = { ...DEFAULT_FEATURES, keep_header_footer: keep };
    const doc = await parseDocument(await fixtureFile("pdf/form-sentences.pdf"), "form.pdf", { features });
    return renderParseResult(doc, { outputFormats: ["markdown"], elementFormats: DEFAULT_ELEMENT_FORMATS, features }).outputs.markdown!.replace(/\s+/g, " ");
  }

  it("reads a sentence broken by a blank to fill in as one sentence, in its order", async () => {
    const text = await printedForm();
    expect(text).toContain("I live at the address above since and I have not held a licence in the last five years.");
    expect(text).toContain("I, , declare that the information I have given on this form is true and complete, and I understand");
  });

  it("keeps the signature line and its date field, and hides only the form's foot", async () => {
    const text = await printedForm();
    expect(text).toMatch(/SIGN HERE X.*Date:/);
    expect(text).not.toContain("Page 1 of 1");
    expect(await printedForm(true)).toContain("Form FL-2 (rev. 04/2025)");
  });
});
