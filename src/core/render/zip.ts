// The zip output: the Markdown and (once images are extracted) the image files it references.
import { strToU8, zipSync } from "fflate";

export function buildZip(markdownName: string, markdown: string, images: Record<string, Uint8Array> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = { [markdownName]: strToU8(markdown) };
  for (const [name, bytes] of Object.entries(images)) files[`images/${name}`] = bytes;
  return zipSync(files, { level: 6 });
}
