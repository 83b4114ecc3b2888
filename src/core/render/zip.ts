// The zip output: the Markdown, every image file it references (under images/, the paths
// the Markdown uses) and the JSON pages when they were asked for.
import { strToU8, zipSync, type Zippable } from "fflate";

/** Folder of the images inside the zip, as the Markdown references them. */
export const ZIP_IMAGE_DIR = "images";

export interface ZipContents {
  baseName: string;
  markdown: string;
  images?: Record<string, Uint8Array>;
  /** The JSON output (`{pages}`), when requested. */
  json?: unknown;
}

export function buildZip({ baseName, markdown, images = {}, json }: ZipContents): Uint8Array {
  const files: Zippable = { [`${baseName}.md`]: strToU8(markdown) };
  if (json !== undefined) files[`${baseName}.json`] = strToU8(JSON.stringify(json));
  // PNGs are deflated already: stored as they are, deflating them again only costs time.
  for (const [name, bytes] of Object.entries(images)) files[`${ZIP_IMAGE_DIR}/${name}`] = [bytes, { level: 0 }];
  return zipSync(files, { level: 6 });
}
