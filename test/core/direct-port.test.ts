// The channel between pdf.js's API and its worker keeps the semantics of a structured
// clone that pdf.js relies on, without structuredClone's cost.
import { describe, expect, it } from "vitest";
import { copyMessage, directPortPair } from "../../src/core/backends/pdf/direct-port";
import { openPdf } from "../../src/core/backends/pdf/open";
import { CoreError } from "../../src/core/errors";

class Glyph {
  constructor(
    public unicode: string,
    public width: number,
  ) {}
  get doubled() {
    return this.width * 2;
  }
}

describe("copyMessage", () => {
  it("gives the receiver its own copy, so the sender may reuse its arrays", () => {
    const items = [{ str: "a", transform: [1, 0, 0, 1, 5, 6] }];
    const chunk = { items, styles: Object.create(null) as Record<string, unknown> };
    chunk.styles.f1 = { fontFamily: "serif" };
    const copy = copyMessage({ chunk }, null) as { chunk: typeof chunk };
    items.length = 0;
    chunk.styles = {};
    expect(copy.chunk.items).toEqual([{ str: "a", transform: [1, 0, 0, 1, 5, 6] }]);
    expect(copy.chunk.styles).toEqual({ f1: { fontFamily: "serif" } });
  });

  it("makes class instances plain objects of their own fields, as structuredClone does", () => {
    const copy = copyMessage(new Glyph("x", 3), null);
    expect(copy).toEqual(structuredClone(new Glyph("x", 3)));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { doubled?: number }).doubled).toBeUndefined();
  });

  it("copies an object met twice once, and ends on cycles", () => {
    const glyph = new Glyph("e", 1);
    const copy = copyMessage({ args: [[glyph, glyph], [glyph]] }, null) as { args: Glyph[][] };
    expect(copy.args[0][0]).toBe(copy.args[0][1]);
    expect(copy.args[1][0]).toBe(copy.args[0][0]);
    const looped: Record<string, unknown> = { name: "loop" };
    looped.self = looped;
    const loopCopy = copyMessage(looped, null) as Record<string, unknown>;
    expect(loopCopy.self).toBe(loopCopy);
    const deep: unknown[] = [];
    deep.push(deep);
    expect(() => copyMessage(deep, null)).not.toThrow();
  });

  it("hands transferred buffers over and copies the rest", () => {
    const moved = new Uint8Array([1, 2, 3]);
    const kept = new Float32Array([4, 5]);
    const copy = copyMessage({ moved, kept }, new Set([moved.buffer])) as { moved: Uint8Array; kept: Float32Array };
    expect(copy.moved).toBe(moved);
    expect(copy.kept).not.toBe(kept);
    expect([...copy.kept]).toEqual([4, 5]);
    const buffer = new ArrayBuffer(4);
    expect(copyMessage(buffer, null)).not.toBe(buffer);
    expect(copyMessage(buffer, new Set([buffer]))).toBe(buffer);
  });

  it("keeps maps, sets and errors as structuredClone copies them, and refuses functions", () => {
    const copy = copyMessage({ m: new Map([["a", 1]]), s: new Set([2]), e: new RangeError("bad") }, null) as { m: Map<string, number>; s: Set<number>; e: Error };
    expect(copy.m.get("a")).toBe(1);
    expect(copy.s.has(2)).toBe(true);
    expect(copy.e).toBeInstanceOf(RangeError);
    expect(copy.e.message).toBe("bad");
    expect(() => copyMessage({ f: () => 1 }, null)).toThrow(TypeError);
  });
});

describe("directPortPair", () => {
  it("delivers copies to the other side only, later and in order", async () => {
    const [a, b] = directPortPair();
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.addEventListener("message", (e) => gotA.push(e.data));
    b.addEventListener("message", (e) => gotB.push(e.data));
    const sent = { n: 1 };
    a.postMessage(sent);
    a.postMessage({ n: 2 });
    expect(gotB).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(gotB).toEqual([{ n: 1 }, { n: 2 }]);
    expect(gotB[0]).not.toBe(sent);
    expect(gotA).toEqual([]);
  });

  it("stops delivering to a listener whose signal aborted, and after terminate", async () => {
    const [a, b] = directPortPair();
    const got: unknown[] = [];
    const stop = new AbortController();
    b.addEventListener("message", (e) => got.push(e.data), { signal: stop.signal });
    stop.abort();
    a.postMessage("dropped");
    await Promise.resolve();
    const late: unknown[] = [];
    b.addEventListener("message", (e) => late.push(e.data));
    b.terminate();
    a.postMessage("after terminate");
    await Promise.resolve();
    expect(got).toEqual([]);
    expect(late).toEqual([]);
  });
});

describe("pdf.js over the direct ports", () => {

  it("carries pdf.js's errors across as their kind (a damaged file stays corrupt_file)", async () => {
    const e = await openPdf(new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF")).catch((x) => x);
    expect(e).toBeInstanceOf(CoreError);
    expect(e.code).toBe("corrupt_file");
  });
});
