// enable_image_understanding through Workers AI: a vision model describes each figure when
// the Worker has an AI binding (wrangler.toml `[ai] binding = "AI"`). Without the binding
// (local runs, tests) there is no describer, and the figures say no description was produced.
import type { ImageDescriber } from "../core/ports";
import type { WorkersAiRunner } from "../env";

/** LLaVA 1.5 on Workers AI: takes the image's bytes and a prompt, answers a description. */
export const VISION_MODEL = "@cf/llava-hf/llava-1.5-7b-hf";

/** Enough for a paragraph about a chart or a diagram; longer answers wander. */
const MAX_TOKENS = 256;
/**
 * The binding takes the image as an array of numbers, eight bytes a byte in the isolate:
 * larger files are not sent (the figure then says why it has no description).
 */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export function workersAiDescriber(ai: WorkersAiRunner | undefined): ImageDescriber | undefined {
  if (!ai) return undefined;
  return {
    model: VISION_MODEL,
    async describe(image, _mime, { captions }) {
      if (image.length > MAX_IMAGE_BYTES) throw new Error(`the image (${(image.length / 1048576).toFixed(1)} MB) is larger than the ${MAX_IMAGE_BYTES / 1048576} MB sent to the model`);
      const prompt =
        "Describe this figure from a document for a reader who cannot see it: what kind of figure it is (photo, chart, diagram, table, map, chemical structure...), " +
        "what it shows, and any numbers, labels or trends it makes visible. Be factual and concise." +
        (captions.length ? ` Its caption reads: "${captions.join(" ")}".` : "");
      const answer = (await ai.run(VISION_MODEL, { image: [...image], prompt, max_tokens: MAX_TOKENS })) as { description?: unknown };
      return typeof answer?.description === "string" ? answer.description : "";
    },
  };
}
