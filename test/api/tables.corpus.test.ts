// element_formats.table through the API: HTML by default (spans and header cells kept),
// Markdown on request (merged cells split and repeated), in the JSON blocks and the Markdown.
import { beforeAll, describe, expect, it } from "vitest";
import { createKey, corpusPdfFile, post } from "../helpers/api";

let apiKey: string;
let spanning: File;
beforeAll(async () => {
  ({ apiKey } = await createKey("tables"));
  spanning = await corpusPdfFile("tabula-java/spanning_cells.pdf");
});

const tableBlocks = (body: any) => body.data.result.outputs.json.pages.flatMap((p: any) => p.blocks.filter((b: any) => b.type === "table"));

describe("element_formats.table", () => {
  it("answers tables as HTML by default, with colspan and <th>", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: spanning });
    expect(body.code, body.message).toBe(0);
    const tables = tableBlocks(body);
    expect(tables).toHaveLength(2);
    expect(tables[0].format).toBe("html");
    expect(tables[0].content).toContain('<th colspan="6">Improved operation scenario</th>');
    expect(body.data.result.outputs.markdown).toContain("<td>Server closets</td><td>1,505</td>");
  });

  it("answers Markdown tables when asked, merged cells repeated", async () => {
    const { body } = await post("/v1/parse/sync", { api_key: apiKey, file: spanning, element_formats: JSON.stringify({ table: "markdown" }) });
    expect(body.code, body.message).toBe(0);
    const [first] = tableBlocks(body);
    expect(first.format).toBe("markdown");
    expect(first.content.split("\n")[0]).toBe(`| ${Array(6).fill("Improved operation scenario").join(" | ")} |`);
    expect(body.data.result.outputs.markdown).toContain("| Server closets | 1,505 | 1,580 | 1,643 | 1,673 | 1,689 |");
    expect(body.data.result.outputs.markdown).not.toContain("<table>");
  });
});
