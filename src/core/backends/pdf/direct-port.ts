// The channel between pdf.js's API and its worker, both on this thread (workerd has no Web
// Workers, and one isolate parses one document at a time anyway).
//
// pdf.js's own fake worker sends every message through `structuredClone`, which in V8
// serialises the whole message to bytes and back: for the text layer and the operator
// lists that is about 15% of a parse. This pair of ports copies the message with a plain
// recursive copy instead (several times faster on pdf.js's messages: many small objects
// and arrays), with the semantics of a structured clone that pdf.js relies on: the
// receiver gets its own copy, so the sender may reuse its arrays after posting (it does),
// and transferred buffers are handed over rather than copied.

type Listener = (event: { data: unknown }) => void;

/** Nesting past which a message is not one of pdf.js's usual shapes (theirs stay under ten). */
const MAX_PLAIN_DEPTH = 100;

/** One end of the pair: what pdf.js's MessageHandler needs of a port. */
export class DirectPort {
  #listeners = new Map<Listener, (() => void) | null>();
  #delivery = Promise.resolve();
  peer: DirectPort | null = null;

  postMessage(message: unknown, transfer?: unknown[]): void {
    const event = { data: copyMessage(message, transfer ? new Set<unknown>(transfer) : null) };
    const peer = this.peer;
    // Asynchronous and in order, as a real port delivers.
    this.#delivery.then(() => peer?.deliver(event));
  }

  deliver(event: { data: unknown }): void {
    for (const listener of this.#listeners.keys()) listener.call(this, event);
  }

  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal } | null): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    let unsubscribe: (() => void) | null = null;
    if (signal) {
      const onAbort = () => this.removeEventListener(_type, listener);
      signal.addEventListener("abort", onAbort);
      unsubscribe = () => signal.removeEventListener("abort", onAbort);
    }
    this.#listeners.set(listener, unsubscribe);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const unsubscribe of this.#listeners.values()) unsubscribe?.();
    this.#listeners.clear();
    this.peer = null;
  }
}

/** Two connected ports: one for the API side, one for the worker side. */
export function directPortPair(): [DirectPort, DirectPort] {
  const a = new DirectPort();
  const b = new DirectPort();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

/**
 * A structured clone of what pdf.js posts: plain objects (class instances become plain
 * objects, as structuredClone makes them), arrays, typed arrays and buffers (copied unless
 * their buffer is transferred), anything else by `structuredClone` itself. An object met
 * twice is copied once, as structuredClone does: pdf.js repeats one glyph object for every
 * occurrence of a character in an operator list. Arrays are not looked up (most are small
 * number arrays, met once); a message nested deeper than any of pdf.js's is handed to
 * structuredClone, so even a cycle through arrays ends.
 */
export function copyMessage(message: unknown, transfer: Set<unknown> | null): unknown {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== "object") {
      if (typeof value === "function" || typeof value === "symbol") throw new TypeError(`${typeof value} values cannot be posted to pdf.js's worker`);
      return value;
    }
    if (depth > MAX_PLAIN_DEPTH) return structuredClone(value);
    if (Array.isArray(value)) {
      const out = new Array(value.length);
      for (let i = 0; i < value.length; i++) out[i] = copy(value[i], depth + 1);
      return out;
    }
    const seen = copies.get(value);
    if (seen !== undefined) return seen;
    let out: unknown;
    if (ArrayBuffer.isView(value)) {
      if (transfer?.has(value.buffer)) out = value;
      else out = value instanceof DataView ? new DataView(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)) : (value as unknown as { slice(): unknown }).slice();
    } else if (value instanceof ArrayBuffer) {
      out = transfer?.has(value) ? value : value.slice(0);
    } else if (value instanceof Map || value instanceof Set || value instanceof Date || value instanceof RegExp || value instanceof Error) {
      out = structuredClone(value);
    } else {
      const fields: Record<string, unknown> = {};
      copies.set(value, fields);
      for (const key of Object.keys(value)) fields[key] = copy((value as Record<string, unknown>)[key], depth + 1);
      return fields;
    }
    copies.set(value, out);
    return out;
  };
  return copy(message, 0);
}
