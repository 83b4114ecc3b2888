// pdf.js asks for binary resources (CMaps today) through a factory it constructs itself;
// this one answers from the bundle, so CJK text reads the same in a Worker, in Node and in
// tests, with no file system and no network.
import { PACKED_CMAPS } from "./cmaps.generated";

/** Any URL with a trailing slash: pdf.js only asks for resources of kinds whose URL is set. */
export const BUNDLED_CMAP_URL = "bundled:/cmaps/";

const decoded = new Map<string, Uint8Array>();

function packedCMap(name: string): Uint8Array {
  let bytes = decoded.get(name);
  if (!bytes) {
    const base64 = PACKED_CMAPS[name];
    if (base64 === undefined) throw new Error(`No CMap named ${name}`);
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    decoded.set(name, bytes);
  }
  return bytes;
}

/** The shape pdf.js's `BinaryDataFactory` option expects: constructed with the URLs, asked by kind and file name. */
export class BundledBinaryData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    if (kind === "cMapUrl" && filename.endsWith(".bcmap")) return packedCMap(filename.slice(0, -".bcmap".length));
    // Standard font programs and image decoders are not bundled: pdf.js falls back
    // (built-in metrics for the standard fonts) and says so in a warning.
    throw new Error(`${kind} ${filename} is not bundled`);
  }
}
