// Deflate and inflate for the core. fflate (pure JavaScript) runs everywhere the core
// does; a host with a native zlib hands it over with provideNativeZlib (Node and workerd
// both have `node:zlib`, the latter under nodejs_compat), and the core then uses it where
// time goes: PNG pictures deflated (2.3x faster than fflate at the same level) and PDF
// streams inflated. The core imports no runtime module itself, so it stays one code for
// the Worker, the CLI and the tests; where no zlib was handed over, the output is the same
// pixels and text, only slower to make.
import { zlibSync } from "fflate";

/** What the core needs of a native zlib: the synchronous calls of `node:zlib`. */
export interface NativeZlib {
  deflateSync(data: Uint8Array, options: { level: number }): Uint8Array;
  inflateSync(data: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
}

let native: NativeZlib | null = null;

/** The host's zlib for this isolate or process (null: back to fflate). */
export function provideNativeZlib(zlib: NativeZlib | null): void {
  native = zlib;
}

/** `data` compressed as a zlib stream (header and checksum: what a PNG's IDAT holds). */
export function zlibCompress(data: Uint8Array, level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9): Uint8Array {
  return native ? native.deflateSync(data, { level }) : zlibSync(data, { level });
}

/**
 * A zlib stream inflated natively, or undefined when there is no native zlib or it refused
 * the stream: damaged, past `maxBytes` (the limit is enforced as it inflates, so a bomb
 * stops there), or anything else. The caller then takes its own, slower path, which tells
 * these cases apart; what the native call does inflate is what any correct inflater would.
 */
export function nativeInflate(data: Uint8Array, maxBytes: number): Uint8Array | undefined {
  if (!native) return undefined;
  try {
    return native.inflateSync(data, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
}
