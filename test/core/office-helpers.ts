// Shared by the office-*.test.ts files: parse a corpus or crafted Office file and render it.
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats, type FeatureConfig } from "../../src/core/options";
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
