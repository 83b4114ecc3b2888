// Excel workbooks read natively (inside workerd): a page per visible sheet, tables split at
// empty rows and columns, merged cells, values as Excel displays them, pictures on sheets.
import { describe, expect, it } from "vitest";
import { inspectDocument } from "../../src/core/pipeline";
import { fixtureFile } from "../helpers/corpus";
import { parseBytes } from "./office-helpers";

describe("xls (Excel 97-2003)", () => {
  it("is recognised by its Workbook stream, whatever its name, and counted by visible sheets", async () => {
    const bytes = await fixtureFile("office/text_and_numbers.xls");
    expect(await inspectDocument(bytes, "renamed.doc")).toEqual({ fileType: ".xls", pageCount: 3 });
    const merged = (await parseBytes(await fixtureFile("office/merge_cells.xls"), "m.xls")).doc.pages[0].blocks.find((b) => b.table)!.table!;
    expect(merged.rows[0][0]).toMatchObject({ text: "A1:B2", rowSpan: 2, colSpan: 2 });
    expect((await parseBytes(bytes, "t.xls")).doc.pages[0].blocks.flatMap((b) => b.table?.rows.flat().map((c) => c.text) ?? [])).toContain("שלום");
  });
});
