// The parsing core on real documents, run inside workerd (the production runtime).
import { describe, expect, it } from "vitest";
import { detectFileType } from "../../src/core/pipeline/detect";
import { CoreError } from "../../src/core/errors";
import { inspectDocument, parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES, type FeatureConfig } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";
import type { Block } from "../../src/core/model";

const features = (over: Partial<FeatureConfig> = {}): FeatureConfig => ({ ...DEFAULT_FEATURES, ...over });

describe("detect", () => {
  it("recognises files by content, not by name", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(detectFileType(png, "report.pdf")).toBe(".png");
    expect(detectFileType(new TextEncoder().encode("%PDF-1.4\n"), "scan.jpg")).toBe(".pdf");
    expect(detectFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "x")).toBe(".jpg");
    expect(() => detectFileType(new TextEncoder().encode("hello"), "x.pdf")).toThrow(CoreError);
  });
});

describe("inspect", () => {
  it("calls a damaged PDF corrupt", async () => {
    const e = await inspectDocument(new TextEncoder().encode("%PDF-1.4\ngarbage"), "x.pdf").catch((x) => x);
    expect(e).toBeInstanceOf(CoreError);
    expect(e.code).toBe("corrupt_file");
  });
  it("asks for the password of a protected PDF, opens one protected by an owner password only", async () => {
    const e = await inspectDocument(await fixtureFile("password-secret.pdf"), "x.pdf").catch((x) => x);
    expect(e.code).toBe("password_protected");
    expect(e.message).toMatch(/password/);
    expect((await inspectDocument(await fixtureFile("encrypted-no-user-password.pdf"), "x.pdf")).pageCount).toBe(1);
  });
});

describe("parse", () => {

  it("takes an item number for a list marker, and a person's initial for the name it is", async () => {
    const { markLists } = await import("../../src/core/processors/lists");
    const text = (t: string): Block => ({ type: "text", bbox: [72, 0, 300, 10], text: t, layer: "body", source: "text-layer" });
    const blocks = ["a. first point", "(B) second point", "IV) fourth point", "S. Carberry, S. Elzer, and S. Demir, “Information graphics”", "V. Kolmogorov and Y. Boykov"].map(text);
    markLists([{ index: 0, width: 600, height: 800, blocks }]);
    expect(blocks.map((b) => [b.type, b.list?.marker ?? null, b.text])).toEqual([
      ["list", "a.", "first point"],
      ["list", "(B)", "second point"],
      ["list", "IV)", "fourth point"],
      ["text", null, "S. Carberry, S. Elzer, and S. Demir, “Information graphics”"],
      ["text", null, "V. Kolmogorov and Y. Boykov"],
    ]);
  });

  it("reads damaged and unusual files: broken cross-references, pages of no size or poster size, /Rotate, a missing font", async () => {
    const parse = async (name: string) => parseDocument(await fixtureFile(name), name, { features: features() });
    const broken = await parse("pdf/broken-xref.pdf");
    expect(broken.pages[0].blocks[0].text).toMatch(/^Line 1 of a page .* Line 5 of a page whose cross-reference table is wrong\.$/);
    const odd = await parse("pdf/odd-pages.pdf");
    const texts = odd.pages.map((p) => p.blocks.map((b) => b.text).join(" "));
    expect(texts).toEqual(["On a page of no size", "A poster of two hundred inches", "Rotated a quarter turn, this line reads upwards on screen", "A missing font still gives its text"]);
    expect(odd.pages[0].width).toBeGreaterThan(0); // a zero-size MediaBox falls back to a default page
    expect([odd.pages[1].width, odd.pages[1].height]).toEqual([14400, 14400]);
    // /Rotate 90 turns this horizontal line to run down the screen (whatever its words say):
    // the page is turned a quarter back (270 clockwise) to read it.
    expect([odd.pages[2].width, odd.pages[2].height, odd.pages[2].turned]).toEqual([612, 792, 270]);
    for (const page of odd.pages) for (const b of page.blocks) expect(b.bbox[2] <= page.width && b.bbox[3] <= page.height).toBe(true);
    expect(odd.warnings).toEqual([]);
  });
});
