// The decode limit of PDF streams. A compressed stream can inflate a thousandfold (a
// 1.5 MB file whose page inflates to 1.5 GB), and pdf.js grows its buffer for as long as
// the stream goes on. pdf.js's worker is patched (scripts/build-pdfjs.mjs) to stop any
// stream past MAX_DECODED_STREAM_BYTES and to note its document here; the parser then
// fails the whole document with `limit_exceeded` (no page charged) rather than answer it
// with pages silently cut short. The limits live on globalThis because the patched worker
// is generated code that runs in the same isolate and thread but imports nothing of ours.
import { CoreError } from "../../errors";
import { MAX_DECODED_STREAM_BYTES } from "../../limits";

interface DecodeLimits {
  maxStreamBytes: number;
  /** Documents (pdf.js's docId) that reached the limit, with the largest size reached. */
  hits: Map<string, number>;
}

const scope = globalThis as { __docparseDecodeLimits?: DecodeLimits };
const limits = (scope.__docparseDecodeLimits ??= { maxStreamBytes: MAX_DECODED_STREAM_BYTES, hits: new Map() });

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
