// OCR in the language a picture is written in, inside workerd: found from the page with no
// hint (Latin languages by their words, other scripts by a sample of lines read in each
// script's model), or told by the user; a script without a model here is warned of, never
// passed off as confident text. The models besides English and Chinese come as the
// processor gets them from R2 (here served from the generated models, tessdata.test).
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import type { Document } from "../../src/core/model";
import { provideOcrModels } from "../../src/core/ocr/assets";
import { fixtureFile, fixtureText } from "../helpers/corpus";
import { provideTessdataModels } from "../helpers/ocr-models";

const OCR_TIMEOUT = 180_000;
const textOf = (doc: Document) => doc.pages.flatMap((p) => p.blocks.map((b) => b.text)).join(" ");
const picture = (name: string) => fixtureFile(`ocr-languages/${name}`);
const truth = async (language: string): Promise<string> => JSON.parse(await fixtureText("ocr-languages/src/texts.json"))[language];

async function parse(name: string, ocr_languages?: string[]): Promise<Document> {
  return parseDocument(await picture(name), name, { features: { ...DEFAULT_FEATURES, ...(ocr_languages ? { ocr_languages } : {}) } });
}

describe("OCR languages", () => {
  // First: the models' availability is remembered per isolate once a page asked for them.
  it("warns of a page in a script it has no model for, and does not trust it", async () => {
    provideOcrModels(async () => undefined);
    const doc = await parse("ell-clean.png");
    expect(doc.warnings.map((w) => w.code)).toContain("ocr_script_unavailable");
    expect(doc.warnings.find((w) => w.code === "ocr_script_unavailable")?.message).toMatch(/Greek/);
    expect(doc.pages[0].reading?.confidence).toBeLessThanOrEqual(0.3);
  }, OCR_TIMEOUT);

  it("reads a French picture in French, accents and all, sent no hint", async () => {
    provideTessdataModels();
    const doc = await parse("fra-scan.jpg");
    expect(doc.pages[0].reading).toMatchObject({ languages: ["fr"], scripts: ["Latn"] });
    // English's model reads "Paques", "deposees".
    expect(textOf(doc)).toContain("Les demandes de passeport déposées avant le 15 avril");
    expect(textOf(doc)).toContain("Pâques");
  }, OCR_TIMEOUT);

  it("finds the script of a Greek scan and reads it in Greek", async () => {
    const doc = await parse("ell-scan.jpg");
    expect(doc.pages[0].reading).toMatchObject({ languages: ["el"], scripts: ["Grek"] });
    const words = (await truth("ell")).split(/\s+/).slice(0, 6).join(" ");
    expect(textOf(doc)).toContain(words);
  }, OCR_TIMEOUT);

  it("tells Japanese from Chinese by its kana", async () => {
    const doc = await parse("jpn-clean.png");
    expect(doc.pages[0].reading).toMatchObject({ languages: ["ja"], scripts: ["Jpan"] });
    expect(textOf(doc).replace(/\s/g, "")).toContain((await truth("jpn")).slice(0, 20));
  }, OCR_TIMEOUT);

  it("reads in the languages the user names, without looking for them", async () => {
    const doc = await parse("deu-clean.png", ["de"]);
    expect(doc.pages[0].reading?.languages).toEqual(["de"]);
    expect(textOf(doc)).toContain("Die Straßenbahnlinie 4 fährt wegen Bauarbeiten");
  }, OCR_TIMEOUT);
});
