// Hostile and broken Office files: each gets a CoreError with a clear message (which the
// API turns into its error envelope), never a crash, a hang or an unbounded allocation.
import { describe, expect, it } from "vitest";
import { CoreError } from "../../src/core/errors";
import { MAX_OFFICE_ZIP_ENTRIES, MAX_XML_ELEMENTS } from "../../src/core/limits";
import { inspectDocument, parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { fixtureFile } from "../helpers/corpus";
import { billionLaughsDocx, bombDocx, encryptedPackageShell, deepDocx, wideDocx, lyingBombDocx, manyEntriesDocx, missingPartDocx, notAZipDocx, traversalDocx, unclosedDocx } from "../fixtures/office/crafted";

async function failure(bytes: Uint8Array, name = "bad.docx"): Promise<CoreError> {
  const e = await parseDocument(bytes, name, { features: DEFAULT_FEATURES }).catch((x) => x);
  expect(e).toBeInstanceOf(CoreError);
  // The page count taken before a task is accepted meets the same error.
  const inspected = await inspectDocument(bytes, name).catch((x) => x);
  expect(inspected).toBeInstanceOf(CoreError);
  expect(inspected.code).toBe(e.code);
  return e;
}

describe("office safety", () => {
  it("refuses a part that unpacks beyond the per-part cap (zip bomb)", async () => {
    const e = await failure(bombDocx(25));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/word\/document\.xml unpacks to 25 MB/);
  });
  it("inflates a bomb that lies about its size no further than its claim", async () => {
    const e = await failure(lyingBombDocx(25));
    expect(e.code).toBe("corrupt_file");
  });
  it("refuses too many zip entries", async () => {
    const e = await failure(manyEntriesDocx(MAX_OFFICE_ZIP_ENTRIES + 1));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/zip entries/);
  });
  it("refuses part names that climb out of the package", async () => {
    const e = await failure(traversalDocx());
    expect(e.code).toBe("corrupt_file");
    expect(e.message).toMatch(/unsafe part name/);
  });
  it("refuses DTDs, so entities cannot expand", async () => {
    const e = await failure(billionLaughsDocx());
    expect(e.code).toBe("corrupt_file");
    expect(e.message).toMatch(/DTD/);
  });
  it("refuses XML nested deeper than the limit", async () => {
    const e = await failure(deepDocx(200));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/nests elements/);
  });
  it("refuses a part with more elements than a tree may hold", async () => {
    const e = await failure(wideDocx(MAX_XML_ELEMENTS));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/more than 400000 elements/);
  });
  it("says which part is missing or malformed", async () => {
    expect((await failure(missingPartDocx())).message).toMatch(/no main document part/);
    const unclosed = await failure(unclosedDocx());
    expect(unclosed.code).toBe("corrupt_file");
    expect(unclosed.message).toMatch(/word\/document\.xml is malformed/);
  });
  it("calls an Office-looking file that is no zip corrupt", async () => {
    expect((await failure(notAZipDocx())).code).toBe("corrupt_file");
  });
  it("asks for the password of an encrypted Office package", async () => {
    const e = await failure(encryptedPackageShell(), "secret.docx");
    expect(e.code).toBe("password_protected");
  });
  it("refuses legacy binary Word and PowerPoint files, naming the formats we take", async () => {
    const ole2 = new Uint8Array(512);
    ole2.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const e = await failure(ole2, "old.ppt");
    expect(e.code).toBe("format_not_implemented");
    expect(e.message).toMatch(/\.pptx/);
  });
  it("calls a damaged Excel 97 workbook corrupt, saying what is wrong", async () => {
    const ole2 = new Uint8Array(512);
    ole2.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const e = await failure(ole2, "old.xls");
    expect(e.code).toBe("corrupt_file");
    expect(e.message).toMatch(/sector size/);
    // A real workbook cut in half: its chains run past the end.
    const whole = await fixtureFile("office/text_and_numbers.xls");
    const cut = await failure(whole.subarray(0, whole.length >> 1), "cut.xls");
    expect(cut.code).toBe("corrupt_file");
  });
});
