// Image understanding: a description of each figure by a vision model behind this
// interface (the Worker's adapter calls Workers AI, src/tasks/image-understanding.ts).
// Without a describer, or when it fails, the figure says so in `reason`: a description is
// never invented.
import type { ImageDescriber } from "../ports";
import type { Block, ImageDescription } from "../model";

/** Figures described per document at most: each is a model call of a second or more. */
export const MAX_DESCRIBED_FIGURES = 40;

export const NO_DESCRIBER = "No image-understanding model is configured here (the Worker's AI binding is absent), so no description was produced.";

export interface DescribeBudget {
  left: number;
}

export const describeBudget = (): DescribeBudget => ({ left: MAX_DESCRIBED_FIGURES });

/** Sets `image.description` on the page's figures, whose bytes are still at hand in `bytesOf`. */
export async function describeFigures(blocks: Block[], bytesOf: Map<string, Uint8Array>, describer: ImageDescriber | undefined, budget: DescribeBudget): Promise<void> {
  for (const b of blocks) {
    if (b.type !== "image" || !b.image) continue;
    b.image.description = await describeOne(b, bytesOf.get(b.image.ref), describer, budget);
  }
}

async function describeOne(b: Block, bytes: Uint8Array | undefined, describer: ImageDescriber | undefined, budget: DescribeBudget): Promise<ImageDescription> {
  if (!describer) return { reason: NO_DESCRIBER };
  if (!bytes) return { reason: "The image's bytes were not available for description." };
  if (budget.left <= 0) return { reason: `Only the first ${MAX_DESCRIBED_FIGURES} figures of a document are described.` };
  budget.left--;
  try {
    const text = (await describer.describe(bytes, b.image!.mime, { captions: b.captions ?? [] })).trim();
    return text ? { text, model: describer.model } : { reason: `${describer.model} returned no description.`, model: describer.model };
  } catch (e) {
    return { reason: `${describer.model} failed: ${e instanceof Error ? e.message : String(e)}`, model: describer.model };
  }
}
