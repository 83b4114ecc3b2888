// Chinese set in columns, read by OCR: a script without word spaces must not make its
// gutters look like word spaces, nor its lines of prose look like a table's short cells.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { wordCount } from "../../src/core/scripts";
import { fixtureFile } from "../helpers/corpus";

describe("scripts written without spaces", () => {
  it("counts a line of Chinese prose as the words it holds, a word for every two characters", () => {
    expect(wordCount("本报讯记者周晓岚经过一年多的修缮")).toBe(8);
    expect(wordCount("GDP 同比增长 5.2%")).toBe(4);
    expect(wordCount("  two  words ")).toBe(2);
  });

  it("reads a Chinese newspaper page's two columns, a rule between them, column by column and not as a table", async () => {
    // test/fixtures/ocr-pages/zh-news-2col.png (its README): a headline over two columns of
    // 10 pt FandolSong, 200 dpi, read here by Tesseract (no PP-OCR in this isolate).
    const doc = await parseDocument(await fixtureFile("ocr-pages/zh-news-2col.png"), "news.png", { features: DEFAULT_FEATURES });
    const blocks = doc.pages[0].blocks;
    expect(blocks.map((b) => b.type)).not.toContain("table");
    const text = blocks.map((b) => b.text).join("").replace(/\s/g, "");
    // Down the left column, then the right: a paragraph running from the foot of the left column to the head of the right one reads on.
    const order = ["本报讯", "据了解", "负责施工的老师傅", "队跑遍了周边几个县", "修缮期间", "记者在现场看到"].map((s) => text.indexOf(s));
    expect(order.every((at, k) => at >= 0 && (k === 0 || at > order[k - 1])), JSON.stringify(order)).toBe(true);
  }, 180_000);
});
