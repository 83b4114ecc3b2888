// Chinese set in columns, read by OCR: a script without word spaces must not make its
// gutters look like word spaces, nor its lines of prose look like a table's short cells.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/core/pipeline";
import { DEFAULT_FEATURES } from "../../src/core/options";
import { wordCount } from "../../src/core/scripts";
import { mergeAcrossPages } from "../../src/core/processors/cross-page";
import type { Block, BBox, Page } from "../../src/core/model";
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

  describe("a Chinese paragraph cut by a column or page break (enable_text_cross_page)", () => {
    const block = (text: string, bbox: BBox, lines = 2): Block => ({
      type: "text", bbox, text, layer: "body", source: "ocr",
      lines: Array.from({ length: lines }, (_, i) => ({ bbox: [bbox[0], bbox[1] + 14 * i, bbox[2], bbox[1] + 14 * i + 10] as BBox, spans: [{ text, bbox, fontFamily: "OCR", fontSize: 10, bold: false, italic: false }] })),
    });
    const page = (index: number, blocks: Block[]): Page => ({ index, width: 600, height: 800, blocks });

    it("runs on into the next column when it stops short of its sentence's end", () => {
      const cut = block("经验丰富的种植者会在箱子下面垫上砖块，还会用旧纱网搭起简易的遮", [40, 400, 280, 700], 20);
      const rest = block("阳棚。", [300, 100, 340, 110], 1);
      const next = block("更需要注意的是安全问题。", [300, 120, 540, 300], 10);
      const pages = [page(0, [cut, rest, next])];
      mergeAcrossPages(pages);
      expect(cut.text).toBe("经验丰富的种植者会在箱子下面垫上砖块，还会用旧纱网搭起简易的遮阳棚。");
      expect(rest.hidden).toBe(true);
      expect(next.hidden).toBeUndefined();
    });

    it("runs on over a page break from a comma, and not from a full stop", () => {
      const comma = block("遇到收获季节，大家会把多余的蔬菜放在楼道口的篮子里，", [40, 600, 540, 700]);
      const done = block("现在整栋楼的人都认识了。", [40, 600, 540, 700]);
      const pages = [page(0, [comma]), page(1, [block("谁需要谁就拿走。", [40, 60, 540, 80])]), page(2, [done]), page(3, [block("让绿色留得更久", [40, 60, 540, 80])])];
      mergeAcrossPages(pages);
      expect(comma.text).toBe("遇到收获季节，大家会把多余的蔬菜放在楼道口的篮子里，谁需要谁就拿走。");
      expect(pages[1].blocks[0]).toMatchObject({ hidden: true, continuesFromPreviousPage: true });
      expect(done.text).toBe("现在整栋楼的人都认识了。");
      expect(pages[3].blocks[0].hidden).toBeUndefined();
    });
  });
});
