// A request or response body read whole, refused the moment it passes its limit, so a
// body never costs more memory than the limit whatever its sender declares.
import { concatBytes } from "../core/bytes";

/** A body read whole, refused the moment it passes `max`. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return concatBytes(chunks, total);
}
