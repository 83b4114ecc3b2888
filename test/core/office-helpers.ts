// Shared by the office-*.test.ts files: parse a corpus or crafted Office file and render it.
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats, type FeatureConfig, type OutputFormat } from "../../src/core/options";
import { MemoryImageStore } from "../../src/core/images/store";
import { renderWithImages } from "../../src/core/render/images";
import { renderParseResult } from "../../src/core/render/result";
import type { Block, Document } from "../../src/core/model";
import { corpusFile } from "../helpers/corpus";

export const features = (over: Partial<FeatureConfig> = {}): FeatureConfig => ({ ...DEFAULT_FEATURES, ...over });

export async function parseBytes(bytes: Uint8Array, name: string, over: Partial<FeatureConfig> = {}, formats: Partial<ElementFormats> = {}) {
  const doc = await parseDocument(bytes, name, { features: features(over) });
  const result = renderParseResult(doc, { outputFormats: ["markdown", "json"], elementFormats: { ...DEFAULT_ELEMENT_FORMATS, ...formats }, features: features(over) });
  return { doc, result, markdown: result.outputs.markdown ?? "", pages: result.outputs.json!.pages };
}

export const parseCorpus = async (path: string, over: Partial<FeatureConfig> = {}, formats: Partial<ElementFormats> = {}) => parseBytes(await corpusFile(path), path.split("/").pop()!, over, formats);

export const allBlocks = (doc: Document): Block[] => doc.pages.flatMap((p) => p.blocks);

/** Parses with a Map-backed image sink, as the API does with R2, and renders with img_url resolved per element_formats.image. */
export async function parseWithImages(bytes: Uint8Array, name: string, image: ElementFormats["image"] = "file", outputFormats: OutputFormat[] = ["markdown", "json"]) {
  const store = new MemoryImageStore();
  const doc = await parseDocument(bytes, name, { features: features(), images: { sink: store } });
  const result = await renderWithImages(doc, { outputFormats, elementFormats: { ...DEFAULT_ELEMENT_FORMATS, image }, features: features() }, { store, urlOf: async (ref) => `https://files.example/${ref}?sig=x` });
  return { doc, store, result, markdown: result.outputs.markdown ?? "" };
}

export const corpusWithImages = async (path: string, image: ElementFormats["image"] = "file", outputFormats?: OutputFormat[]) => parseWithImages(await corpusFile(path), path.split("/").pop()!, image, outputFormats);

export const imageBlocks = (doc: Document): Block[] => allBlocks(doc).filter((b) => b.type === "image");
