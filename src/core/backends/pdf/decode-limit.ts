// The decode limit of PDF streams. A compressed stream can inflate a thousandfold (a
// 1.5 MB file whose page inflates to 1.5 GB), and pdf.js grows its buffer for as long as
// the stream goes on, and the runtime's DecompressionStream (which pdf.js prefers for
// zlib) inflates all it is given at once. pdf.js's worker is patched (scripts/build-pdfjs.mjs)
// to inflate zlib streams here (natively where the host gave a zlib, src/core/zlib.ts, else
// with fflate, slice by slice), to stop any stream past
// MAX_DECODED_STREAM_BYTES and to note its document here; the parser then
// fails the whole document with `limit_exceeded` (no page charged) rather than answer it
// with pages silently cut short. The limits live on globalThis because the patched worker
// is generated code that runs in the same isolate and thread but imports nothing of ours.
import { Unzlib } from "fflate";
import { concatBytes } from "../../bytes";
import { CoreError } from "../../errors";
import { MAX_DECODED_STREAM_BYTES } from "../../limits";
import { nativeInflate } from "../../zlib";

interface DecodeLimits {
  maxStreamBytes: number;
  /** Documents (pdf.js's docId) that reached the limit, with the largest size reached. */
  hits: Map<string, number>;
  /** What pdf.js inflates zlib streams with (instead of the runtime's DecompressionStream). */
  inflate: (zlib: Uint8Array) => Uint8Array | null | "limit";
}

/** Compressed bytes handed to the inflater at a time: deflate expands 1032:1 at most, so one slice adds at most 16 MB. */
const INFLATE_SLICE_BYTES = 16 * 1024;

/**
 * A zlib stream inflated slice by slice, stopped as soon as its output passes the limit:
 * "limit" then, null when the stream is damaged (pdf.js's own decoder gets it, which
 * recovers what it can), else the bytes.
 */
function inflateWithinLimit(zlib: Uint8Array): Uint8Array | null | "limit" {
  // The host's zlib, when it has one, stops at the limit itself; whatever it refuses (a bomb,
  // a damaged stream) is read again below, where the two are told apart.
  const inflated = nativeInflate(zlib, MAX_DECODED_STREAM_BYTES);
  if (inflated) return inflated;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > MAX_DECODED_STREAM_BYTES) over = true;
    else chunks.push(chunk);
  });
  try {
    for (let at = 0; at < zlib.length && !over; at += INFLATE_SLICE_BYTES) inflater.push(zlib.subarray(at, at + INFLATE_SLICE_BYTES), at + INFLATE_SLICE_BYTES >= zlib.length);
  } catch {
    return null;
  }
  return over ? "limit" : concatBytes(chunks, total);
}

const scope = globalThis as { __docparseDecodeLimits?: DecodeLimits };
const limits = (scope.__docparseDecodeLimits ??= { maxStreamBytes: MAX_DECODED_STREAM_BYTES, hits: new Map(), inflate: inflateWithinLimit });

/** Throws `limit_exceeded` if a stream of the document reached the decode limit. */
export function checkDecodeLimit(docId: string): void {
  if (!limits.hits.has(docId) && !limits.hits.has("unknown")) return;
  limits.hits.delete("unknown");
  throw new CoreError(
    "limit_exceeded",
    `The PDF holds a compressed stream that inflates past ${MAX_DECODED_STREAM_BYTES / 1048576} MB (a decompression bomb, or content far larger than any page needs); it cannot be processed.`,
  );
}

/** The document is closed: its record goes. */
export function forgetDecodeLimit(docId: string): void {
  limits.hits.delete(docId);
}
